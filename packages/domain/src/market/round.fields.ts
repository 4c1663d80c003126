import { z } from 'zod';
import type { FieldDefinition, FieldOption } from '../forms/fields.ts';
import { includesAny, isMissing, withRules } from '../forms/refine.ts';
import { choicesValue, optionalIsoDateValue } from '../forms/rules.ts';
import { OPTION_SOURCES } from '../refdata/refdata.sources.ts';
import { MESSAGES } from '../validation/messages.ts';
import { requiredError, requiredText } from '../validation/rules.ts';
import { CREDIT_TYPE_LABELS, CREDIT_TYPES, NUTRIENT_CREDIT_TYPES } from '../vocab/credits.ts';
import { BIDDER_TYPE_LABELS, BIDDER_TYPES } from '../vocab/market.ts';
import { bidderTypeSchema, creditTypeSchema } from '../vocab/vocab.schemas.ts';

/** Options of a vocabulary with its labels. */
export const optionsOf = <T extends string>(
  values: readonly T[],
  labels: Readonly<Record<T, string>>,
): FieldOption[] => values.map((value) => ({ value, label: labels[value] }));

const nutrientServices = { fieldId: 'services', oneOf: NUTRIENT_CREDIT_TYPES };

/** The fields of a round's details (SPEC 3 "Market round"); options of reference data load at run time. */
export const roundDetailFields = [
  { id: 'name', type: 'Input', label: 'Name' },
  {
    id: 'services',
    type: 'SelectMulti',
    label: 'Services',
    options: optionsOf(CREDIT_TYPES, CREDIT_TYPE_LABELS),
  },
  { id: 'standardIds', type: 'SelectMulti', label: 'Standards', optionsSource: OPTION_SOURCES.standards },
  {
    id: 'projectTypeIds',
    type: 'SelectMulti',
    label: 'Project types',
    optionsSource: OPTION_SOURCES.projectTypes,
  },
  {
    id: 'ncaIds',
    type: 'SelectMulti',
    label: 'National Character Areas',
    optionsSource: OPTION_SOURCES.ncas,
    // Required, but may be empty: only services, standards and project types need at least one.
    value: [],
  },
  {
    id: 'lpaIds',
    type: 'SelectMulti',
    label: 'Local planning authorities',
    optionsSource: OPTION_SOURCES.lpas,
    // Required, but may be empty: only services, standards and project types need at least one.
    value: [],
  },
  {
    id: 'subcatchmentIds',
    type: 'SelectMulti',
    label: 'Subcatchments',
    optionsSource: OPTION_SOURCES.subcatchments,
    visibleWhen: nutrientServices,
  },
  {
    id: 'bidderType',
    type: 'Select',
    label: 'Bidders',
    options: optionsOf(BIDDER_TYPES, BIDDER_TYPE_LABELS),
  },
  {
    id: 'ampEnd',
    type: 'Date',
    label: 'End of the asset management period',
    hint: 'Nutrient need beyond this date is ongoing only; yearly periods of the round run up to it.',
    visibleWhen: nutrientServices,
  },
] as const satisfies readonly FieldDefinition[];

/** The market field of a new round (prefilled when the round is created from a market's page). */
export const roundMarketField = {
  id: 'marketId',
  type: 'Select',
  label: 'Market',
  optionsSource: OPTION_SOURCES.markets,
} as const satisfies FieldDefinition;

const idList = () => z.array(z.string(), { error: requiredError });

/** The shape of a round's details before the cross-field rules. */
const roundDetailShape = {
  name: requiredText(),
  services: choicesValue().pipe(z.array(creditTypeSchema)),
  standardIds: choicesValue(),
  projectTypeIds: choicesValue(),
  ncaIds: idList(),
  lpaIds: idList(),
  subcatchmentIds: z.array(z.string()).optional(),
  bidderType: bidderTypeSchema,
  ampEnd: optionalIsoDateValue(),
};

/**
 * SPEC 5 "Market round": a nitrogen or phosphorous service needs the AMP end (a valid date) and at least one
 * subcatchment. Runs with the other field errors.
 */
const withNutrientRoundRules = <S extends z.ZodType>(schema: S): S =>
  withRules(schema, (value, addIssue) => {
    if (!includesAny(value.services, NUTRIENT_CREDIT_TYPES)) return;
    if (isMissing(value.ampEnd)) addIssue(['ampEnd'], MESSAGES.required);
    if (value.subcatchmentIds === undefined || value.subcatchmentIds === null)
      addIssue(['subcatchmentIds'], MESSAGES.required);
    else if (Array.isArray(value.subcatchmentIds) && value.subcatchmentIds.length === 0)
      addIssue(['subcatchmentIds'], MESSAGES.emptyArray);
  });

/** The details of a round (Update). */
export const roundDetailsInput = withNutrientRoundRules(z.object(roundDetailShape));
/** The details of a new round, with its market (create). */
export const newRoundInput = withNutrientRoundRules(
  z.object({ marketId: requiredText(), ...roundDetailShape }),
);

/** Parsed round details. */
export type RoundDetails = z.output<typeof roundDetailsInput>;
