/** Time zone that dates and times of the feeds are shown in: the market is in England. */
export const DISPLAY_TIME_ZONE = 'Europe/London';

/** How a status change is shown: 'Draft → Submitted', or the one status that is known. */
export const statusChangeText = (before: string | null, after: string | null): string | undefined => {
  if (before !== null && after !== null) return before === after ? undefined : `${before} → ${after}`;
  if (after !== null) return `→ ${after}`;
  return undefined;
};
