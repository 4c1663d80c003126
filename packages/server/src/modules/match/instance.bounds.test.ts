import type { CreditRequirement } from '@curlew/domain';
import { describe, expect, it } from 'vitest';
import {
  biodiversityRequirement,
  buildChecked as build,
  nutrientRequirement,
  nutrientService,
  offeredProject,
} from './instance.testing.ts';

const investor = (credits: Partial<NonNullable<CreditRequirement['investorCredits']>>) =>
  biodiversityRequirement('r1', {
    type: 'Investor',
    buyerCredits: null,
    development: null,
    investorCredits: {
      units: 3,
      redemptionDate: '2030-01-01',
      isDivisible: false,
      module: 'Area',
      distinctiveness: 'High',
      broadHabitat: 'Grassland',
      habitatType: 'Lowland meadows',
      ...credits,
    },
    location: { lpa: { id: 'lpa-a', name: 'A' }, nca: { id: 'N1', name: 'N1' } },
  });

describe('no record can make the clearing fail', () => {
  it.each([
    [1e308, 'Its offer cannot be cleared: Must be at most £1,000,000,000'],
    [2 ** 63, 'Its offer cannot be cleared: Must be at most £1,000,000,000'],
    [0.001, 'Its offer cannot be cleared: Must be in pounds and whole pence (at most 2 decimal places)'],
    [Number.POSITIVE_INFINITY, 'Its offer cannot be cleared: Must be a number'],
    [0, 'Its offer cannot be cleared: Value must be greater than 0'],
  ])('leaves out a project offering %s with the reason, and clears the others', (offer, reason) => {
    const built = build([offeredProject('p1', { offer }), offeredProject('p2')]);
    expect(built.instance.projects.map((p) => p.id)).toEqual(['p2']);
    expect(built.leftOut).toEqual([
      { kind: 'project', id: 'p1', serviceId: null, name: 'Project p1', reason },
    ]);
  });

  it('leaves out a project whose fees break the money rule, naming the fee', () => {
    const costs = {
      maintenance: 10,
      marketOperator: 5,
      complianceMonitoring: 1e300,
      performanceMonitoring: 0,
    };
    const built = build([offeredProject('p1', { costs })]);
    expect(built.instance.projects).toEqual([]);
    expect(built.leftOut.map((l) => l.reason)).toEqual([
      'Its compliance monitoring cost cannot be cleared: Must be at most £1,000,000,000',
    ]);
  });

  it('leaves out a service whose units break the units rule', () => {
    const project = offeredProject('p1', { services: [nutrientService('p1-n', { 2027: 1e308 })] });
    const built = build([project]);
    expect(built.instance.projects).toEqual([]);
    expect(built.leftOut.map((l) => [l.kind, l.reason])).toEqual([
      ['project', 'None of its services can be sold in this round'],
      ['service', 'Its units from 2027-01-01 cannot be cleared: Must be at most 100,000 units'],
    ]);
  });

  it.each([
    [
      { bid: { bid: 1e308, acceptOngoingOnly: false, bidOngoingOnly: null } },
      'Its bid cannot be cleared: Must be at most £1,000,000,000',
    ],
    [
      { bid: { bid: 1e21, acceptOngoingOnly: false, bidOngoingOnly: null } },
      'Its bid cannot be cleared: Must be at most £1,000,000,000',
    ],
    [
      { bid: { bid: 0.001, acceptOngoingOnly: false, bidOngoingOnly: null } },
      'Its bid cannot be cleared: Must be in pounds and whole pence (at most 2 decimal places)',
    ],
  ])('leaves out a requirement bidding out of bounds (%o) with the reason', (overrides, reason) => {
    const built = build(
      [offeredProject('p1')],
      [biodiversityRequirement('r1', overrides), biodiversityRequirement('r2')],
    );
    expect(built.instance.requirements.map((r) => r.id)).toEqual(['r2']);
    expect(built.leftOut).toEqual([
      { kind: 'requirement', id: 'r1', serviceId: null, name: 'Requirement r1', reason },
    ]);
  });

  it('leaves out a requirement needing more units than its credit type allows, and an out-of-bounds ongoing-only bid', () => {
    const credits = biodiversityRequirement('r1').buyerCredits;
    if (!credits) throw new Error('The fixture has buyer credits');
    const huge = biodiversityRequirement('r1', { buyerCredits: { ...credits, bioUnits: 1e308 } });
    const alternative = nutrientRequirement(
      'r2',
      { ongoing: 10, additional: 4 },
      { bid: { bid: 100, acceptOngoingOnly: true, bidOngoingOnly: 1e308 } },
    );
    const built = build([], [huge, alternative]);
    expect(built.instance.requirements).toEqual([]);
    expect(built.leftOut.map((l) => [l.id, l.reason])).toEqual([
      ['r1', 'Its units cannot be cleared: Must be at most 100,000 units'],
      ['r2', 'Its bid for ongoing units only cannot be cleared: Must be at most £1,000,000,000'],
    ]);
  });

  it('leaves out what the operator excluded, with the reason, and keeps the group rule', () => {
    const exclusion = { reason: 'The bid was entered in pence', at: '2026-01-01T00:00:00.000Z' };
    const built = build(
      [
        offeredProject('p1', { clearingExclusion: { reason: 'Withdrawn land', at: exclusion.at } }),
        offeredProject('p2'),
      ],
      [biodiversityRequirement('r1', { clearingExclusion: exclusion }), biodiversityRequirement('r2')],
    );
    expect(built.instance.projects.map((p) => p.id)).toEqual(['p2']);
    expect(built.instance.requirements.map((r) => r.id)).toEqual(['r2']);
    expect(built.leftOut.map((l) => [l.id, l.reason])).toEqual([
      ['p1', 'Excluded from the clearing by the operator: Withdrawn land'],
      ['r1', 'Excluded from the clearing by the operator: The bid was entered in pence'],
    ]);
  });
});

describe('an investor requirement enters with its habitat', () => {
  it('enters high distinctiveness with its habitat type, like for like', () => {
    const [entry] = build([], [investor({})]).instance.requirements;
    expect(entry).toMatchObject({
      module: 'Area',
      broadHabitat: 'Grassland',
      habitatType: 'Lowland meadows',
      distinctiveness: 'High',
    });
  });

  it('enters medium distinctiveness for any habitat type of its band', () => {
    const [entry] = build([], [investor({ distinctiveness: 'Medium', habitatType: null })]).instance
      .requirements;
    expect(entry).toMatchObject({ habitatType: 'Any habitat type', distinctiveness: 'Medium' });
  });

  it('leaves out (and says why) a stored high-distinctiveness need without a habitat type', () => {
    const built = build([], [investor({ habitatType: null })]);
    expect(built.instance.requirements).toEqual([]);
    expect(built.leftOut.map((l) => l.reason)).toEqual([
      'High and very high distinctiveness need a habitat type, which this requirement does not give',
    ]);
  });
});
