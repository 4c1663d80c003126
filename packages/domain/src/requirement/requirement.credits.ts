import { z } from 'zod';
import { defineAction } from '../forms/action.ts';
import type { FieldDefinition } from '../forms/fields.ts';
import { isMissing, withRules } from '../forms/refine.ts';
import { optionalFileValue, todayOrLaterIsoDateValue, yesNoValue } from '../forms/rules.ts';
import { optionsOf } from '../market/round.fields.ts';
import { SERVICE_MODULES } from '../project/project.vocab.ts';
import { distinctivenessFill } from '../refdata/habitat.distinctiveness.ts';
import { areaBroadHabitatField, habitatTypeField } from '../refdata/habitat.fields.ts';
import { habitatTypeSource, OPTION_SOURCES } from '../refdata/refdata.sources.ts';
import { units } from '../validation/amounts.ts';
import { choiceOf } from '../validation/choice.ts';
import { MESSAGES } from '../validation/messages.ts';
import { optionalText } from '../validation/rules.ts';
import { DOCUMENT_UPLOAD_EXTENSIONS, UPLOAD_EXTENSIONS } from '../vocab/constants.ts';
import {
  CREDIT_TYPE_LABELS,
  CREDIT_TYPES,
  NUTRIENT_CREDIT_TYPES,
  NUTRIENT_REQUIREMENT_TYPE_LABELS,
  NUTRIENT_REQUIREMENT_TYPES,
} from '../vocab/credits.ts';
import {
  DISTINCTIVENESS,
  DISTINCTIVENESS_LABELS,
  HABITAT_TYPE_REQUIRED_DISTINCTIVENESS,
  habitatTypeRequired,
  MODULE_LABELS,
} from '../vocab/habitats.ts';
import { creditTypeSchema, distinctivenessSchema } from '../vocab/vocab.schemas.ts';
import { REQUIREMENT_EDITABLE_STATUSES } from './requirement.lifecycle.ts';

/** The entity kind of credit requirement actions (first segment of `/requirement/{id}`). */
export const REQUIREMENT_ENTITY = 'requirement';

const biodiversity = { fieldId: 'type', oneOf: ['Biodiversity'] } as const;
const nutrient = { fieldId: 'type', oneOf: NUTRIENT_CREDIT_TYPES } as const;

/** The fields of a buyer's credits (SPEC 3 "Buyer credits"): biodiversity or nutrient fields by credit type. */
const buyerCreditFields = [
  { id: 'type', type: 'Select', label: 'Credit type', options: optionsOf(CREDIT_TYPES, CREDIT_TYPE_LABELS) },
  {
    id: 'bioBroadHabitat',
    type: 'Select',
    label: 'Broad habitat',
    optionsSource: OPTION_SOURCES.areaBroadHabitats,
    visibleWhen: biodiversity,
  },
  {
    id: 'bioDistinctiveness',
    type: 'Select',
    label: 'Distinctiveness',
    options: optionsOf(DISTINCTIVENESS, DISTINCTIVENESS_LABELS),
    visibleWhen: biodiversity,
  },
  {
    id: 'bioHabitatType',
    type: 'Select',
    label: 'Habitat type',
    optional: true,
    hint: 'Required for high and very high distinctiveness; choosing it fills in its distinctiveness.',
    optionsSource: {
      ...habitatTypeSource({ broadHabitat: 'bioBroadHabitat' }),
      fills: [distinctivenessFill('bioDistinctiveness')],
    },
    dependsOn: ['bioBroadHabitat'],
    visibleWhen: biodiversity,
  },
  {
    id: 'bioUnits',
    type: 'Number',
    label: 'Biodiversity units',
    suffix: 'units',
    visibleWhen: biodiversity,
  },
  {
    id: 'bioIsDivisible',
    type: 'YesNo',
    label: 'Can the units come from several projects?',
    visibleWhen: biodiversity,
  },
  {
    id: 'biodiversityMetric',
    type: 'File',
    label: 'Biodiversity metric',
    accept: UPLOAD_EXTENSIONS,
    visibleWhen: biodiversity,
  },
  {
    id: 'nutrientType',
    type: 'Select',
    label: 'Mitigation needed',
    options: optionsOf(NUTRIENT_REQUIREMENT_TYPES, NUTRIENT_REQUIREMENT_TYPE_LABELS),
    visibleWhen: nutrient,
  },
  {
    id: 'nutrientOngoingUnits',
    type: 'Number',
    label: 'Ongoing units',
    suffix: 'kg/yr',
    hint: 'Needed every year, for good.',
    visibleWhen: { fieldId: 'nutrientType', oneOf: ['ongoing', 'both'] },
  },
  {
    id: 'nutrientAdditionalUnits',
    type: 'Number',
    label: 'Additional units',
    suffix: 'kg/yr',
    hint: 'Needed each year until the end of the asset management period.',
    visibleWhen: { fieldId: 'nutrientType', oneOf: ['additional', 'both'] },
  },
  {
    id: 'nutrientAcceptOngoingOnly',
    type: 'YesNo',
    label: 'Would ongoing units alone be acceptable?',
    visibleWhen: { fieldId: 'nutrientType', oneOf: ['both'] },
  },
  {
    id: 'budgetCalculator',
    type: 'File',
    label: 'Nutrient budget calculator',
    accept: UPLOAD_EXTENSIONS,
    visibleWhen: nutrient,
  },
] as const satisfies readonly FieldDefinition[];

const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), choiceOf(values).optional());
const optionalUnits = () =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), units().optional());

/**
 * A buyer's credits (SPEC 5 "Credit requirement"): biodiversity needs broad habitat, distinctiveness, units,
 * divisibility and the metric file (habitat type for High and VeryHigh); nutrients need the type and the budget
 * calculator, ongoing units unless additional, additional units unless ongoing, and for both the answer whether
 * ongoing units alone would do.
 */
const buyerCreditsInput = withRules(
  z.object({
    type: creditTypeSchema,
    bioBroadHabitat: optionalText(),
    bioDistinctiveness: optionalChoice(DISTINCTIVENESS),
    bioHabitatType: optionalText(),
    bioUnits: optionalUnits(),
    bioIsDivisible: z.boolean().optional(),
    biodiversityMetric: optionalFileValue(UPLOAD_EXTENSIONS),
    nutrientType: optionalChoice(NUTRIENT_REQUIREMENT_TYPES),
    nutrientOngoingUnits: optionalUnits(),
    nutrientAdditionalUnits: optionalUnits(),
    nutrientAcceptOngoingOnly: z.boolean().optional(),
    budgetCalculator: optionalFileValue(UPLOAD_EXTENSIONS),
  }),
  (value, addIssue) => {
    const need = (field: string) => {
      if (isMissing(value[field])) addIssue([field], MESSAGES.required);
    };
    if (value.type === 'Biodiversity') {
      for (const field of [
        'bioBroadHabitat',
        'bioDistinctiveness',
        'bioUnits',
        'bioIsDivisible',
        'biodiversityMetric',
      ])
        need(field);
      if (habitatTypeRequired(value.bioDistinctiveness) && isMissing(value.bioHabitatType))
        addIssue(['bioHabitatType'], MESSAGES.habitatTypeRequired);
    } else if (
      value.type === 'NutrientMitigationNitrogen' ||
      value.type === 'NutrientMitigationPhosphorous'
    ) {
      need('nutrientType');
      if (value.nutrientType === 'ongoing' || value.nutrientType === 'both') need('nutrientOngoingUnits');
      if (value.nutrientType === 'additional' || value.nutrientType === 'both')
        need('nutrientAdditionalUnits');
      if (value.nutrientType === 'both' && typeof value.nutrientAcceptOngoingOnly !== 'boolean')
        addIssue(['nutrientAcceptOngoingOnly'], MESSAGES.indicateOngoingOnly);
      need('budgetCalculator');
    }
  },
);

/** Parsed buyer credits. */
export type BuyerCreditsValues = z.output<typeof buyerCreditsInput>;

/** SetBuyerCredits: what a buyer needs. */
export const setBuyerCredits = defineAction({
  id: 'SetBuyerCredits',
  entity: REQUIREMENT_ENTITY,
  title: 'Set credits',
  fields: buyerCreditFields,
  input: buyerCreditsInput,
  display: (values) => ({ bioHabitatType: { optional: !habitatTypeRequired(values.bioDistinctiveness) } }),
  lifecycle: { from: REQUIREMENT_EDITABLE_STATUSES },
});

/** The fields of an investor's credits (SPEC 3 "Investor credits"). */
const investorCreditFields = [
  { id: 'units', type: 'Number', label: 'Biodiversity units', suffix: 'units' },
  { id: 'redemptionDate', type: 'Date', label: 'Target redemption date' },
  { id: 'isDivisible', type: 'YesNo', label: 'Can the units come from several projects?' },
  { id: 'module', type: 'Select', label: 'Module', options: optionsOf(SERVICE_MODULES, MODULE_LABELS) },
  {
    id: 'distinctiveness',
    type: 'Select',
    label: 'Distinctiveness',
    options: optionsOf(DISTINCTIVENESS, DISTINCTIVENESS_LABELS),
  },
  areaBroadHabitatField,
  habitatTypeField('Asked for high and very high distinctiveness, which trade like for like.', {
    fieldId: 'distinctiveness',
    oneOf: HABITAT_TYPE_REQUIRED_DISTINCTIVENESS,
  }),
  {
    id: 'supportingDocument',
    type: 'File',
    label: 'Supporting document',
    optional: true,
    accept: DOCUMENT_UPLOAD_EXTENSIONS,
  },
] as const satisfies readonly FieldDefinition[];

/**
 * An investor's credits: units, redemption date, divisibility, module and distinctiveness required; an area habitat
 * its broad habitat, and high and very high distinctiveness the habitat type (as buyers are asked, SPEC 5), so the
 * requirement can enter the clearing.
 */
const investorCreditsInput = withRules(
  z.object({
    units: units('Biodiversity'),
    redemptionDate: todayOrLaterIsoDateValue(),
    isDivisible: yesNoValue(),
    module: choiceOf(SERVICE_MODULES),
    distinctiveness: distinctivenessSchema,
    broadHabitat: optionalText(),
    habitatType: optionalText(),
    supportingDocument: optionalFileValue(DOCUMENT_UPLOAD_EXTENSIONS),
  }),
  (value, addIssue) => {
    if (value.module === 'Area' && isMissing(value.broadHabitat))
      addIssue(['broadHabitat'], MESSAGES.required);
    if (habitatTypeRequired(value.distinctiveness) && isMissing(value.habitatType))
      addIssue(['habitatType'], MESSAGES.habitatTypeRequired);
  },
);

/** SetInvestorCredits: what an investor wants to buy. */
export const setInvestorCredits = defineAction({
  id: 'SetInvestorCredits',
  entity: REQUIREMENT_ENTITY,
  title: 'Set credits',
  fields: investorCreditFields,
  input: investorCreditsInput,
  lifecycle: { from: REQUIREMENT_EDITABLE_STATUSES },
});
