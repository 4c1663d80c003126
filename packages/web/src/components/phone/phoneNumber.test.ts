import { describe, expect, it } from 'vitest';
import { flagUrl } from './flags.ts';
import { entryOfValue, PHONE_COUNTRIES, readPhone, textForCountry, typedPhoneText } from './phoneNumber.ts';

describe('readPhone', () => {
  it.each([
    ['07700900555', 'GB', 'GB', '+447700900555'],
    ['07700 900555', 'GB', 'GB', '+447700900555'],
    ['7700 900555', 'GB', 'GB', '+447700900555'],
    ['07700 900103', 'GB', 'GB', '+447700900103'],
    ['+447700900555', 'GB', 'GB', '+447700900555'],
    ['+44 7700 900555', 'FR', 'GB', '+447700900555'],
    ['+33 1 23 45 67 89', 'GB', 'FR', '+33123456789'],
    ['0033 1 23 45 67 89', 'GB', 'FR', '+33123456789'],
    ['01 23 45 67 89', 'FR', 'FR', '+33123456789'],
    ['+1 201 555 0123', 'GB', 'US', '+12015550123'],
    ['+44 7700 900555', 'JE', 'JE', '+447700900555'],
    ['12', 'GB', 'GB', '+4412'],
    ['+44 123', 'GB', 'GB', '+44123'],
    ['', 'GB', 'GB', ''],
    ['  ', 'FR', 'FR', ''],
  ] as const)('%j typed with %s chosen: %s, %s', (text, chosen, country, value) => {
    expect(readPhone(text, chosen)).toEqual({ country, value });
  });

  it('never changes the digits typed, only drops the trunk 0', () => {
    for (const text of ['07700900555', '0770090055', '077009005555', '+4407700900555']) {
      const { value } = readPhone(text, 'GB');
      expect(value.replace(/\D/g, '')).toBe(`44${text.replace(/\D/g, '').replace(/^(44)?0/, '')}`);
    }
  });
});

describe('entryOfValue', () => {
  it.each([
    ['+447700900555', 'GB', '07700 900555'],
    ['+33123456789', 'FR', '01 23 45 67 89'],
    ['', 'GB', ''],
    [undefined, 'GB', ''],
  ] as const)('shows %j as %s %j', (value, country, text) => {
    expect(entryOfValue(value)).toEqual({ country, text });
  });

  it('reads back what it shows as the same number', () => {
    for (const value of ['+447700900555', '+33123456789', '+12015550123', '+35312345678']) {
      const { country, text } = entryOfValue(value);
      expect(readPhone(text, country).value).toBe(value);
    }
  });
});

describe('typedPhoneText', () => {
  it.each([
    ['07700 900555', '07700 900555'],
    ['+44 (0) 7700-900555', '+44 (0) 7700-900555'],
    ['tel: +44 7700', '+44 7700'],
    ['077a00', '07700'],
    ['44+7700', '447700'],
  ])('%j -> %j', (typed, kept) => {
    expect(typedPhoneText(typed)).toBe(kept);
  });
});

describe('textForCountry', () => {
  it('drops the calling code of an international number when another country is chosen', () => {
    expect(textForCountry('+33 1 23 45 67 89', 'DE')).toBe('1 23 45 67 89');
    expect(textForCountry('+44 7700 900555', 'GB')).toBe('+44 7700 900555');
    expect(textForCountry('07700 900555', 'FR')).toBe('07700 900555');
  });
});

describe('the country list', () => {
  it('has the United Kingdom first, once, then countries A-Z with their dial codes', () => {
    expect(PHONE_COUNTRIES[0]).toEqual({ code: 'GB', name: 'United Kingdom', dialCode: '44' });
    expect(PHONE_COUNTRIES.filter((country) => country.code === 'GB')).toHaveLength(1);
    expect(PHONE_COUNTRIES.find((country) => country.code === 'FR')).toEqual({
      code: 'FR',
      name: 'France',
      dialCode: '33',
    });
    const rest = PHONE_COUNTRIES.slice(1).map((country) => country.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en-GB')));
  });

  it('has a flag of our own for every country', () => {
    const missing = PHONE_COUNTRIES.filter((country) => flagUrl(country.code) === undefined);
    expect(missing.map((country) => country.code)).toEqual([]);
    expect(flagUrl('GB')).toMatch(/GB\.svg/);
    expect(flagUrl('GB')).not.toMatch(/^https?:/);
  });
});
