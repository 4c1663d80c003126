/** Builds a membership guard for a vocabulary, e.g. `isProjectStatus(value)`. */
export const memberOf =
  <const T extends readonly string[]>(values: T) =>
  (value: unknown): value is T[number] =>
    typeof value === 'string' && (values as readonly string[]).includes(value);
