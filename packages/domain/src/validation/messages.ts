/** The exact validation messages of SPEC section 5; every form and the server use these strings. */
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
} as const;

/** '{n}% is not valid for the credit reserve' (SPEC 5). */
export const reserveInvalidMessage = (n: number): string => `${n}% is not valid for the credit reserve`;
