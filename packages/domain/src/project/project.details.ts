import { z } from 'zod';
import { defineAction } from '../forms/action.ts';
import type { FieldDefinition } from '../forms/fields.ts';
import { includesAny, isMissing, withRules } from '../forms/refine.ts';
import { choicesValue, optionalFileValue, yesNoValue } from '../forms/rules.ts';
import { completionInput, skippableCompletionFields } from '../market/completion.ts';
import { declarationsShape } from '../market/declarations.ts';
import { PLACE_FIELDS } from '../market/place.fields.ts';
import { optionsOf } from '../market/round.fields.ts';
import { OPTION_SOURCES } from '../refdata/refdata.sources.ts';
import { moneyOrZero } from '../validation/amounts.ts';
import { optionalGridReference, optionalThreeWords } from '../validation/location.ts';
import { MESSAGES, WARNINGS } from '../validation/messages.ts';
import { optionalText, requiredText } from '../validation/rules.ts';
import { DOCUMENT_UPLOAD_EXTENSIONS } from '../vocab/constants.ts';
import {
  CREDIT_DURATION_LABELS,
  CREDIT_TYPE_LABELS,
  CREDIT_TYPES,
  type CreditDuration,
  NUTRIENT_CREDIT_TYPES,
} from '../vocab/credits.ts';
import type { ProjectStatus } from '../vocab/statuses.ts';
import { creditTypeSchema } from '../vocab/vocab.schemas.ts';
import { PROJECT_EDITABLE_STATUSES, PROJECT_REREGISTER_STATUSES } from './project.lifecycle.ts';
import { PROJECT_ENTITY } from './project.services.ts';
import { recordName } from './record-name.ts';

/** The durations a fixed-term project may offer: 1 to 5 years (SPEC 9). */
const FIXED_TERM_DURATIONS = [
  'OneYear',
  'TwoYears',
  'ThreeYears',
  'FourYears',
  'FiveYears',
] as const satisfies readonly CreditDuration[];

/** Add project (projects list): a Draft project of a supplier, optionally for a round. */
export const createProject = defineAction({
  id: 'CreateProject',
  entity: PROJECT_ENTITY,
  title: 'Add project',
  actionLabel: 'Add project',
  create: true,
  fields: [
    { id: 'name', type: 'Input', label: 'Project name' },
    { id: 'supplierId', type: 'Select', label: 'Supplier', optionsSource: OPTION_SOURCES.participants },
    { id: 'agentId', type: 'Select', label: 'Agent', optional: true, optionsSource: OPTION_SOURCES.agents },
    {
      id: 'marketRoundId',
      type: 'Select',
      label: 'Market round',
      optional: true,
      placeholder: 'Choose a market round',
    },
    {
      id: 'landholderInfo',
      type: 'File',
      label: 'Landholder information',
      optional: true,
      accept: DOCUMENT_UPLOAD_EXTENSIONS,
    },
    { id: 'isFixedTerm', type: 'YesNo', label: 'Is the mitigation for a fixed term?' },
    {
      id: 'mitigationDurations',
      type: 'SelectMulti',
      label: 'Mitigation durations offered',
      options: optionsOf(FIXED_TERM_DURATIONS, CREDIT_DURATION_LABELS),
      visibleWhen: { fieldId: 'isFixedTerm', oneOf: [true] },
    },
  ],
  input: withRules(
    z.object({
      name: recordName(),
      supplierId: requiredText(),
      agentId: optionalText(),
      marketRoundId: optionalText(),
      landholderInfo: optionalFileValue(DOCUMENT_UPLOAD_EXTENSIONS),
      isFixedTerm: yesNoValue(),
      mitigationDurations: z.array(z.enum(FIXED_TERM_DURATIONS)).optional(),
      ...declarationsShape,
    }),
    (value, addIssue) => {
      if (value.isFixedTerm !== true) return;
      if (value.mitigationDurations === undefined || value.mitigationDurations === null)
        addIssue(['mitigationDurations'], MESSAGES.required);
      else if (Array.isArray(value.mitigationDurations) && value.mitigationDurations.length === 0)
        addIssue(['mitigationDurations'], MESSAGES.emptyArray);
    },
  ),
});

/**
 * Update details: name and project type. A type flagged incompatible with the current service warns and removes
 * the service on save; the server sends `settings.incompatibleTypeIds` and `settings.hasService`.
 */
export const updateProject = defineAction({
  id: 'Update',
  entity: PROJECT_ENTITY,
  title: 'Update details',
  actionLabel: 'Update',
  fields: [
    { id: 'name', type: 'Input', label: 'Project name' },
    { id: 'typeId', type: 'Select', label: 'Project type', optionsSource: OPTION_SOURCES.projectTypes },
  ],
  input: z.object({ name: recordName(), typeId: requiredText() }),
  warnings: (values, settings) => {
    const incompatible = settings.incompatibleTypeIds;
    return settings.hasService === true &&
      typeof values.typeId === 'string' &&
      Array.isArray(incompatible) &&
      incompatible.includes(values.typeId)
      ? [{ path: 'typeId', message: WARNINGS.incompatibleProjectType }]
      : [];
  },
  lifecycle: { from: PROJECT_EDITABLE_STATUSES },
});

/** Set location: NCA for biodiversity, subcatchment for nitrogen or phosphorous, each hidden otherwise. */
export const setProjectLocation = defineAction({
  id: 'SetLocation',
  entity: PROJECT_ENTITY,
  title: 'Set location',
  fields: [
    {
      id: 'creditTypes',
      type: 'SelectMulti',
      label: 'Credit types',
      options: optionsOf(CREDIT_TYPES, CREDIT_TYPE_LABELS),
    },
    { id: 'lpa', type: 'Select', label: 'Local planning authority', optionsSource: OPTION_SOURCES.lpas },
    {
      id: 'nca',
      type: 'Select',
      label: 'National Character Area',
      optionsSource: OPTION_SOURCES.ncas,
      visibleWhen: { fieldId: 'creditTypes', oneOf: ['Biodiversity'] },
    },
    {
      id: 'subcatchment',
      type: 'Select',
      label: 'Subcatchment',
      optionsSource: OPTION_SOURCES.subcatchments,
      visibleWhen: { fieldId: 'creditTypes', oneOf: NUTRIENT_CREDIT_TYPES },
    },
    ...PLACE_FIELDS,
  ],
  input: withRules(
    z.object({
      creditTypes: choicesValue().pipe(z.array(creditTypeSchema)),
      lpa: requiredText(),
      nca: optionalText(),
      subcatchment: optionalText(),
      nearAddress: requiredText(),
      gridReference: optionalGridReference(),
      threeWords: optionalThreeWords(),
    }),
    (value, addIssue) => {
      if (includesAny(value.creditTypes, ['Biodiversity']) && isMissing(value.nca))
        addIssue(['nca'], MESSAGES.required);
      if (includesAny(value.creditTypes, NUTRIENT_CREDIT_TYPES) && isMissing(value.subcatchment))
        addIssue(['subcatchment'], MESSAGES.required);
    },
  ),
  lifecycle: { from: PROJECT_EDITABLE_STATUSES },
});

/** Set project costs and fees: four lifetime amounts in pounds, none negative (SPEC 9 hints). */
export const setProjectCosts = defineAction({
  id: 'SetCosts',
  entity: PROJECT_ENTITY,
  title: 'Set project costs and fees',
  actionLabel: 'Set costs and fees',
  fields: [
    {
      id: 'maintenance',
      type: 'Number',
      label: 'Maintenance',
      prefix: '£',
      hint: 'The total across the project lifetime, not a yearly cost.',
    },
    {
      id: 'marketOperator',
      type: 'Number',
      label: 'Market operator fee',
      prefix: '£',
      hint: 'A one-off fee.',
    },
    {
      id: 'complianceMonitoring',
      type: 'Number',
      label: 'Compliance monitoring',
      prefix: '£',
      hint: 'The total across the project lifetime.',
    },
    {
      id: 'performanceMonitoring',
      type: 'Number',
      label: 'Performance monitoring',
      prefix: '£',
      hint: 'The total across the project lifetime.',
    },
  ],
  input: z.object({
    maintenance: moneyOrZero(),
    marketOperator: moneyOrZero(),
    complianceMonitoring: moneyOrZero(),
    performanceMonitoring: moneyOrZero(),
  }),
  lifecycle: { from: PROJECT_EDITABLE_STATUSES },
});

const roundField = {
  id: 'marketRoundId',
  type: 'Select',
  label: 'Market round',
  placeholder: 'Choose a market round',
} as const satisfies FieldDefinition;

/** Register project for market round: the round and its project registration declarations. */
export const registerProject = defineAction({
  id: 'Register',
  entity: PROJECT_ENTITY,
  title: 'Register project for market round',
  actionLabel: 'Register',
  confirm: 'check-answers',
  fields: [roundField],
  input: z.object({ marketRoundId: requiredText(), ...declarationsShape }),
  lifecycle: { from: ['Draft'] satisfies ProjectStatus[], to: 'Provisional' },
});

/**
 * Complete registration: Registered, or straight to Certified when the project may skip (certified in an earlier
 * round and unchanged; the server decides `canSkip`) and the supplier chooses to.
 */
export const completeProjectRegistration = defineAction({
  id: 'CompleteRegistration',
  entity: PROJECT_ENTITY,
  title: 'Complete registration',
  actionLabel: 'Complete',
  fields: skippableCompletionFields,
  input: completionInput,
  lifecycle: {
    from: ['Provisional'] satisfies ProjectStatus[],
    to: ['Registered', 'Certified'] satisfies ProjectStatus[],
    target: (values) => (values.canSkip === true && values.skip === true ? 'Certified' : 'Registered'),
  },
});

/** Reregister for new market round: landholder information again when the project has changed. */
export const reregisterProject = defineAction({
  id: 'Reregister',
  entity: PROJECT_ENTITY,
  title: 'Reregister for new market round',
  actionLabel: 'Register',
  fields: [
    roundField,
    { id: 'hasChanged', type: 'YesNo', label: 'Has the project changed since the last round?' },
    {
      id: 'landholderInfo',
      type: 'File',
      label: 'Landholder information',
      accept: DOCUMENT_UPLOAD_EXTENSIONS,
      visibleWhen: { fieldId: 'hasChanged', oneOf: [true] },
    },
  ],
  input: withRules(
    z.object({
      marketRoundId: requiredText(),
      hasChanged: yesNoValue(),
      landholderInfo: optionalFileValue(DOCUMENT_UPLOAD_EXTENSIONS),
      ...declarationsShape,
    }),
    (value, addIssue) => {
      if (value.hasChanged === true && isMissing(value.landholderInfo))
        addIssue(['landholderInfo'], MESSAGES.required);
    },
  ),
  lifecycle: { from: PROJECT_REREGISTER_STATUSES, to: 'Provisional' },
});
