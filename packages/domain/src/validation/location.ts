import { optionalText } from './rules.ts';

/** The messages of the location rules. */
export const LOCATION_MESSAGES = {
  gridReference: 'Enter an OS grid reference: two letters then 2 to 10 digits, e.g. SU 12345 67890',
  threeWords: 'Enter a three-word address: three words joined by dots, e.g. ///filled.count.soap',
} as const;

/**
 * An Ordnance Survey grid reference: the two letters of a 100 km square, then an even number of digits (2 to 10,
 * eastings then northings); spaces anywhere, either case ('SU 12345 67890', 'su1267').
 */
const GRID_REFERENCE_PATTERN = /^[A-Z]{2}(?:\d{2}){1,5}$/i;

/** Whether a text is an OS grid reference (spaces ignored). */
const isGridReference = (text: string): boolean => GRID_REFERENCE_PATTERN.test(text.replace(/\s+/g, ''));

/** A three-word address: three words of letters joined by dots, with or without the leading '///'. */
const THREE_WORDS_PATTERN = /^(?:\/\/\/)?\p{L}+\.\p{L}+\.\p{L}+$/u;

/** Whether a text is a three-word address ('///filled.count.soap' or 'filled.count.soap'). */
const isThreeWordAddress = (text: string): boolean => THREE_WORDS_PATTERN.test(text.trim());

/** An optional OS grid reference: blank is absent; anything else must be one. Kept as typed (trimmed). */
export const optionalGridReference = () =>
  optionalText(64).refine((value) => value === undefined || isGridReference(value), {
    error: LOCATION_MESSAGES.gridReference,
  });

/** An optional three-word address: blank is absent; anything else must be one. Kept as typed (trimmed). */
export const optionalThreeWords = () =>
  optionalText(64).refine((value) => value === undefined || isThreeWordAddress(value), {
    error: LOCATION_MESSAGES.threeWords,
  });
