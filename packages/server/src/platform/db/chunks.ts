/** A statement's parameters at most: PostgreSQL refuses more than 65,535 in one statement. */
const ROWS_PER_STATEMENT = 1000;

/** Splits a list into runs of at most `size` items, in order (none for an empty list). */
export function chunksOf<T>(items: readonly T[], size: number = ROWS_PER_STATEMENT): T[][] {
  if (!(size >= 1)) throw new Error('A chunk holds at least one item');
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
