import { z } from 'zod';
import { defineAction } from '../forms/action.ts';
import type { FieldDefinition, FormGroup } from '../forms/fields.ts';
import { isDateText, isMissing, withRules } from '../forms/refine.ts';
import { agreedValue, choicesValue, isoDateValue, optionalFileValue } from '../forms/rules.ts';
import { OPTION_SOURCES } from '../refdata/refdata.sources.ts';
import { MESSAGES } from '../validation/messages.ts';
import { reservePercentage, reserveWarning } from '../validation/reserve.ts';
import { confirmed, requiredText } from '../validation/rules.ts';
import { CSV_UPLOAD_EXTENSIONS } from '../vocab/constants.ts';
import { CREDIT_TYPE_LABELS, CREDIT_TYPES } from '../vocab/credits.ts';
import {
  BIDDER_TYPE_LABELS,
  BIDDER_TYPES,
  type BidderType,
  DECLARATION_CATEGORIES,
  DECLARATION_CATEGORY_LABELS,
  type DeclarationCategory,
  REGISTRATION_PERIODS,
  RESERVE_APPLIES_TO,
  RESERVE_APPLIES_TO_LABELS,
  type RegistrationPeriod,
} from '../vocab/market.ts';
import { PARTICIPATION_CAPACITIES, type ParticipationCapacity } from '../vocab/statuses.ts';
import {
  bidderTypeSchema,
  creditTypeSchema,
  participationCapacitySchema,
  reserveAppliesToSchema,
} from '../vocab/vocab.schemas.ts';
import { declarationsShape } from './declarations.ts';
import { ROUND_STATUSES_OPEN_FOR_REGISTRATION } from './market-round.ts';
import { ROUND_ENTITY } from './round.actions.ts';
import { optionsOf } from './round.fields.ts';
import {
  ROUND_IMPORT_DATA_STATUSES,
  ROUND_RECORD_PARTICIPANT_STATUSES,
  ROUND_RESERVE_STATUSES,
  ROUND_SETUP_STATUSES,
} from './round.lifecycle.ts';

/** Labels of the registration windows. */
export const REGISTRATION_PERIOD_LABELS = {
  suppliers: 'Supplier registration',
  buyers: 'Buyer and investor registration',
  projects: 'Project registration',
  requirements: 'Credit requirement registration',
} as const satisfies Record<RegistrationPeriod, string>;

const periodFields = REGISTRATION_PERIODS.flatMap((period) => [
  { id: `${period}.start`, type: 'Date', label: 'Start' },
  { id: `${period}.end`, type: 'Date', label: 'End' },
]) satisfies FieldDefinition[];

const periodGroups: FormGroup[] = REGISTRATION_PERIODS.map((period) => ({
  id: period,
  label: REGISTRATION_PERIOD_LABELS[period],
  collapsible: false,
  fieldIds: [`${period}.start`, `${period}.end`],
}));

const dateRange = () =>
  z.preprocess((value) => value ?? {}, z.object({ start: isoDateValue(), end: isoDateValue() }));

/** The registration windows of a round: each an ISO start and end date, the end after the start. */
const registrationDatesInput = withRules(
  z.object({
    suppliers: dateRange(),
    buyers: dateRange(),
    projects: dateRange(),
    requirements: dateRange(),
  }),
  (value, addIssue) => {
    for (const period of REGISTRATION_PERIODS) {
      const range = value[period];
      if (typeof range !== 'object' || range === null) continue;
      const { start, end } = range as { start?: unknown; end?: unknown };
      if (isDateText(start) && isDateText(end) && end <= start)
        addIssue([period, 'end'], MESSAGES.afterStartDate);
    }
  },
);

/** Parsed registration windows. */
export type RegistrationDates = z.output<typeof registrationDatesInput>;

/** SetRegistrationDates: the four registration windows ('Must be after start date'). */
export const setRegistrationDates = defineAction({
  id: 'SetRegistrationDates',
  entity: ROUND_ENTITY,
  title: 'Set registration dates',
  fields: periodFields,
  groups: periodGroups,
  input: registrationDatesInput,
  lifecycle: { from: ROUND_SETUP_STATUSES },
});

/** The reserve of a round (SPEC 5): a valid percentage, what it applies to, agreed with the EMB. */
const reserveInfoInput = z.object({
  percentage: reservePercentage(),
  appliesTo: reserveAppliesToSchema,
  agreedWithEMB: agreedValue(),
});

/** SetReserveInfo: the credit reserve; warns outside the recommended 10% to 20%. */
export const setReserveInfo = defineAction({
  id: 'SetReserveInfo',
  entity: ROUND_ENTITY,
  title: 'Set credit reserve',
  fields: [
    { id: 'percentage', type: 'Number', label: 'Credit reserve', suffix: '%' },
    {
      id: 'appliesTo',
      type: 'Select',
      label: 'Reserve applies to',
      options: optionsOf(RESERVE_APPLIES_TO, RESERVE_APPLIES_TO_LABELS),
    },
    { id: 'agreedWithEMB', type: 'Checkbox', label: 'The reserve has been agreed with the EMB' },
  ],
  input: reserveInfoInput,
  warnings: (values) => {
    const warning = reserveWarning(typeof values.percentage === 'number' ? values.percentage : undefined);
    return warning === undefined ? [] : [{ path: 'percentage', message: warning }];
  },
  lifecycle: { from: ROUND_RESERVE_STATUSES },
});

const idsOfCategory = () => z.array(requiredText()).max(1000, { error: 'Too many choices' }).optional();
const declarationIdsShape = Object.fromEntries(
  DECLARATION_CATEGORIES.map((category) => [category, idsOfCategory()]),
) as { [C in DeclarationCategory]: ReturnType<typeof idsOfCategory> };

/** AddDeclarations' answer when nothing is chosen. */
const CHOOSE_DECLARATION = 'Choose at least one declaration';

/** The field of AddDeclarations holding the declarations chosen of one category. */
export const addDeclarationsFieldId = (category: DeclarationCategory): string => `declarationIds.${category}`;

/**
 * AddDeclarations: adds declarations from reference data to the round, all categories in one dialog: one field per
 * category, offering only that category's declarations (the server sends the options), at least one in all.
 */
export const addDeclarations = defineAction({
  id: 'AddDeclarations',
  entity: ROUND_ENTITY,
  title: 'Add declarations',
  actionLabel: 'Add',
  text: 'Choose the declarations participants and agents answer at each step of the round. Each declaration is asked at the step its category names.',
  fields: DECLARATION_CATEGORIES.map((category) => ({
    id: addDeclarationsFieldId(category),
    type: 'SelectMulti',
    label: DECLARATION_CATEGORY_LABELS[category],
    optional: true,
  })),
  input: withRules(
    z.object({ declarationIds: z.object(declarationIdsShape).optional() }),
    (value, addIssue) => {
      const byCategory = value.declarationIds;
      const chosen =
        typeof byCategory === 'object' && byCategory !== null ? Object.values(byCategory).flat() : [];
      if (chosen.length === 0) addIssue([], CHOOSE_DECLARATION);
    },
  ),
  lifecycle: { from: ROUND_SETUP_STATUSES },
});

/** RemoveDeclaration: takes a declaration off the round; needs an explicit Yes. */
export const removeDeclaration = defineAction({
  id: 'RemoveDeclaration',
  entity: ROUND_ENTITY,
  title: 'Remove declaration',
  actionLabel: 'Remove',
  fields: [
    { id: 'declarationId', type: 'Select', label: 'Declaration', placeholder: 'Choose a declaration' },
    { id: 'confirmed', type: 'YesNo', label: 'Remove this declaration from the round?' },
  ],
  input: z.object({ declarationId: requiredText(), confirmed: confirmed() }),
  lifecycle: { from: ROUND_SETUP_STATUSES },
});

/** The CSV data sets of an import, at least one of which must be given (SPEC 5: the workbook alone is not enough). */
const IMPORT_CSV_FIELDS = ['suppliersCSV', 'buyersCSV', 'investorsCSV'] as const;

/**
 * ImportData: offers and bids of the round's projects and requirements from the operator's data sets, the
 * workbook or the CSV files ('Provide at least one file to import from'); the rows of another credit type are
 * left alone.
 */
export const importData = defineAction({
  id: 'ImportData',
  entity: ROUND_ENTITY,
  title: 'Import data',
  actionLabel: 'Import',
  fields: [
    {
      id: 'bidderType',
      type: 'Select',
      label: 'Bidders',
      options: optionsOf(BIDDER_TYPES, BIDDER_TYPE_LABELS),
    },
    {
      id: 'creditType',
      type: 'Select',
      label: 'Credit type',
      options: optionsOf(CREDIT_TYPES, CREDIT_TYPE_LABELS),
      hint: 'Only the rows of this credit type are imported; the others are left as they are.',
    },
    {
      id: 'datasetXLS',
      type: 'File',
      label: 'Data set workbook',
      optional: true,
      accept: ['xlsx'],
      hint: 'An Excel workbook with Suppliers, Buyers or Investors sheets, as the data sets download them. A CSV file is needed as well.',
    },
    { id: 'suppliersCSV', type: 'File', label: 'Suppliers', optional: true, accept: CSV_UPLOAD_EXTENSIONS },
    { id: 'buyersCSV', type: 'File', label: 'Buyers', optional: true, accept: CSV_UPLOAD_EXTENSIONS },
    { id: 'investorsCSV', type: 'File', label: 'Investors', optional: true, accept: CSV_UPLOAD_EXTENSIONS },
  ],
  input: withRules(
    z.object({
      bidderType: bidderTypeSchema,
      creditType: creditTypeSchema,
      datasetXLS: optionalFileValue(['xlsx']),
      suppliersCSV: optionalFileValue(CSV_UPLOAD_EXTENSIONS),
      buyersCSV: optionalFileValue(CSV_UPLOAD_EXTENSIONS),
      investorsCSV: optionalFileValue(CSV_UPLOAD_EXTENSIONS),
    }),
    (value, addIssue) => {
      if (IMPORT_CSV_FIELDS.every((field) => isMissing(value[field])))
        addIssue([], MESSAGES.provideImportFile);
    },
  ),
  lifecycle: { from: ROUND_IMPORT_DATA_STATUSES },
});

/** The capacities a round's bidder type allows: suppliers always, and buyers, investors or both. */
export const capacitiesForBidderType = (bidderType: BidderType): ParticipationCapacity[] =>
  PARTICIPATION_CAPACITIES.filter(
    (capacity) =>
      capacity === 'Supplier' ||
      bidderType === 'BuyersAndInvestors' ||
      (bidderType === 'Buyers' ? capacity === 'Buyer' : capacity === 'Investor'),
  );

const capacityOptions = PARTICIPATION_CAPACITIES.map((capacity) => ({ value: capacity, label: capacity }));

/** RecordParticipant: the operator registers an organisation in the round directly, in one capacity. */
export const recordParticipant = defineAction({
  id: 'RecordParticipant',
  entity: ROUND_ENTITY,
  title: 'Record participant',
  actionLabel: 'Record',
  fields: [
    {
      id: 'organisationId',
      type: 'Select',
      label: 'Participant',
      optionsSource: OPTION_SOURCES.participants,
    },
    { id: 'capacity', type: 'Select', label: 'Taking part as', options: capacityOptions },
  ],
  input: z.object({ organisationId: requiredText(), capacity: participationCapacitySchema }),
  lifecycle: { from: ROUND_RECORD_PARTICIPANT_STATUSES },
});

/**
 * RegisterAsParticipant: a participant (or its agent with RegisterForRound, for a client) registers in the round,
 * provisionally, in the capacities the bidder type allows, answering the participant registration declarations.
 */
export const registerInRound = defineAction({
  id: 'RegisterAsParticipant',
  entity: ROUND_ENTITY,
  title: 'Register for this market round',
  actionLabel: 'Register',
  fields: [
    { id: 'organisationId', type: 'Select', label: 'Organisation', placeholder: 'Choose the organisation' },
    { id: 'capacities', type: 'SelectMulti', label: 'Taking part as', options: capacityOptions },
  ],
  input: z.object({
    organisationId: requiredText(),
    capacities: choicesValue().pipe(z.array(participationCapacitySchema)),
    ...declarationsShape,
  }),
  lifecycle: { from: ROUND_STATUSES_OPEN_FOR_REGISTRATION },
});
