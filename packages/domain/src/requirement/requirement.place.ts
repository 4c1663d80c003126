import { z } from 'zod';
import { defineAction } from '../forms/action.ts';
import { includesAny, isMissing, withRules } from '../forms/refine.ts';
import { optionalTodayOrLaterIsoDateValue } from '../forms/rules.ts';
import { PLACE_FIELDS } from '../market/place.fields.ts';
import { optionsOf } from '../market/round.fields.ts';
import { OPTION_SOURCES } from '../refdata/refdata.sources.ts';
import { optionalGridReference, optionalThreeWords } from '../validation/location.ts';
import { MESSAGES } from '../validation/messages.ts';
import { optionalText, requiredText } from '../validation/rules.ts';
import { CREDIT_TYPE_LABELS, CREDIT_TYPES, NUTRIENT_CREDIT_TYPES } from '../vocab/credits.ts';
import { creditTypeSchema } from '../vocab/vocab.schemas.ts';
import { REQUIREMENT_ENTITY } from './requirement.credits.ts';
import { REQUIREMENT_EDITABLE_STATUSES } from './requirement.lifecycle.ts';

/** The label of a buyer's redemption date: 'Target redemption date' for biodiversity, else 'Credit delivery date'. */
export const redemptionDateLabel = (creditType: string | undefined): string =>
  creditType === 'Biodiversity' ? 'Target redemption date' : 'Credit delivery date';

const biodiversity = { fieldId: 'creditType', oneOf: ['Biodiversity'] } as const;
const nutrient = { fieldId: 'creditType', oneOf: NUTRIENT_CREDIT_TYPES } as const;

/**
 * A buyer's development (SPEC 3 "Buyer development"): planning reference, the redemption date (one field per
 * label, both submitted as `redemptionDate`), LPA, NCA for biodiversity or subcatchment for nutrients, nearest
 * address, optional grid reference and three-word address; `localOnly` asks for supply from its own LPA or NCA only.
 */
const buyerDevelopmentInput = withRules(
  z.object({
    creditType: creditTypeSchema,
    planningRef: requiredText(),
    redemptionDate: optionalTodayOrLaterIsoDateValue(),
    deliveryDate: optionalTodayOrLaterIsoDateValue(),
    lpaId: requiredText(),
    ncaId: optionalText(),
    subcatchmentId: optionalText(),
    nearAddress: requiredText(),
    gridReference: optionalGridReference(),
    threeWords: optionalThreeWords(),
    localOnly: z
      .boolean()
      .optional()
      .transform((value) => value ?? false),
  }),
  (value, addIssue) => {
    const isBiodiversity = value.creditType === 'Biodiversity';
    const isNutrient = includesAny([value.creditType], NUTRIENT_CREDIT_TYPES);
    if (isBiodiversity && isMissing(value.redemptionDate)) addIssue(['redemptionDate'], MESSAGES.required);
    if (isNutrient && isMissing(value.redemptionDate) && isMissing(value.deliveryDate))
      addIssue(['deliveryDate'], MESSAGES.required);
    if (isBiodiversity && isMissing(value.ncaId)) addIssue(['ncaId'], MESSAGES.required);
    if (isNutrient && isMissing(value.subcatchmentId)) addIssue(['subcatchmentId'], MESSAGES.required);
  },
).transform(({ deliveryDate, redemptionDate, ...value }) => ({
  ...value,
  redemptionDate: redemptionDate ?? deliveryDate,
}));

/** Parsed buyer development. */
export type BuyerDevelopmentValues = z.output<typeof buyerDevelopmentInput>;

/** SetBuyerDevelopment: where and when the buyer's development needs the credits. */
export const setBuyerDevelopment = defineAction({
  id: 'SetBuyerDevelopment',
  entity: REQUIREMENT_ENTITY,
  title: 'Set development',
  fields: [
    {
      id: 'creditType',
      type: 'Select',
      label: 'Credit type',
      options: optionsOf(CREDIT_TYPES, CREDIT_TYPE_LABELS),
    },
    { id: 'planningRef', type: 'Input', label: 'Planning reference' },
    {
      id: 'redemptionDate',
      type: 'Date',
      label: redemptionDateLabel('Biodiversity'),
      visibleWhen: biodiversity,
    },
    { id: 'deliveryDate', type: 'Date', label: redemptionDateLabel(undefined), visibleWhen: nutrient },
    { id: 'lpaId', type: 'Select', label: 'Local planning authority', optionsSource: OPTION_SOURCES.lpas },
    {
      id: 'ncaId',
      type: 'Select',
      label: 'National Character Area',
      optionsSource: OPTION_SOURCES.ncas,
      visibleWhen: biodiversity,
    },
    {
      id: 'subcatchmentId',
      type: 'Select',
      label: 'Subcatchment',
      optionsSource: OPTION_SOURCES.subcatchments,
      visibleWhen: nutrient,
    },
    ...PLACE_FIELDS,
    { id: 'localOnly', type: 'Checkbox', label: 'Only supply from my own LPA or NCA' },
  ],
  input: buyerDevelopmentInput,
  lifecycle: { from: REQUIREMENT_EDITABLE_STATUSES },
});

/** SetInvestorLocation: the LPA and NCA an investor wants units in. */
export const setInvestorLocation = defineAction({
  id: 'SetInvestorLocation',
  entity: REQUIREMENT_ENTITY,
  title: 'Set location',
  fields: [
    { id: 'lpa', type: 'Select', label: 'Local planning authority', optionsSource: OPTION_SOURCES.lpas },
    { id: 'nca', type: 'Select', label: 'National Character Area', optionsSource: OPTION_SOURCES.ncas },
  ],
  input: z.object({ lpa: requiredText(), nca: requiredText() }),
  lifecycle: { from: REQUIREMENT_EDITABLE_STATUSES },
});
