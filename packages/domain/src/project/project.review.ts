import { z } from 'zod';
import { defineAction } from '../forms/action.ts';
import type { FieldDefinition } from '../forms/fields.ts';
import { indexedItems } from '../forms/indexed.ts';
import { isDateText, isMissing, withRules } from '../forms/refine.ts';
import { fileValue, optionalFileValue, pastOrTodayIsoDateValue } from '../forms/rules.ts';
import { clearingExclusionFields, clearingExclusionInput } from '../market/clearing-exclusion.ts';
import { declarationsShape } from '../market/declarations.ts';
import { optionsOf } from '../market/round.fields.ts';
import { OPTION_SOURCES } from '../refdata/refdata.sources.ts';
import { money } from '../validation/amounts.ts';
import { MESSAGES } from '../validation/messages.ts';
import { optionalText, requiredText } from '../validation/rules.ts';
import { CERTIFICATION_STANDARD_PLACEHOLDER, DOCUMENT_UPLOAD_EXTENSIONS } from '../vocab/constants.ts';
import {
  CERTIFICATION_DECISION_LABELS,
  CERTIFICATION_DECISIONS,
  type CertificationDecision,
  REVIEW_OUTCOMES,
  type ReviewOutcome,
} from '../vocab/decisions.ts';
import { labelsOf } from '../vocab/labels.ts';
import type { ProjectStatus } from '../vocab/statuses.ts';
import { certificationDecisionSchema, reviewOutcomeSchema } from '../vocab/vocab.schemas.ts';
import { PROJECT_ENTITY } from './project.services.ts';

const outcomeField = {
  id: 'outcome',
  type: 'Select',
  label: 'Outcome',
  options: optionsOf(REVIEW_OUTCOMES, labelsOf(REVIEW_OUTCOMES)),
} as const satisfies FieldDefinition;

/** The project status each screening outcome leads to. */
const SCREENING_STATUS = {
  Pass: 'Screened',
  Fail: 'FailedScreening',
  Pending: 'PendingScreening',
} as const satisfies Record<ReviewOutcome, ProjectStatus>;

/** Add project screening outcome: a comment is required for Fail or Pending; a Pass clears it. */
export const addScreeningOutcome = defineAction({
  id: 'AddScreeningOutcome',
  entity: PROJECT_ENTITY,
  title: 'Add project screening outcome',
  actionLabel: 'Add outcome',
  fields: [
    outcomeField,
    {
      id: 'comment',
      type: 'TextArea',
      label: 'Comment',
      rows: 3,
      visibleWhen: { fieldId: 'outcome', notOneOf: ['Pass'] },
    },
    {
      id: 'screeningSteps',
      type: 'File',
      label: 'Screening steps',
      optional: true,
      accept: DOCUMENT_UPLOAD_EXTENSIONS,
    },
    {
      id: 'screeningOutcome',
      type: 'File',
      label: 'Screening outcome report',
      optional: true,
      accept: DOCUMENT_UPLOAD_EXTENSIONS,
    },
  ],
  input: withRules(
    z.object({
      outcome: reviewOutcomeSchema,
      comment: optionalText(),
      screeningSteps: optionalFileValue(DOCUMENT_UPLOAD_EXTENSIONS),
      screeningOutcome: optionalFileValue(DOCUMENT_UPLOAD_EXTENSIONS),
    }),
    (value, addIssue) => {
      if ((value.outcome === 'Fail' || value.outcome === 'Pending') && isMissing(value.comment))
        addIssue(['comment'], MESSAGES.required);
    },
  ).transform((value) => (value.outcome === 'Pass' ? { ...value, comment: undefined } : value)),
  lifecycle: {
    from: ['Registered', 'PendingScreening'] satisfies ProjectStatus[],
    to: ['Screened', 'FailedScreening', 'PendingScreening'] satisfies ProjectStatus[],
    target: (values) => SCREENING_STATUS[values.outcome],
  },
});

/** The project status each pre-market review outcome leads to. */
const PRE_MARKET_REVIEW_STATUS = {
  Pass: 'ApprovedRound',
  Fail: 'FailedRound',
  Pending: 'PendingRound',
} as const satisfies Record<ReviewOutcome, ProjectStatus>;

const notPass = { fieldId: 'outcome', oneOf: ['Fail', 'Pending'] } as const;

/** Set the outcome of the pre-market review: unless Pass, a reason or a report (or both). */
export const setPreMarketReviewOutcome = defineAction({
  id: 'SetPreMarketReviewOutcome',
  entity: PROJECT_ENTITY,
  title: 'Set the outcome of the pre-market review',
  actionLabel: 'Submit',
  fields: [
    outcomeField,
    { id: 'reason', type: 'TextArea', label: 'Reason', rows: 3, optional: true, visibleWhen: notPass },
    {
      id: 'report',
      type: 'File',
      label: 'Report',
      optional: true,
      accept: DOCUMENT_UPLOAD_EXTENSIONS,
      visibleWhen: notPass,
    },
  ],
  input: withRules(
    z.object({
      outcome: reviewOutcomeSchema,
      reason: optionalText(),
      report: optionalFileValue(DOCUMENT_UPLOAD_EXTENSIONS),
    }),
    (value, addIssue) => {
      if (
        (value.outcome === 'Fail' || value.outcome === 'Pending') &&
        isMissing(value.reason) &&
        isMissing(value.report)
      )
        addIssue(['reason'], MESSAGES.reasonOrReport);
    },
  ),
  lifecycle: {
    from: ['Screened', 'PendingRound'] satisfies ProjectStatus[],
    to: ['ApprovedRound', 'FailedRound', 'PendingRound'] satisfies ProjectStatus[],
    target: (values) => PRE_MARKET_REVIEW_STATUS[values.outcome],
  },
});

/** How many services one certification decision can cover. */
const MAX_CERTIFIED_SERVICES = 10;

const serviceCertificationFields = Array.from({ length: MAX_CERTIFIED_SERVICES }, (_, index) => {
  const prefix = `serviceCertifications.${index}`;
  const present = { fieldId: `${prefix}.id`, filled: true };
  return [
    { id: `${prefix}.id`, type: 'Select' as const, label: 'Service', readonly: true, visibleWhen: present },
    {
      id: `${prefix}.standardId`,
      type: 'Select' as const,
      label: 'Standard',
      optionsSource: OPTION_SOURCES.standards,
      visibleWhen: present,
    },
    {
      id: `${prefix}.decision`,
      type: 'Select' as const,
      label: 'Certified?',
      options: optionsOf(CERTIFICATION_DECISIONS, CERTIFICATION_DECISION_LABELS),
      visibleWhen: present,
    },
  ];
}).flat() satisfies FieldDefinition[];

const serviceCertificationSchema = z.object({
  id: requiredText(),
  standardId: requiredText(),
  decision: certificationDecisionSchema,
});

/** One service's decision. */
export type ServiceCertification = z.output<typeof serviceCertificationSchema>;

/** Whether a certification decision certifies its service: Yes with a standard other than NA. */
export const certifiesService = (certification: {
  standardId: string;
  decision: CertificationDecision;
}): boolean =>
  certification.decision === 'Yes' && certification.standardId !== CERTIFICATION_STANDARD_PLACEHOLDER;

/**
 * Set certification decision: who assessed and reviewed it and when (assessed not after reviewed), and for each
 * service a standard and a decision; Yes needs a standard other than NA ('Must choose a standard').
 */
export const setCertificationDecision = defineAction({
  id: 'SetCertificationDecision',
  entity: PROJECT_ENTITY,
  title: 'Set certification decision',
  fields: [
    { id: 'statement', type: 'File', label: 'Certification statement', accept: DOCUMENT_UPLOAD_EXTENSIONS },
    { id: 'assessedByName', type: 'Input', label: 'Name' },
    { id: 'assessedByOrg', type: 'Input', label: 'Organisation' },
    { id: 'assessedByPosition', type: 'Input', label: 'Position' },
    { id: 'assessedDate', type: 'Date', label: 'Date assessed' },
    { id: 'reviewedByName', type: 'Input', label: 'Name' },
    { id: 'reviewedByOrg', type: 'Input', label: 'Organisation' },
    { id: 'reviewedByPosition', type: 'Input', label: 'Position' },
    { id: 'reviewedDate', type: 'Date', label: 'Date reviewed' },
    ...serviceCertificationFields,
  ],
  groups: [
    {
      id: 'assessed',
      label: 'Assessed by',
      collapsible: false,
      fieldIds: ['assessedByName', 'assessedByOrg', 'assessedByPosition', 'assessedDate'],
    },
    {
      id: 'reviewed',
      label: 'Reviewed by',
      collapsible: false,
      fieldIds: ['reviewedByName', 'reviewedByOrg', 'reviewedByPosition', 'reviewedDate'],
    },
  ],
  input: withRules(
    z.object({
      statement: fileValue(DOCUMENT_UPLOAD_EXTENSIONS),
      assessedByName: requiredText(),
      assessedByOrg: requiredText(),
      assessedByPosition: requiredText(),
      assessedDate: pastOrTodayIsoDateValue(),
      reviewedByName: requiredText(),
      reviewedByOrg: requiredText(),
      reviewedByPosition: requiredText(),
      reviewedDate: pastOrTodayIsoDateValue(),
      serviceCertifications: z.preprocess(
        indexedItems,
        z.array(serviceCertificationSchema).min(1, { error: MESSAGES.emptyArray }),
      ),
    }),
    (value, addIssue) => {
      if (
        isDateText(value.assessedDate) &&
        isDateText(value.reviewedDate) &&
        value.assessedDate > value.reviewedDate
      ) {
        addIssue(['assessedDate'], MESSAGES.afterDateReviewed);
        addIssue(['reviewedDate'], MESSAGES.beforeDateAssessed);
      }
      indexedItems(value.serviceCertifications).forEach((item, index) => {
        if (typeof item !== 'object' || item === null) return;
        const { standardId, decision } = item as { standardId?: unknown; decision?: unknown };
        if (decision === 'Yes' && standardId === CERTIFICATION_STANDARD_PLACEHOLDER)
          addIssue(['serviceCertifications', index, 'standardId'], MESSAGES.chooseStandard);
      });
    },
  ),
  lifecycle: {
    from: ['ApprovedRound'] satisfies ProjectStatus[],
    to: ['Certified', 'NotCertified'] satisfies ProjectStatus[],
    target: (values) => (values.serviceCertifications.some(certifiesService) ? 'Certified' : 'NotCertified'),
  },
});

/** Set offer: the price for the project (sealed), with the offer declarations; the project's key facts read-only. */
export const setOffer = defineAction({
  id: 'SetOffer',
  entity: PROJECT_ENTITY,
  title: 'Set offer',
  confirm: 'check-answers',
  fields: [
    { id: 'name', type: 'Input', label: 'Project', readonly: true },
    { id: 'type', type: 'Input', label: 'Project type', readonly: true },
    { id: 'area', type: 'Number', label: 'Area', suffix: 'ha', readonly: true },
    { id: 'start', type: 'Date', label: 'Mitigation begins', readonly: true, formatter: 'date' },
    { id: 'maintenance', type: 'Number', label: 'Maintenance', readonly: true, formatter: 'currency' },
    {
      id: 'offer',
      type: 'Number',
      label: 'Offer',
      prefix: '£',
      hint: 'What you need to receive for the project, maintenance included; fees and monitoring are added to it.',
    },
  ],
  input: z.object({ offer: money(), ...declarationsShape }),
  lifecycle: { from: ['Certified', 'Offered'] satisfies ProjectStatus[], to: 'Offered' },
});

/** ExcludeFromClearing: the operator keeps an offered project out of its round's clearing, with the reason. */
export const excludeProjectFromClearing = defineAction({
  id: 'ExcludeFromClearing',
  entity: PROJECT_ENTITY,
  title: 'Exclude from the clearing',
  actionLabel: 'Exclude',
  text: 'Keep this offer out of the clearing of its round? Match then runs without it until it is reinstated.',
  fields: clearingExclusionFields,
  input: clearingExclusionInput,
  lifecycle: { from: ['Offered'] satisfies ProjectStatus[] },
});

/** ReinstateInClearing: the operator lets an excluded offer enter its round's clearing again, with the reason. */
export const reinstateProjectInClearing = defineAction({
  id: 'ReinstateInClearing',
  entity: PROJECT_ENTITY,
  title: 'Reinstate in the clearing',
  actionLabel: 'Reinstate',
  text: 'Let this offer enter the clearing of its round again?',
  fields: clearingExclusionFields,
  input: clearingExclusionInput,
  lifecycle: { from: ['Offered'] satisfies ProjectStatus[] },
});
