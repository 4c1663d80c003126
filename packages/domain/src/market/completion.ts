import { z } from 'zod';
import type { FieldDefinition } from '../forms/fields.ts';
import { isMissing, withRules } from '../forms/refine.ts';
import { MESSAGES } from '../validation/messages.ts';

/**
 * The fields of 'Complete registration' (SPEC 5): when the server finds issues only `issues` shows (read-only, one
 * per line) and the form cannot be submitted ('Fix the above issues before trying again'); otherwise the
 * confirmation must be Yes.
 */
export const completionFields = [
  {
    id: 'issues',
    type: 'TextArea',
    label: 'Issues',
    readonly: true,
    rows: 4,
    visibleWhen: { fieldId: 'issues', filled: true },
  },
  {
    id: 'confirmed',
    type: 'YesNo',
    label: 'Is the registration complete and correct?',
    visibleWhen: { fieldId: 'issues', filled: false },
  },
] as const satisfies readonly FieldDefinition[];

/** The fields of a completion that may skip to Certified (projects). */
export const skippableCompletionFields = [
  ...completionFields,
  {
    id: 'canSkip',
    type: 'Boolean',
    label: 'Certified in an earlier round and unchanged since',
    readonly: true,
    visibleWhen: { fieldId: 'canSkip', oneOf: [true] },
  },
  {
    id: 'skip',
    type: 'YesNo',
    label: 'Skip screening and review and keep the earlier certification?',
    visibleWhen: { fieldId: 'canSkip', oneOf: [true] },
  },
] as const satisfies readonly FieldDefinition[];

const completionShape = {
  issues: z.unknown().optional(),
  confirmed: z.boolean().optional(),
  canSkip: z.boolean().optional(),
  skip: z.boolean().optional(),
};

/** The rules of a completion: no issues; confirmed Yes; skip answered when the project can skip. */
export const completionInput = withRules(z.object(completionShape), (value, addIssue) => {
  if (!isMissing(value.issues)) {
    addIssue(['issues'], MESSAGES.fixIssues);
    return;
  }
  if (value.confirmed === undefined || value.confirmed === null) addIssue(['confirmed'], MESSAGES.required);
  else if (value.confirmed !== true) addIssue(['confirmed'], MESSAGES.mustConfirm);
  if (value.canSkip === true && typeof value.skip !== 'boolean') addIssue(['skip'], MESSAGES.required);
});

/** The issues a server found, as the read-only `issues` value (one per line). */
export const completionIssuesValue = (issues: readonly string[]): string | undefined =>
  issues.length === 0 ? undefined : issues.join('\n');
