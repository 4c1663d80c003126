import { z } from 'zod';
import { defineAction } from '../forms/action.ts';
import type { FieldDefinition } from '../forms/fields.ts';
import { isMissing, withRules } from '../forms/refine.ts';
import {
  fileValue,
  optionalFileValue,
  optionalIsoDateValue,
  pastOrTodayIsoDateValue,
  yesNoValue,
} from '../forms/rules.ts';
import { optionsOf } from '../market/round.fields.ts';
import { MESSAGES } from '../validation/messages.ts';
import { optionalText, requiredText } from '../validation/rules.ts';
import { DOCUMENT_UPLOAD_EXTENSIONS } from '../vocab/constants.ts';
import { COMPLIANCE_NEXT_ACTION_LABELS, COMPLIANCE_NEXT_ACTIONS } from '../vocab/decisions.ts';
import type { ProjectStatus } from '../vocab/statuses.ts';
import { complianceNextActionSchema } from '../vocab/vocab.schemas.ts';
import { PROJECT_EDITABLE_STATUSES, PROJECT_MONITORING_STATUSES } from './project.lifecycle.ts';
import { PROJECT_ENTITY } from './project.services.ts';

const uploadAgreement = <const Id extends string, const FieldId extends string>(
  id: Id,
  fieldId: FieldId,
  title: string,
) =>
  defineAction({
    id,
    entity: PROJECT_ENTITY,
    title,
    actionLabel: 'Confirm upload',
    fields: [{ id: fieldId, type: 'File', label: 'Agreement', accept: DOCUMENT_UPLOAD_EXTENSIONS }],
    input: z.object({ [fieldId]: fileValue(DOCUMENT_UPLOAD_EXTENSIONS) } as Record<
      FieldId,
      ReturnType<typeof fileValue>
    >),
    lifecycle: { from: ['Matched', 'Contracted'] satisfies ProjectStatus[] },
  });

/** Upload nature-based agreement (after the match, before the project is contracted). */
export const uploadNatureBasedAgreement = uploadAgreement(
  'UploadNatureBasedAgreement',
  'NatureBasedAgreement',
  'Upload nature-based agreement',
);
/** Upload Section 106 agreement. */
export const uploadSection106Agreement = uploadAgreement(
  'UploadSection106Agreement',
  'Section106Agreement',
  'Upload Section 106 agreement',
);

/** Contract project: once both agreements are uploaded (the server checks them). */
export const contractProject = defineAction({
  id: 'Contract',
  entity: PROJECT_ENTITY,
  title: 'Contract project',
  actionLabel: 'Confirm contracted',
  text: 'I confirm that the project has been fully contracted and that the necessary documentation has been uploaded',
  modal: true,
  fields: [],
  input: z.object({}),
  lifecycle: { from: ['Matched'] satisfies ProjectStatus[], to: 'Contracted' },
});

const checkFields = [
  { id: 'date', type: 'Date', label: 'Date of check' },
  { id: 'name', type: 'Input', label: 'Checked by' },
  { id: 'organisation', type: 'Input', label: 'Organisation' },
] as const satisfies readonly FieldDefinition[];

const checkShape = { date: pastOrTodayIsoDateValue(), name: requiredText(), organisation: requiredText() };

/** Record project verification outcome: pass or fail (a reason when failed). */
export const verifyProject = defineAction({
  id: 'Verify',
  entity: PROJECT_ENTITY,
  title: 'Record project verification outcome',
  actionLabel: 'Confirm status',
  fields: [
    ...checkFields,
    { id: 'isPass', type: 'YesNo', label: 'Has the project passed verification?' },
    {
      id: 'failReason',
      type: 'TextArea',
      label: 'Reason for failure',
      rows: 3,
      visibleWhen: { fieldId: 'isPass', oneOf: [false] },
    },
    { id: 'notes', type: 'TextArea', label: 'Notes', rows: 3, optional: true },
    {
      id: 'VerificationReport',
      type: 'File',
      label: 'Verification report',
      optional: true,
      accept: DOCUMENT_UPLOAD_EXTENSIONS,
    },
  ],
  input: withRules(
    z.object({
      ...checkShape,
      isPass: yesNoValue(),
      failReason: optionalText(),
      notes: optionalText(),
      VerificationReport: optionalFileValue(DOCUMENT_UPLOAD_EXTENSIONS),
    }),
    (value, addIssue) => {
      if (value.isPass === false && isMissing(value.failReason)) addIssue(['failReason'], MESSAGES.required);
    },
  ),
  lifecycle: {
    from: ['Contracted', 'FailedVerification'] satisfies ProjectStatus[],
    to: ['Verified', 'FailedVerification'] satisfies ProjectStatus[],
    target: (values) => (values.isPass ? 'Verified' : 'FailedVerification'),
  },
});

const notCompliant = { fieldId: 'isYesNoPass', oneOf: [false] } as const;

/**
 * Compliance monitoring check outcome: the date always; Yes/No required; when not compliant the reason, the next
 * action (Rectify or IrrevocableFailure) and its date. `isCompliant` is derived from the answer.
 */
export const recordComplianceCheck = defineAction({
  id: 'RecordComplianceCheck',
  entity: PROJECT_ENTITY,
  title: 'Compliance monitoring check outcome',
  actionLabel: 'Confirm status',
  fields: [
    ...checkFields,
    { id: 'isYesNoPass', type: 'YesNo', label: 'Is the project compliant?' },
    { id: 'failReason', type: 'TextArea', label: 'Reason for failure', rows: 3, visibleWhen: notCompliant },
    {
      id: 'nextAction.action',
      type: 'Select',
      label: 'Next action',
      options: optionsOf(COMPLIANCE_NEXT_ACTIONS, COMPLIANCE_NEXT_ACTION_LABELS),
      visibleWhen: notCompliant,
    },
    { id: 'nextAction.date', type: 'Date', label: 'Next action by', visibleWhen: notCompliant },
    { id: 'notes', type: 'TextArea', label: 'Notes', rows: 3, optional: true },
    {
      id: 'ComplianceReport',
      type: 'File',
      label: 'Compliance report',
      optional: true,
      accept: DOCUMENT_UPLOAD_EXTENSIONS,
    },
  ],
  input: withRules(
    z.object({
      ...checkShape,
      isYesNoPass: yesNoValue(),
      failReason: optionalText(),
      nextAction: z
        .object({ action: complianceNextActionSchema.optional(), date: optionalIsoDateValue() })
        .optional(),
      notes: optionalText(),
      ComplianceReport: optionalFileValue(DOCUMENT_UPLOAD_EXTENSIONS),
    }),
    (value, addIssue) => {
      if (value.isYesNoPass !== false) return;
      const next = typeof value.nextAction === 'object' && value.nextAction !== null ? value.nextAction : {};
      if (isMissing(value.failReason)) addIssue(['failReason'], MESSAGES.required);
      if (isMissing((next as { action?: unknown }).action))
        addIssue(['nextAction', 'action'], MESSAGES.required);
      if (isMissing((next as { date?: unknown }).date)) addIssue(['nextAction', 'date'], MESSAGES.required);
    },
  ).transform((value) => ({ ...value, isCompliant: value.isYesNoPass })),
  lifecycle: { from: PROJECT_MONITORING_STATUSES, to: 'Monitoring' },
});

/** Performance monitoring check outcome: date, by whom, notes and the report. */
export const recordPerformanceCheck = defineAction({
  id: 'RecordPerformanceCheck',
  entity: PROJECT_ENTITY,
  title: 'Performance monitoring check outcome',
  actionLabel: 'Confirm check',
  fields: [
    ...checkFields,
    { id: 'notes', type: 'TextArea', label: 'Notes', rows: 3, optional: true },
    {
      id: 'PerformanceReport',
      type: 'File',
      label: 'Performance report',
      accept: DOCUMENT_UPLOAD_EXTENSIONS,
    },
  ],
  input: z.object({
    ...checkShape,
    notes: optionalText(),
    PerformanceReport: fileValue(DOCUMENT_UPLOAD_EXTENSIONS),
  }),
  lifecycle: { from: PROJECT_MONITORING_STATUSES, to: 'Monitoring' },
});

/** Add to project group: one of the supplier's groups in the project's round (server options and warning). */
export const addToProjectGroup = defineAction({
  id: 'AddToGroup',
  entity: PROJECT_ENTITY,
  title: 'Add to project group',
  actionLabel: 'Add',
  fields: [{ id: 'groupId', type: 'Select', label: 'Project group', placeholder: 'Choose a project group' }],
  input: z.object({ groupId: requiredText() }),
  lifecycle: { from: PROJECT_EDITABLE_STATUSES },
});

/** Remove from project group. */
export const removeFromProjectGroup = defineAction({
  id: 'RemoveFromGroup',
  entity: PROJECT_ENTITY,
  title: 'Remove from project group',
  actionLabel: 'Remove',
  text: 'Remove this project from its project group?',
  modal: true,
  fields: [],
  input: z.object({}),
  lifecycle: { from: PROJECT_EDITABLE_STATUSES },
});
