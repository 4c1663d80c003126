import { isPossiblePhoneNumber } from 'libphonenumber-js/min';
import { PHONE_PATTERN } from './patterns.ts';

/** Spaces, brackets and dashes people type inside a phone number; the stored number has none. */
export const stripPhoneSeparators = (value: string): string => value.replace(/[\s()-]/g, '');

/**
 * Whether a number (separators already stripped) is a phone number: SPEC 5's shape (+, a 1-3 digit country
 * code, 4-14 digits) and a length its country's numbering plan allows, so '+44 123' is refused. The leading
 * digits are not checked against the plan's number types: that would refuse Ofcom's drama range
 * (07700 900xxx), which people use on purpose.
 */
export const isPhoneNumber = (value: string): boolean =>
  PHONE_PATTERN.test(value) && isPossiblePhoneNumber(value);
