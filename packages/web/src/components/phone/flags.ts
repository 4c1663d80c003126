// Each flag is a file of the app's own build (country-flag-icons' SVGs), fetched from our origin only when
// shown: no third-party CDN, and the flags stay out of the JavaScript.
const FLAG_FILES = import.meta.glob<string>('../../../../../node_modules/country-flag-icons/3x2/*.svg', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

const FLAGS = new Map(
  Object.entries(FLAG_FILES).map(([path, url]) => [
    path.slice(path.lastIndexOf('/') + 1, -'.svg'.length),
    url,
  ]),
);

/** The address of a country's flag image (`'GB'`), or undefined when there is none. */
export const flagUrl = (countryCode: string): string | undefined => FLAGS.get(countryCode.toUpperCase());
