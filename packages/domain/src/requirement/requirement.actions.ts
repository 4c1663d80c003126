import { z } from 'zod';
import { defineAction } from '../forms/action.ts';
import { isMissing, withRules } from '../forms/refine.ts';
import { fileValue, optionalFileValue } from '../forms/rules.ts';
import { clearingExclusionFields, clearingExclusionInput } from '../market/clearing-exclusion.ts';
import { completionFields, completionInput } from '../market/completion.ts';
import { declarationsShape } from '../market/declarations.ts';
import { optionsOf } from '../market/round.fields.ts';
import { recordName } from '../project/record-name.ts';
import { OPTION_SOURCES } from '../refdata/refdata.sources.ts';
import { money } from '../validation/amounts.ts';
import { MESSAGES, WARNINGS } from '../validation/messages.ts';
import { optionalText, requiredText } from '../validation/rules.ts';
import { DOCUMENT_UPLOAD_EXTENSIONS } from '../vocab/constants.ts';
import { CREDIT_REQUIREMENT_TYPES } from '../vocab/credits.ts';
import { labelsOf } from '../vocab/labels.ts';
import type { CreditRequirementStatus } from '../vocab/statuses.ts';
import { creditRequirementTypeSchema } from '../vocab/vocab.schemas.ts';
import { REQUIREMENT_ENTITY } from './requirement.credits.ts';
import { REQUIREMENT_EDITABLE_STATUSES } from './requirement.lifecycle.ts';

const typeField = {
  id: 'type',
  type: 'Select',
  label: 'Requirement for',
  options: optionsOf(
    CREDIT_REQUIREMENT_TYPES,
    labelsOf(CREDIT_REQUIREMENT_TYPES, { Buyer: 'A buyer (development)', Investor: 'An investor' }),
  ),
} as const;

/**
 * The first step of the new-requirement wizard (`POST /api/requirements`): a Draft requirement of a buyer or
 * investor. The server warns 'Not registered as a buyer or investor in any open market rounds' when it applies and
 * answers `nextAction` with the credits step (see `REQUIREMENT_WIZARD`).
 */
export const createRequirement = defineAction({
  id: 'CreateRequirement',
  entity: REQUIREMENT_ENTITY,
  title: 'Add credit requirement',
  actionLabel: 'Save and continue',
  create: true,
  cannotCancel: true,
  fields: [
    { id: 'name', type: 'Input', label: 'Requirement name' },
    typeField,
    { id: 'buyerId', type: 'Select', label: 'Buyer or investor', optionsSource: OPTION_SOURCES.participants },
    { id: 'agentId', type: 'Select', label: 'Agent', optional: true, optionsSource: OPTION_SOURCES.agents },
    {
      id: 'marketRoundId',
      type: 'Select',
      label: 'Market round',
      optional: true,
      placeholder: 'Choose a market round',
      // The server offers each round only for the owners and types registered in it.
      dependsOn: ['type', 'buyerId'],
    },
  ],
  input: z.object({
    name: recordName(),
    type: creditRequirementTypeSchema,
    buyerId: requiredText(),
    agentId: optionalText(),
    marketRoundId: optionalText(),
  }),
});

/** The details of a requirement: name and type; changing the type warns that its data is removed. */
const requirementDetailsInput = z.object({ name: recordName(), type: creditRequirementTypeSchema });

/**
 * Update: name and type. The server sends `settings.currentType`; choosing another type warns 'Changing type will
 * remove all data from the credit requirement', and saving does so.
 */
export const updateRequirement = defineAction({
  id: 'Update',
  entity: REQUIREMENT_ENTITY,
  title: 'Update details',
  actionLabel: 'Update',
  fields: [{ id: 'name', type: 'Input', label: 'Requirement name' }, typeField],
  input: requirementDetailsInput,
  warnings: (values, settings) =>
    typeof settings.currentType === 'string' &&
    values.type !== undefined &&
    values.type !== settings.currentType
      ? [{ path: 'type', message: WARNINGS.requirementTypeChange }]
      : [],
  lifecycle: { from: REQUIREMENT_EDITABLE_STATUSES },
});

/** Register: the round and its credit requirement registration declarations. */
export const registerRequirement = defineAction({
  id: 'Register',
  entity: REQUIREMENT_ENTITY,
  title: 'Register credit requirement for market round',
  actionLabel: 'Register',
  confirm: 'check-answers',
  fields: [
    { id: 'marketRoundId', type: 'Select', label: 'Market round', placeholder: 'Choose a market round' },
  ],
  input: z.object({ marketRoundId: requiredText(), ...declarationsShape }),
  lifecycle: { from: ['Draft', 'Unmatched'] satisfies CreditRequirementStatus[], to: 'Provisional' },
});

/** CompleteRegistration: confirmed Yes, or only the issues the server found ('Fix the above issues before trying again'). */
export const completeRequirementRegistration = defineAction({
  id: 'CompleteRegistration',
  entity: REQUIREMENT_ENTITY,
  title: 'Complete registration',
  actionLabel: 'Complete',
  fields: completionFields,
  input: completionInput,
  lifecycle: { from: ['Provisional'] satisfies CreditRequirementStatus[], to: 'Registered' },
});

/**
 * The initial value by which the server tells SetBid's form not to ask 'Would ongoing units alone be acceptable?':
 * true unless the requirement is a nutrient requirement outside a group (a group clears its full need only). Only
 * the browser's form reads it: a submission without it is validated whole and SetBid refuses what does not apply.
 */
export const ONGOING_ONLY_NOT_ASKED = 'ongoingOnlyNotAsked';

/** Why SetBid refuses ongoing units alone on a requirement (no nutrient credits, or in a group); none when it may. */
export const ongoingOnlyRefusal = (requirement: {
  creditTypes: readonly string[];
  inGroup: boolean;
}): string | undefined => {
  if (!requirement.creditTypes.some((type) => type !== 'Biodiversity'))
    return 'Ongoing units alone apply only to nutrient credit requirements';
  if (requirement.inGroup)
    return 'A credit requirement in a group is cleared for its full need only: ongoing units alone cannot be accepted';
  return undefined;
};

/**
 * SetBid (sealed): the bid for the whole need, greater than 0; when ongoing-only supply is accepted, the bid for
 * that alternative too ('Field required'); the bid declarations all true.
 */
export const setBid = defineAction({
  id: 'SetBid',
  entity: REQUIREMENT_ENTITY,
  title: 'Set bid',
  confirm: 'check-answers',
  fields: [
    {
      // Never shown: filled in by the server only where the next question is not asked (then hidden by its value).
      id: ONGOING_ONLY_NOT_ASKED,
      type: 'Boolean',
      label: 'Ongoing units alone not asked',
      readonly: true,
      optional: true,
      ifBlank: { hide: true },
      visibleWhen: { fieldId: ONGOING_ONLY_NOT_ASKED, filled: true },
    },
    {
      id: 'bid',
      type: 'Number',
      label: 'Bid',
      prefix: '£',
      hint: 'What you will pay for the whole requirement.',
    },
    {
      id: 'acceptOngoingOnly',
      type: 'YesNo',
      label: 'Would ongoing units alone be acceptable?',
      optional: true,
      // Not asked where the server sends `ongoingOnlyNotAsked` (a biodiversity requirement, one in a group).
      visibleWhen: { fieldId: ONGOING_ONLY_NOT_ASKED, filled: false },
    },
    {
      id: 'bidOngoingOnly',
      type: 'Number',
      label: 'Bid for ongoing units only',
      prefix: '£',
      visibleWhen: { fieldId: 'acceptOngoingOnly', oneOf: [true] },
    },
  ],
  input: withRules(
    z.object({
      bid: money(),
      acceptOngoingOnly: z
        .boolean()
        .optional()
        .transform((value) => value ?? false),
      bidOngoingOnly: z.preprocess(
        (value) => (value === '' || value === null ? undefined : value),
        money().optional(),
      ),
      ...declarationsShape,
    }),
    (value, addIssue) => {
      if (value.acceptOngoingOnly === true && isMissing(value.bidOngoingOnly))
        addIssue(['bidOngoingOnly'], MESSAGES.required);
    },
  ),
  lifecycle: { from: ['Registered', 'Bid'] satisfies CreditRequirementStatus[], to: 'Bid' },
});

/** ExcludeFromClearing: the operator keeps a bid out of its round's clearing, with the reason. */
export const excludeRequirementFromClearing = defineAction({
  id: 'ExcludeFromClearing',
  entity: REQUIREMENT_ENTITY,
  title: 'Exclude from the clearing',
  actionLabel: 'Exclude',
  text: 'Keep this bid out of the clearing of its round? Match then runs without it until it is reinstated.',
  fields: clearingExclusionFields,
  input: clearingExclusionInput,
  lifecycle: { from: ['Bid'] satisfies CreditRequirementStatus[] },
});

/** ReinstateInClearing: the operator lets an excluded bid enter its round's clearing again, with the reason. */
export const reinstateRequirementInClearing = defineAction({
  id: 'ReinstateInClearing',
  entity: REQUIREMENT_ENTITY,
  title: 'Reinstate in the clearing',
  actionLabel: 'Reinstate',
  text: 'Let this bid enter the clearing of its round again?',
  fields: clearingExclusionFields,
  input: clearingExclusionInput,
  lifecycle: { from: ['Bid'] satisfies CreditRequirementStatus[] },
});

/**
 * AllocateRights: once every supplying project is contracted. Curlew issues the credit allocation certificate, dated
 * the day of the allocation; a signed copy may come with it and then stands as the requirement's certificate.
 */
export const allocateRights = defineAction({
  id: 'AllocateRights',
  entity: REQUIREMENT_ENTITY,
  title: 'Allocate rights',
  actionLabel: 'Allocate',
  text: 'Allocate the rights of this requirement? Curlew issues its credit allocation certificate, dated today. A signed copy of the certificate, if you have one, replaces it.',
  fields: [
    {
      id: 'certificate',
      type: 'File',
      label: 'Signed copy of the certificate',
      optional: true,
      accept: DOCUMENT_UPLOAD_EXTENSIONS,
    },
  ],
  input: z.object({ certificate: optionalFileValue(DOCUMENT_UPLOAD_EXTENSIONS) }),
  lifecycle: { from: ['RightsCreated'] satisfies CreditRequirementStatus[], to: 'RightsAllocated' },
});

/** IssueCredits: once every supplying project is verified. */
export const issueCredits = defineAction({
  id: 'IssueCredits',
  entity: REQUIREMENT_ENTITY,
  title: 'Issue credits',
  actionLabel: 'Issue',
  text: 'Issue the credits of this requirement? Every supplying project has been verified.',
  modal: true,
  fields: [],
  input: z.object({}),
  lifecycle: { from: ['RightsAllocated'] satisfies CreditRequirementStatus[], to: 'CreditsIssued' },
});

/** RedeemCredits: with the redeem notice. */
export const redeemCredits = defineAction({
  id: 'RedeemCredits',
  entity: REQUIREMENT_ENTITY,
  title: 'Redeem credits',
  actionLabel: 'Redeem',
  fields: [{ id: 'redeemNotice', type: 'File', label: 'Redeem notice', accept: DOCUMENT_UPLOAD_EXTENSIONS }],
  input: z.object({ redeemNotice: fileValue(DOCUMENT_UPLOAD_EXTENSIONS) }),
  lifecycle: { from: ['CreditsIssued'] satisfies CreditRequirementStatus[], to: 'CreditsRedeemed' },
});

/** Retire: redeemed credits are retired for good. */
export const retireCredits = defineAction({
  id: 'Retire',
  entity: REQUIREMENT_ENTITY,
  title: 'Retire credits',
  actionLabel: 'Retire',
  text: 'Retire the redeemed credits of this requirement? They can no longer be used.',
  modal: true,
  fields: [],
  input: z.object({}),
  lifecycle: { from: ['CreditsRedeemed'] satisfies CreditRequirementStatus[], to: 'Retired' },
});

/** Upload the credit supply agreement (after the match). */
export const uploadCreditSupplyAgreement = defineAction({
  id: 'UploadCreditSupplyAgreement',
  entity: REQUIREMENT_ENTITY,
  title: 'Upload credit supply agreement',
  actionLabel: 'Confirm upload',
  fields: [
    {
      id: 'creditSupplyAgreement',
      type: 'File',
      label: 'Credit supply agreement',
      accept: DOCUMENT_UPLOAD_EXTENSIONS,
    },
  ],
  input: z.object({ creditSupplyAgreement: fileValue(DOCUMENT_UPLOAD_EXTENSIONS) }),
  lifecycle: {
    from: ['RightsCreated', 'RightsAllocated', 'CreditsIssued'] satisfies CreditRequirementStatus[],
  },
});
