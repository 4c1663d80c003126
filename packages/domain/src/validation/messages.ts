/** The exact validation messages of SPEC section 5 (and the length and NUL rules); every form and the server use these strings. */
export const MESSAGES = {
  required: 'Field required',
  mustAgree: 'Must be agreed to',
  mustConfirm: 'Must be confirmed',
  emptyArray: 'Empty array',
  nonNegative: 'Value must be 0 or more',
  positive: 'Value must be greater than 0',
  invalidDate: 'Not a valid date',
  futureDate: 'Cannot be in the future',
  invalidEmail: 'Not a valid email address',
  invalidPhone: 'Not a valid phone number',
  passwordsDoNotMatch: 'Passwords do not match',
  afterStartDate: 'Must be after start date',
  reserveRecommended: 'The recommended range is 10% to 20%',
  provideImportFile: 'Provide at least one file to import from',
  correctErrors: 'Correct the errors before you can save',
  tooLong: 'Must be at most {n} characters',
  nulCharacter: 'Must not contain NUL characters',
} as const;

/** 'Must be at most {n} characters': a text longer than its field allows. */
export const tooLongMessage = (n: number): string => MESSAGES.tooLong.replace('{n}', String(n));

/**
 * The longest text each kind of field accepts. Every string the shared rules build is bounded, so no request
 * can store or log megabytes through an ordinary field.
 */
export const LENGTH_LIMITS = {
  /** Names of organisations, projects, markets and reference data; usernames. */
  name: 200,
  /** A person's display name or contact name. */
  displayName: 100,
  /** An e-mail address (RFC 5321's limit on a forward path). */
  email: 254,
  /** Codes, identifiers and other short tokens. */
  code: 64,
  /** Free text: descriptions, reasons, notes, mailing addresses. */
  text: 2000,
  /** The plain text of a rich-text comment. */
  richText: 20_000,
  /** The serialised JSON of a rich-text comment (formatting takes many characters per letter). */
  richTextJson: 200_000,
} as const;

/** Whether a text holds a NUL character, which no text field accepts (PostgreSQL cannot store it). */
export const hasNulCharacter = (value: string): boolean => value.includes('\u0000');

/** '{n}% is not valid for the credit reserve' (SPEC 5). */
export const reserveInvalidMessage = (n: number): string => `${n}% is not valid for the credit reserve`;
