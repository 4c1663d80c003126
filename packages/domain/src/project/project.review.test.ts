import { describe, expect, it } from 'vitest';
import { validateAction } from '../forms/action.ts';
import { indexedFormValue } from '../forms/indexed.ts';
import { targetFor, testFile } from '../forms/testing.ts';
import {
  addToProjectGroup,
  contractProject,
  recordComplianceCheck,
  recordPerformanceCheck,
  removeFromProjectGroup,
  uploadSection106Agreement,
  verifyProject,
} from './project.after.ts';
import {
  addScreeningOutcome,
  setCertificationDecision,
  setOffer,
  setPreMarketReviewOutcome,
} from './project.review.ts';

describe('screening', () => {
  it('needs a comment for Fail or Pending and clears it on Pass', () => {
    expect(validateAction(addScreeningOutcome, {}).errors).toEqual([
      { path: 'outcome', message: 'Field required' },
    ]);
    expect(
      validateAction(addScreeningOutcome, { outcome: 'Fail', screeningSteps: testFile('x.exe') }).errors,
    ).toEqual([
      { path: 'screeningSteps', message: 'Executable and disk image files cannot be uploaded' },
      { path: 'comment', message: 'Field required' },
    ]);
    for (const outcome of ['Fail', 'Pending']) {
      expect(validateAction(addScreeningOutcome, { outcome }).errors).toEqual([
        { path: 'comment', message: 'Field required' },
      ]);
    }
    const pass = validateAction(addScreeningOutcome, { outcome: 'Pass', comment: 'old note' });
    expect(pass.success && pass.data.comment).toBeUndefined();
    const fail = addScreeningOutcome.input.parse({ outcome: 'Fail', comment: 'Not eligible' });
    expect(fail.comment).toBe('Not eligible');
    expect(targetFor(addScreeningOutcome.lifecycle, fail)).toBe('FailedScreening');
    expect(
      targetFor(addScreeningOutcome.lifecycle, addScreeningOutcome.input.parse({ outcome: 'Pass' })),
    ).toBe('Screened');
    expect(addScreeningOutcome.actionLabel).toBe('Add outcome');
  });
});

describe('pre-market review', () => {
  it('needs a reason or a report unless Pass; those fields are hidden when empty or Pass', () => {
    expect(validateAction(setPreMarketReviewOutcome, { outcome: 'Fail' }).errors).toEqual([
      { path: 'reason', message: 'Must provide a reason or a report, or both' },
    ]);
    expect(
      validateAction(setPreMarketReviewOutcome, { outcome: 'Pending', report: testFile('r.pdf') }).errors,
    ).toEqual([]);
    const pass = validateAction(setPreMarketReviewOutcome, { outcome: 'Pass', reason: 'dropped' });
    expect(pass.success && pass.data).toEqual({ outcome: 'Pass' });
    expect(setPreMarketReviewOutcome.fields.find((field) => field.id === 'reason')?.visibleWhen).toEqual({
      fieldId: 'outcome',
      oneOf: ['Fail', 'Pending'],
    });
    expect(targetFor(setPreMarketReviewOutcome.lifecycle, { outcome: 'Pass' })).toBe('ApprovedRound');
  });
});

describe('certification decision', () => {
  const people = {
    statement: testFile('statement.pdf'),
    assessedByName: 'A',
    assessedByOrg: 'Org',
    assessedByPosition: 'Ecologist',
    assessedDate: '2026-04-01',
    reviewedByName: 'R',
    reviewedByOrg: 'Org',
    reviewedByPosition: 'Lead',
    reviewedDate: '2026-04-02',
  };
  const decision = (items: object[]) => ({ ...people, serviceCertifications: indexedFormValue(items) });

  it('keeps the assessment on or before the review', () => {
    const errors = validateAction(setCertificationDecision, {
      ...decision([{ id: 's1', standardId: 'st1', decision: 'Yes' }]),
      assessedDate: '2026-04-03',
    }).errors;
    expect(errors).toEqual([
      { path: 'assessedDate', message: 'Cannot be after date reviewed' },
      { path: 'reviewedDate', message: 'Cannot be before date assessed' },
    ]);
  });

  it('needs a standard and decision per service, and a real standard for Yes', () => {
    expect(validateAction(setCertificationDecision, decision([{ id: 's1' }])).errors).toEqual([
      { path: 'serviceCertifications.0.standardId', message: 'Field required' },
      { path: 'serviceCertifications.0.decision', message: 'Field required' },
    ]);
    expect(
      validateAction(setCertificationDecision, decision([{ id: 's1', standardId: 'NA', decision: 'Yes' }]))
        .errors,
    ).toEqual([{ path: 'serviceCertifications.0.standardId', message: 'Must choose a standard' }]);
    expect(validateAction(setCertificationDecision, decision([])).errors).toEqual([
      { path: 'serviceCertifications', message: 'Empty array' },
    ]);
  });

  it('certifies the project when at least one service is certified', () => {
    const parsed = validateAction(
      setCertificationDecision,
      decision([
        { id: 's1', standardId: 'NA', decision: 'NoSupplierRetaining' },
        { id: 's2', standardId: 'st1', decision: 'Yes' },
      ]),
    );
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(targetFor(setCertificationDecision.lifecycle, parsed.data)).toBe('Certified');
    expect(
      targetFor(setCertificationDecision.lifecycle, {
        ...parsed.data,
        serviceCertifications: parsed.data.serviceCertifications.slice(0, 1),
      }),
    ).toBe('NotCertified');
    const decisionField = setCertificationDecision.fields.find(
      (field) => field.id === 'serviceCertifications.0.decision',
    );
    expect(
      decisionField && 'options' in decisionField ? decisionField.options?.map((o) => o.label) : [],
    ).toEqual(['Yes', 'No - standard cannot be applied', 'No - supplier is retaining the service']);
  });
});

describe('offer and after the round', () => {
  it('needs an offer greater than 0 and the declarations', () => {
    expect(validateAction(setOffer, { offer: 0, name: 'shown only' }).errors).toEqual([
      { path: 'offer', message: 'Value must be greater than 0' },
    ]);
    expect(validateAction(setOffer, { offer: 1000, declarations: { d1: true } }).success).toBe(true);
  });

  it('uploads agreements and confirms the contract with the SPEC wording', () => {
    expect(validateAction(uploadSection106Agreement, {}).errors).toEqual([
      { path: 'Section106Agreement', message: 'Field required' },
    ]);
    expect(uploadSection106Agreement.actionLabel).toBe('Confirm upload');
    expect(contractProject.text).toBe(
      'I confirm that the project has been fully contracted and that the necessary documentation has been uploaded',
    );
    expect(contractProject.actionLabel).toBe('Confirm contracted');
    expect(removeFromProjectGroup.text).toBe('Remove this project from its project group?');
    expect(validateAction(addToProjectGroup, {}).errors).toEqual([
      { path: 'groupId', message: 'Field required' },
    ]);
  });

  it('records verification: a reason when failed', () => {
    const check = { date: '2026-05-01', name: 'V', organisation: 'Org' };
    expect(validateAction(verifyProject, { ...check, isPass: false }).errors).toEqual([
      { path: 'failReason', message: 'Field required' },
    ]);
    expect(targetFor(verifyProject.lifecycle, { ...check, isPass: true })).toBe('Verified');
  });

  it('records compliance: date always, Yes/No required, reason and next action when not compliant', () => {
    expect(validateAction(recordComplianceCheck, {}).errors.map((error) => error.path)).toEqual([
      'date',
      'name',
      'organisation',
      'isYesNoPass',
    ]);
    expect(
      validateAction(recordComplianceCheck, { isYesNoPass: false }).errors.map((error) => error.path),
    ).toEqual(['date', 'name', 'organisation', 'failReason', 'nextAction.action', 'nextAction.date']);
    const check = { date: '2026-06-01', name: 'C', organisation: 'Org' };
    expect(validateAction(recordComplianceCheck, { ...check, isYesNoPass: false }).errors).toEqual([
      { path: 'failReason', message: 'Field required' },
      { path: 'nextAction.action', message: 'Field required' },
      { path: 'nextAction.date', message: 'Field required' },
    ]);
    const compliant = validateAction(recordComplianceCheck, { ...check, isYesNoPass: true, failReason: 'x' });
    expect(compliant.success && compliant.data).toMatchObject({ isCompliant: true });
    expect(compliant.success && compliant.data).not.toHaveProperty('failReason');
    expect(validateAction(recordPerformanceCheck, { ...check }).errors).toEqual([
      { path: 'PerformanceReport', message: 'Field required' },
    ]);
  });
});
