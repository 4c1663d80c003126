/** The value below which `fraction` (0.95 for p95) of the measurements fall: nearest rank; NaN for none. */
export const percentile = (values: readonly number[], fraction: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? Number.NaN;
};
