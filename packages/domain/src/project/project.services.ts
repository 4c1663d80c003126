import { z } from 'zod';
import { defineAction } from '../forms/action.ts';
import type { FieldDefinition } from '../forms/fields.ts';
import { indexedItems } from '../forms/indexed.ts';
import { type AddIssue, withRules } from '../forms/refine.ts';
import { isoDateValue, optionalIsoDateValue } from '../forms/rules.ts';
import type { FormValues } from '../forms/values.ts';
import { optionsOf } from '../market/round.fields.ts';
import { areaBroadHabitatField, habitatTypeField } from '../refdata/habitat.fields.ts';
import {
  area,
  SIZE_LIMITS,
  size,
  sizeProblem,
  units,
  unitsOrZero,
  unitsProblem,
} from '../validation/amounts.ts';
import { choiceOf } from '../validation/choice.ts';
import { MESSAGES } from '../validation/messages.ts';
import { requiredError, requiredText } from '../validation/rules.ts';
import { YEARS_TO_TARGET_CONDITION } from '../vocab/constants.ts';
import {
  CREDIT_DURATION_LABELS,
  CREDIT_DURATIONS,
  CREDIT_TYPE_LABELS,
  NUTRIENT_CREDIT_TYPES,
} from '../vocab/credits.ts';
import {
  CONDITION_LABELS,
  CONDITIONS,
  DISTINCTIVENESS,
  DISTINCTIVENESS_LABELS,
  type Module,
} from '../vocab/habitats.ts';
import {
  conditionSchema,
  creditDurationSchema,
  creditTypeSchema,
  distinctivenessSchema,
} from '../vocab/vocab.schemas.ts';
import { METRIC_DIFFICULTIES, STRATEGIC_SIGNIFICANCE_LEVELS } from './metric.ts';
import { PROJECT_EDITABLE_STATUSES } from './project.lifecycle.ts';
import { gainLabel, SERVICE_MODULE_LABELS, SERVICE_MODULES, serviceSizeUnit } from './project.vocab.ts';

/** The entity kind of project actions (first segment of `/project/{id}`). */
export const PROJECT_ENTITY = 'project';

/** The label of a service's size for its module: an area in hectares, a length in kilometres. */
const serviceSizeLabel = (module: Module | undefined): string =>
  module === 'Linear' || module === 'River' ? 'Length (km)' : 'Area (ha)';

/** The size field of a biodiversity service as it shows for the habitat family chosen. */
const biodiversityDisplay = (values: FormValues) => {
  const module = typeof values.module === 'string' ? (values.module as Module) : undefined;
  return { size: { label: serviceSizeLabel(module), suffix: serviceSizeUnit(module) } };
};

const serviceField = {
  id: 'serviceId',
  type: 'Select',
  label: 'Service',
  readonly: true,
} as const satisfies FieldDefinition;

const biodiversityFields = [
  {
    id: 'module',
    type: 'Select',
    label: 'Habitat family',
    options: optionsOf(SERVICE_MODULES, SERVICE_MODULE_LABELS),
    value: 'Area',
  },
  areaBroadHabitatField,
  habitatTypeField('Choosing it fills in its distinctiveness from the statutory metric.'),
  {
    id: 'distinctiveness',
    type: 'Select',
    label: 'Distinctiveness',
    options: optionsOf(DISTINCTIVENESS, DISTINCTIVENESS_LABELS),
  },
  {
    id: 'condition',
    type: 'Select',
    label: 'Target condition',
    options: optionsOf(CONDITIONS, CONDITION_LABELS),
  },
  {
    id: 'size',
    type: 'Number',
    label: 'Size',
    hint: 'Area in hectares for area habitats; length in kilometres for hedgerows and watercourses.',
  },
  {
    id: 'strategicSignificance',
    type: 'Select',
    label: 'Strategic significance',
    value: 'Low',
    options: [
      { value: 'High', label: 'High - formally identified in a local strategy' },
      { value: 'Medium', label: 'Medium - ecologically desirable, not in a local strategy' },
      { value: 'Low', label: 'Low - not identified' },
    ],
  },
  {
    id: 'difficulty',
    type: 'Select',
    label: 'Difficulty of creation',
    value: 'Low',
    options: METRIC_DIFFICULTIES.map((value) => ({
      value,
      label: value === 'VeryHigh' ? 'Very high' : value,
    })),
  },
  { id: 'mitigationBegins', type: 'Date', label: 'Mitigation begins' },
  { id: 'creationDate', type: 'Date', label: 'Habitat created on', optional: true },
] as const satisfies readonly FieldDefinition[];

const biodiversityShape = {
  module: choiceOf(SERVICE_MODULES),
  broadHabitat: z.string().trim().min(1).optional(),
  habitatType: requiredText(),
  distinctiveness: distinctivenessSchema,
  condition: conditionSchema,
  size: size('ha'),
  strategicSignificance: choiceOf(STRATEGIC_SIGNIFICANCE_LEVELS),
  difficulty: choiceOf(METRIC_DIFFICULTIES),
  mitigationBegins: isoDateValue(),
  creationDate: optionalIsoDateValue(),
};

/** The rules across a biodiversity service's fields: an area's broad habitat, a length's bound in kilometres. */
const biodiversityRules = (value: Readonly<Record<string, unknown>>, addIssue: AddIssue) => {
  if (value.module === 'Area' && (value.broadHabitat === undefined || value.broadHabitat === ''))
    addIssue(['broadHabitat'], MESSAGES.required);
  // The shape bounds every size in hectares; a hedgerow's or watercourse's length has the bound in kilometres.
  const unit = serviceSizeUnit(typeof value.module === 'string' ? (value.module as Module) : undefined);
  const problem =
    unit === 'km' && typeof value.size === 'number' && value.size > 0 && value.size <= SIZE_LIMITS.ha
      ? sizeProblem(value.size, unit)
      : undefined;
  if (problem !== undefined) addIssue(['size'], problem);
};

/** A biodiversity service: an area habitat needs its broad habitat; every habitat a type, levels, size and start. */
const biodiversityServiceInput = withRules(z.object(biodiversityShape), biodiversityRules);

/** Parsed biodiversity service values. */
export type BiodiversityServiceValues = z.output<typeof biodiversityServiceInput>;

/** Add biodiversity service (SPEC 2: 'Add service'). */
export const addBiodiversityService = defineAction({
  id: 'AddBiodiversityService',
  entity: PROJECT_ENTITY,
  title: 'Add biodiversity service',
  actionLabel: 'Add service',
  fields: biodiversityFields,
  input: biodiversityServiceInput,
  display: biodiversityDisplay,
  lifecycle: { from: PROJECT_EDITABLE_STATUSES },
});

/** Edit biodiversity service (SPEC 2: 'Apply'). */
export const editBiodiversityService = defineAction({
  id: 'EditBiodiversityService',
  entity: PROJECT_ENTITY,
  title: 'Edit biodiversity service',
  actionLabel: 'Apply',
  fields: [serviceField, ...biodiversityFields],
  display: biodiversityDisplay,
  input: withRules(z.object({ serviceId: requiredText(), ...biodiversityShape }), biodiversityRules),
  lifecycle: { from: PROJECT_EDITABLE_STATUSES },
});

const nutrientFields = [
  {
    id: 'service',
    type: 'Select',
    label: 'Service',
    options: NUTRIENT_CREDIT_TYPES.map((value) => ({ value, label: CREDIT_TYPE_LABELS[value] })),
  },
  { id: 'mitigationBegins', type: 'Date', label: 'Mitigation begins' },
  {
    id: 'mitigationDuration',
    type: 'Select',
    label: 'Mitigation duration',
    options: optionsOf(CREDIT_DURATIONS, CREDIT_DURATION_LABELS),
  },
  { id: 'area', type: 'Number', label: 'Area', suffix: 'ha' },
  { id: 'units', type: 'Number', label: 'Mitigation supplied', suffix: 'kg/yr' },
] as const satisfies readonly FieldDefinition[];

const nutrientShape = {
  service: creditTypeSchema.refine((type) => type !== 'Biodiversity', {
    error: MESSAGES.onlyNutrientService,
  }),
  mitigationBegins: isoDateValue(),
  mitigationDuration: creditDurationSchema,
  area: area(),
  units: units(),
};

/** Parsed nutrient service values. */
export type NutrientServiceValues = z.output<z.ZodObject<typeof nutrientShape>>;

/** Add nutrient service ('Only Nitrogen or Phosphorous allowed'). */
export const addNutrientService = defineAction({
  id: 'AddNutrientService',
  entity: PROJECT_ENTITY,
  title: 'Add nutrient service',
  actionLabel: 'Add service',
  fields: nutrientFields,
  input: z.object(nutrientShape),
  lifecycle: { from: PROJECT_EDITABLE_STATUSES },
});

/** Edit nutrient service. */
export const editNutrientService = defineAction({
  id: 'EditNutrientService',
  entity: PROJECT_ENTITY,
  title: 'Edit nutrient service',
  actionLabel: 'Apply',
  fields: [serviceField, ...nutrientFields],
  input: z.object({ serviceId: requiredText(), ...nutrientShape }),
  lifecycle: { from: PROJECT_EDITABLE_STATUSES },
});

/** How many yearly gains the supply form can hold: one at delivery and one for each year up to 30. */
const MAX_GAIN_ENTRIES = YEARS_TO_TARGET_CONDITION.max + 1;

const gainFields = Array.from({ length: MAX_GAIN_ENTRIES }, (_, index) => ({
  id: `gainsPerYear.${index}`,
  type: 'Number' as const,
  label: gainLabel(index),
  suffix: 'units',
  // Shown from 'At delivery' to year N of the years entered, a fraction included (2.5 years shows up to Year 2, as
  // the server rounds it down), so no gain the rounded figure needs is left out of the submission.
  visibleWhen:
    index <= 1
      ? { fieldId: 'yearsToTargetCondition', filled: true }
      : { fieldId: 'yearsToTargetCondition', atLeast: index },
})) satisfies FieldDefinition[];

/**
 * SPEC 5 "Biodiversity supply": years to target condition rounded down, 1 to 30; a gain for each year from 0 to N
 * ('Required' each), the list trimmed to N + 1 entries.
 */
const biodiversitySupplyInput = z
  .object({
    baselineUnitsLost: unitsOrZero('Biodiversity'),
    yearsToTargetCondition: z
      .number({ error: requiredError })
      .transform(Math.floor)
      .pipe(
        z
          .number()
          .min(YEARS_TO_TARGET_CONDITION.min, { error: MESSAGES.atLeastOneYear })
          .max(YEARS_TO_TARGET_CONDITION.max, { error: MESSAGES.atMostThirtyYears }),
      ),
    gainsPerYear: z.unknown().optional(),
  })
  .transform((value, ctx) => {
    const years = value.yearsToTargetCondition;
    const given = indexedItems(value.gainsPerYear);
    const gains: number[] = [];
    for (let index = 0; index <= years; index += 1) {
      const gain = given[index];
      const problem =
        typeof gain === 'number' && Number.isFinite(gain)
          ? unitsProblem(gain, { type: 'Biodiversity', zero: true })
          : MESSAGES.gainRequired;
      if (problem === undefined && typeof gain === 'number') gains.push(gain);
      else
        ctx.addIssue({
          code: 'custom',
          path: ['gainsPerYear', String(index)],
          message: problem ?? MESSAGES.gainRequired,
        });
    }
    return { ...value, gainsPerYear: gains };
  });

/** Parsed biodiversity supply: `gainsPerYear` has exactly yearsToTargetCondition + 1 entries. */
export type BiodiversitySupplyValues = z.output<typeof biodiversitySupplyInput>;

/** Set biodiversity supply: baseline units lost, years to target condition and the gain each year. */
export const setBiodiversitySupply = defineAction({
  id: 'SetBiodiversitySupply',
  entity: PROJECT_ENTITY,
  title: 'Set biodiversity supply',
  fields: [
    { id: 'baselineUnitsLost', type: 'Number', label: 'Baseline units lost', suffix: 'units' },
    {
      id: 'yearsToTargetCondition',
      type: 'Number',
      label: 'Years to target condition',
      decimals: 0,
      min: YEARS_TO_TARGET_CONDITION.min,
      max: YEARS_TO_TARGET_CONDITION.max,
    },
    ...gainFields,
  ],
  input: biodiversitySupplyInput,
  lifecycle: { from: PROJECT_EDITABLE_STATUSES },
});
