import { describe, expect, it } from 'vitest';
import { actionWarnings, validateAction } from '../forms/action.ts';
import { lifecycleEdgeProblems } from '../forms/lifecycle.ts';
import { runnableFrom } from '../forms/testing.ts';
import { REGISTRATION_STATUSES } from '../vocab/statuses.ts';
import { declarationAnswerIssues, declarationPrompts, missingDeclarations } from './declarations.ts';
import { createMarket, updateMarket } from './market.actions.ts';
import {
  PARTICIPATION_ACTIONS,
  reinstateParticipation,
  withdrawParticipation,
} from './participation.actions.ts';
import { participationLifecycle, reinstatedStatus } from './participation.lifecycle.ts';
import { firstDeliveryYear, roundYearlyPeriods } from './round.periods.ts';

describe('participation', () => {
  it('lists every action edge and runs each from its statuses only', () => {
    expect(lifecycleEdgeProblems(participationLifecycle, PARTICIPATION_ACTIONS)).toEqual([]);
    expect(runnableFrom(participationLifecycle, PARTICIPATION_ACTIONS)).toEqual({
      Register: ['Interested'],
      Withdraw: ['Interested', 'Provisional', 'Registered'],
      Reinstate: ['Withdrawn'],
      CompleteRegistration: ['Provisional'],
      Comment: REGISTRATION_STATUSES,
    });
  });

  it('reinstates to the status before withdrawal', () => {
    const target = reinstateParticipation.lifecycle?.target;
    for (const previousStatus of ['Interested', 'Provisional', 'Registered'] as const) {
      expect(target?.({ reason: 'x' }, { status: 'Withdrawn', previousStatus })).toBe(previousStatus);
    }
    expect(reinstatedStatus(null)).toBe('Provisional');
    expect(reinstatedStatus('Withdrawn')).toBe('Provisional');
  });

  it('needs a reason to withdraw or reinstate', () => {
    expect(validateAction(withdrawParticipation, {}).errors).toEqual([
      { path: 'reason', message: 'Field required' },
    ]);
    expect(validateAction(reinstateParticipation, { reason: 'Sorted' }).success).toBe(true);
  });
});

describe('declarations', () => {
  const declarations = [
    {
      id: 'a',
      name: 'A',
      text: 'I own it',
      category: 'MarketRoundProject_Register',
      isForAgents: false,
      isForParticipants: true,
    },
    {
      id: 'b',
      name: 'B',
      text: 'I act for it',
      category: 'MarketRoundProject_Register',
      isForAgents: true,
      isForParticipants: false,
    },
    {
      id: 'c',
      name: 'C',
      text: 'Both',
      category: 'MarketRoundProject_Offer',
      isForAgents: true,
      isForParticipants: true,
    },
  ] as const;

  it('asks the declarations of the action category and audience', () => {
    expect(
      declarationPrompts(declarations, 'MarketRoundProject_Register', 'participants').map((d) => d.id),
    ).toEqual(['a']);
    expect(
      declarationPrompts(declarations, 'MarketRoundProject_Register', 'agents').map((d) => d.id),
    ).toEqual(['b']);
    expect(declarationPrompts(declarations, 'MarketRoundProject_Offer', 'agents')).toEqual([
      { id: 'c', name: 'C', text: 'Both', category: 'MarketRoundProject_Offer' },
    ]);
  });

  it('needs every declaration asked answered true', () => {
    expect(declarationAnswerIssues([{ id: 'a' }, { id: 'c' }], { a: true, c: false })).toEqual([
      { path: 'declarations.c', message: 'Must be agreed to' },
    ]);
    expect(declarationAnswerIssues([{ id: 'a' }], undefined)).toEqual([
      { path: 'declarations.a', message: 'Field required' },
    ]);
  });

  it('lists the categories and audiences without a declaration', () => {
    const missing = missingDeclarations(declarations);
    expect(missing).toContainEqual({ category: 'MarketRoundParticipant_Register', audience: 'agents' });
    expect(missing).not.toContainEqual({ category: 'MarketRoundProject_Register', audience: 'agents' });
    expect(missing).not.toContainEqual({ category: 'MarketRoundProject_Offer', audience: 'participants' });
    expect(missing).toHaveLength(6);
  });
});

describe('market', () => {
  it('needs a name and a buyer share from 0 to 1; the default reserve is optional but valid', () => {
    expect(validateAction(createMarket, { buyerShareOfSurplus: 0.5 }).errors).toEqual([
      { path: 'name', message: 'Field required' },
    ]);
    expect(validateAction(updateMarket, { name: 'Solent', buyerShareOfSurplus: 1.5 }).errors).toEqual([
      { path: 'buyerShareOfSurplus', message: 'Must be between 0 and 1' },
    ]);
    expect(
      validateAction(updateMarket, {
        name: 'Solent',
        buyerShareOfSurplus: 0.5,
        defaultReservePercentage: 100,
      }).errors,
    ).toEqual([{ path: 'defaultReservePercentage', message: '100% is not valid for the credit reserve' }]);
    const parsed = validateAction(updateMarket, { name: 'Solent', buyerShareOfSurplus: 0, description: '' });
    expect(parsed.success && parsed.data).toEqual({ name: 'Solent', buyerShareOfSurplus: 0 });
    expect(actionWarnings(updateMarket, { defaultReservePercentage: 30 })).toEqual([
      { path: 'defaultReservePercentage', message: 'The recommended range is 10% to 20%' },
    ]);
    expect(createMarket.fields.find((field) => field.id === 'buyerShareOfSurplus')).toMatchObject({
      value: 0.5,
    });
  });
});

describe('yearly periods', () => {
  it('runs from the first delivery year to the AMP end, 1 to 10 years', () => {
    expect(roundYearlyPeriods({ firstDeliveryYear: 2027, ampEnd: '2030-03-31' }).map((p) => p.year)).toEqual([
      2027, 2028, 2029, 2030,
    ]);
    expect(roundYearlyPeriods({ firstDeliveryYear: 2027, ampEnd: '2060-03-31' })).toHaveLength(10);
    expect(roundYearlyPeriods({ firstDeliveryYear: 2027, ampEnd: '2020-03-31' })).toEqual([
      { index: 0, year: 2027, start: '2027-01-01', end: '2027-12-31' },
    ]);
    expect(roundYearlyPeriods({ firstDeliveryYear: 2027, ampEnd: null })).toHaveLength(1);
    expect(firstDeliveryYear('2026-06-30')).toBe(2027);
  });
});
