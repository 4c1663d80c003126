import { type CustomFlagImage, defaultCountries, parseCountry } from 'react-international-phone';

const REGIONAL_INDICATOR_A = 0x1f1e6;

/** The flag emoji of a two-letter country code ('gb' -> the Union flag). */
export const flagEmoji = (iso2: string): string =>
  String.fromCodePoint(
    ...[...iso2.toUpperCase()].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65),
  );

const flagImage = (iso2: string): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><text x="12" y="19" font-size="19" text-anchor="middle">${flagEmoji(iso2)}</text></svg>`,
  )}`;

/**
 * A flag for every country the phone input knows, drawn from the system's emoji as inline SVG: the phone input
 * would otherwise fetch each flag from a public CDN (a privacy leak, and nothing loads without internet).
 */
export const PHONE_FLAGS: CustomFlagImage[] = defaultCountries.map((country) => {
  const { iso2 } = parseCountry(country);
  return { iso2, src: flagImage(iso2) };
});
