import { describe, expect, it } from 'vitest';
import { HOME_STEPS, nextHomeStep } from './home.steps.ts';

describe('nextHomeStep', () => {
  it("takes the first step of the kind's order that the server enables", () => {
    expect(nextHomeStep('project', new Set(['Update', 'SetLocation', 'SetOffer']))?.label).toBe(
      'Make your offer',
    );
    expect(nextHomeStep('requirement', new Set(['SetBid', 'Register']))?.label).toBe('Make your bid');
  });

  it('never makes Withdraw, Comment or an edit the next step', () => {
    expect(nextHomeStep('participation', new Set(['Withdraw', 'Comment']))).toBeUndefined();
    expect(nextHomeStep('project', new Set(['Update', 'Comment', 'ReplaceDocument']))).toBeUndefined();
  });

  it('passes over an upload whose document is already there', () => {
    const enabled = new Set(['UploadNatureBasedAgreement', 'UploadSection106Agreement']);
    expect(nextHomeStep('project', enabled)?.actionId).toBe('UploadNatureBasedAgreement');
    expect(nextHomeStep('project', enabled, new Set(['NatureBasedAgreement']))?.actionId).toBe(
      'UploadSection106Agreement',
    );
    expect(
      nextHomeStep('project', enabled, new Set(['NatureBasedAgreement', 'Section106Agreement'])),
    ).toBeUndefined();
  });

  it('names each step once per kind', () => {
    for (const steps of Object.values(HOME_STEPS)) {
      const ids = steps.map((step) => step.actionId);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});
