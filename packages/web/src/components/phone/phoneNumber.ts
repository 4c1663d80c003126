import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/min/metadata';

/** A country of the phone input's list. */
export interface PhoneCountry {
  code: CountryCode;
  name: string;
  /** The country calling code, digits only ('44'). */
  dialCode: string;
}

/** The country a blank phone number starts with (SPEC 9). */
const DEFAULT_PHONE_COUNTRY: CountryCode = 'GB';

const regionNames = new Intl.DisplayNames(['en-GB'], { type: 'region' });

const allCountries: PhoneCountry[] = getCountries().map((code) => ({
  code,
  name: regionNames.of(code) ?? code,
  dialCode: getCountryCallingCode(code),
}));

/** Every country with a numbering plan: the United Kingdom first as the only preferred country (SPEC 9), then A-Z. */
export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  ...allCountries.filter((country) => country.code === DEFAULT_PHONE_COUNTRY),
  ...allCountries
    .filter((country) => country.code !== DEFAULT_PHONE_COUNTRY)
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB')),
];

/** The list entry of a country code. */
export const phoneCountry = (code: CountryCode): PhoneCountry =>
  PHONE_COUNTRIES.find((country) => country.code === code) ?? {
    code,
    name: code,
    dialCode: getCountryCallingCode(code),
  };

/** What the number box shows and which country is chosen. */
export interface PhoneEntry {
  country: CountryCode;
  text: string;
}

/** What a person typed, and the country and stored number it means. */
export interface PhoneReading {
  country: CountryCode;
  /** The number in E.164 form (`+447700900555`), or '' when no digit was typed. */
  value: string;
}

const INTERNATIONAL_PREFIX = /^\s*(\+|00)/;

/** Keeps what a phone number may hold: digits, spaces, brackets, dashes and one leading plus. */
export const typedPhoneText = (text: string): string => {
  const kept = text.replace(/[^\d\s()+-]/g, '');
  const rest = kept.replace(/\+/g, '');
  return /^\s*\+/.test(kept) ? `+${rest.trimStart()}` : rest;
};

/** The countries of a calling code, the main one first (`'44'` -> GB, GG, IM, JE). */
const countriesOfCallingCode = (callingCode: string): readonly CountryCode[] =>
  (metadata.country_calling_codes[callingCode] ?? []) as CountryCode[];

/**
 * Reads what a person typed in the number box with `country` chosen. A national number ('07700 900555') is the
 * chosen country's (its trunk 0 dropped: +447700900555); an international one ('+33 1 23 45 67 89', or with 00)
 * carries its own calling code, which chooses the country (the chosen one stays when it shares the code). The
 * digits are never changed: a number too short to parse is kept whole behind the calling code, so that
 * validation refuses it.
 */
export function readPhone(text: string, country: CountryCode): PhoneReading {
  const digits = text.replace(/\D/g, '');
  if (digits === '') return { country, value: '' };
  if (!INTERNATIONAL_PREFIX.test(text)) {
    const parsed = parsePhoneNumberFromString(text, country);
    return { country, value: parsed?.number ?? `+${getCountryCallingCode(country)}${digits}` };
  }
  const international = `+${text.replace(INTERNATIONAL_PREFIX, '').replace(/\D/g, '')}`;
  const typing = new AsYouType();
  typing.input(international);
  const callingCode = typing.getCallingCode();
  if (callingCode === undefined) return { country, value: international };
  const chosen =
    getCountryCallingCode(country) === callingCode
      ? country
      : (typing.getCountry() ?? countriesOfCallingCode(callingCode)[0] ?? country);
  const parsed = parsePhoneNumberFromString(international);
  return { country: chosen, value: parsed?.number ?? international };
}

/** What the phone input shows for a stored number: its country and its national form ('07700 900555'). */
export function entryOfValue(value: string | undefined): PhoneEntry {
  if (value === undefined || value === '') return { country: DEFAULT_PHONE_COUNTRY, text: '' };
  const parsed = parsePhoneNumberFromString(value);
  if (parsed === undefined) return { country: DEFAULT_PHONE_COUNTRY, text: value };
  const country = parsed.country ?? countriesOfCallingCode(parsed.countryCallingCode)[0];
  if (country === undefined) return { country: DEFAULT_PHONE_COUNTRY, text: value };
  return { country, text: parsed.formatNational() };
}

/**
 * The number box after the person chose another country: an international number loses its calling code (the
 * country button now says it), a national one is kept as typed.
 */
export function textForCountry(text: string, country: CountryCode): string {
  if (!INTERNATIONAL_PREFIX.test(text)) return text;
  const typing = new AsYouType();
  typing.input(`+${text.replace(INTERNATIONAL_PREFIX, '').replace(/\D/g, '')}`);
  const callingCode = typing.getCallingCode();
  if (callingCode === undefined || callingCode === getCountryCallingCode(country)) return text;
  const afterPrefix = text.replace(INTERNATIONAL_PREFIX, '');
  let skipped = 0;
  let index = 0;
  while (index < afterPrefix.length && skipped < callingCode.length) {
    if (/\d/.test(afterPrefix.charAt(index))) skipped++;
    index++;
  }
  return afterPrefix.slice(index).trimStart();
}
