import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from '../validation/messages.ts';
import { requiredText } from '../validation/rules.ts';
import { type ActionValues, actionWarnings, defineAction, validateAction } from './action.ts';

const reviewSchema = z
  .object({
    outcome: z.enum(['Pass', 'Fail'], { error: () => MESSAGES.required }),
    reason: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.outcome === 'Fail' && value.reason === undefined) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Must provide a reason' });
    }
  });

const review = defineAction({
  id: 'SetReviewOutcome',
  entity: 'project',
  title: 'Set the outcome of the review',
  actionLabel: 'Submit',
  fields: [
    { id: 'outcome', type: 'Select', label: 'Outcome', options: [{ value: 'Pass', label: 'Pass' }] },
    {
      id: 'reason',
      type: 'TextArea',
      label: 'Reason',
      optional: true,
      visibleWhen: { fieldId: 'outcome', oneOf: ['Fail'] },
    },
  ],
  input: reviewSchema,
  warnings: (values) =>
    values.outcome === 'Fail' ? [{ path: 'outcome', message: 'The project will be rejected' }] : [],
  lifecycle: { from: ['Screened'], to: 'Certified' },
});

describe('defineAction', () => {
  it('keeps literal types and fills defaults', () => {
    expectTypeOf(review.id).toEqualTypeOf<'SetReviewOutcome'>();
    expectTypeOf(review.fields[0].type).toEqualTypeOf<'Select'>();
    expectTypeOf<ActionValues<typeof review>>().toEqualTypeOf<{
      outcome: 'Pass' | 'Fail';
      reason?: string | undefined;
    }>();
    expect(review.actionLabel).toBe('Submit');
    const plain = defineAction({ id: 'Comment', title: 'Comment', fields: [], input: z.object({}) });
    expect(plain.actionLabel).toBe('Save');
    expect(plain.groups).toEqual([]);
    expect(plain.steps).toEqual([]);
  });

  it('refuses duplicate fields and references to unknown fields or groups', () => {
    const base = { id: 'Broken', title: 'Broken', input: z.object({}) };
    expect(() =>
      defineAction({
        ...base,
        fields: [
          { id: 'a', type: 'Input' },
          { id: 'a', type: 'Input' },
        ],
      }),
    ).toThrow("field 'a' is defined twice");
    expect(() =>
      defineAction({ ...base, fields: [{ id: 'a', type: 'Input' }], groups: [{ id: 'g', fieldIds: ['b'] }] }),
    ).toThrow("group 'g' names unknown field 'b'");
    expect(() =>
      defineAction({ ...base, fields: [{ id: 'a', type: 'Input', dependsOn: ['type'] }] }),
    ).toThrow("dependsOn of 'a' names unknown field 'type'");
    expect(() =>
      defineAction({
        ...base,
        fields: [{ id: 'a', type: 'Input' }],
        steps: [{ id: 's', title: 'S', groupIds: ['x'] }],
      }),
    ).toThrow("step 's' names unknown group 'x'");
  });
});

describe('validateAction', () => {
  it('gives dotted paths and the cross-field rule of the schema', () => {
    expect(validateAction(review, {})).toEqual({
      success: false,
      errors: [{ path: 'outcome', message: 'Field required' }],
    });
    expect(validateAction(review, { outcome: 'Fail' }).errors).toEqual([
      { path: 'reason', message: 'Must provide a reason' },
    ]);
    expect(validateAction(review, { outcome: 'Fail', reason: 'Poor soil' })).toEqual({
      success: true,
      data: { outcome: 'Fail', reason: 'Poor soil' },
      errors: [],
    });
  });

  it('leaves out values of fields whose visibleWhen does not hold', () => {
    const result = validateAction(review, { outcome: 'Pass', reason: 'left over' });
    expect(result.success && result.data).toEqual({ outcome: 'Pass' });
  });

  it('reports nested paths', () => {
    const nested = defineAction({
      id: 'Check',
      title: 'Check',
      fields: [{ id: 'nextAction.date', type: 'Date' }],
      input: z.object({ nextAction: z.object({ date: requiredText() }) }),
    });
    expect(validateAction(nested, { nextAction: {} }).errors).toEqual([
      { path: 'nextAction.date', message: 'Field required' },
    ]);
  });
});

describe('actionWarnings', () => {
  it('runs the warning checker on unvalidated values', () => {
    expect(actionWarnings(review, { outcome: 'Fail' })).toEqual([
      { path: 'outcome', message: 'The project will be rejected' },
    ]);
    expect(actionWarnings(review, {})).toEqual([]);
    expect(actionWarnings({}, { anything: 1 })).toEqual([]);
  });
});
