/** Where the colour scheme the app last chose is kept, for colour-scheme.js to apply before the first paint. */
const SCHEME_HINT_KEY = 'curlew.colourScheme';

/** The colour scheme the app last chose, if storage holds one. */
export const readSchemeHint = (): 'light' | 'dark' | undefined => {
  try {
    const hint = window.localStorage.getItem(SCHEME_HINT_KEY);
    return hint === 'light' || hint === 'dark' ? hint : undefined;
  } catch {
    return undefined;
  }
};

/** Keeps the scheme for the next page load. */
export const writeSchemeHint = (scheme: 'light' | 'dark'): void => {
  try {
    window.localStorage.setItem(SCHEME_HINT_KEY, scheme);
  } catch {
    // Without storage the next load starts dark, as it did before.
  }
};
