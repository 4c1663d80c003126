/** Turns a vocabulary identifier into a sentence-case label: 'OpenForBidsAndOffers' -> 'Open for bids and offers'. */
export const sentenceCase = (identifier: string): string => {
  const words = identifier.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? [identifier];
  return words
    .map((word, index) => {
      const isAcronym = word.length > 1 && word === word.toUpperCase();
      if (index === 0) return word.charAt(0).toUpperCase() + word.slice(1);
      return isAcronym ? word : word.toLowerCase();
    })
    .join(' ');
};

/** Labels for every value of a vocabulary: sentence case unless the spec names a label (overrides). */
export const labelsOf = <const T extends readonly string[]>(
  values: T,
  overrides: Partial<Record<T[number], string>> = {},
): Readonly<Record<T[number], string>> => {
  const named: Partial<Record<T[number], string>> = overrides;
  return Object.fromEntries(
    values.map((value) => [value, named[value as T[number]] ?? sentenceCase(value)]),
  ) as Record<T[number], string>;
};
