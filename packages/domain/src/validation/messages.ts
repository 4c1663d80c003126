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
  pastDate: 'Cannot be in the past',
  invalidEmail: 'Not a valid email address',
  invalidPhone: 'Not a valid phone number',
  passwordsDoNotMatch: 'Passwords do not match',
  afterStartDate: 'Must be after start date',
  reserveRecommended: 'The recommended range is 10% to 20%',
  provideImportFile: 'Provide at least one file to import from',
  correctErrors: 'Correct the errors before you can save',
  tooLong: 'Must be at most {n} characters',
  nulCharacter: 'Must not contain NUL characters',
  atLeastOneYear: 'Must be at least 1 year',
  atMostThirtyYears: 'Cannot exceed 30 years',
  gainRequired: 'Required',
  onlyNutrientService: 'Only Nitrogen or Phosphorous allowed',
  reasonOrReport: 'Must provide a reason or a report, or both',
  afterDateReviewed: 'Cannot be after date reviewed',
  beforeDateAssessed: 'Cannot be before date assessed',
  chooseStandard: 'Must choose a standard',
  fixIssues: 'Fix the above issues before trying again',
  indicateOngoingOnly: 'Please indicate if only ongoing units would be acceptable',
  betweenZeroAndOne: 'Must be between 0 and 1',
  habitatTypeRequired: 'Habitat type is required for high and very high distinctiveness',
} as const;

/** The exact non-blocking warnings of SPEC section 5 (markets, projects, project groups, requirements). */
export const WARNINGS = {
  notRegisteredSupplier: 'Not registered as a supplier in any open market rounds',
  notRegisteredBuyerOrInvestor: 'Not registered as a buyer or investor in any open market rounds',
  noProjectGroups: 'No project groups are available for this project',
  noProjectsToAdd: 'There are no projects available to add to this group',
  incompatibleProjectType:
    'Not compatible with the current project service, choosing this will remove the service',
  noRoundsForProjectGroups: 'No market rounds in which project groups may be created',
  noProjectsForGroup: 'No projects applicable for selected group type and market round',
  requirementTypeChange: 'Changing type will remove all data from the credit requirement',
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
