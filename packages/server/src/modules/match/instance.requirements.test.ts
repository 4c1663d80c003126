import type { CreditRequirement, Project } from '@curlew/domain';
import { neighboursOf, parseInstance, spatialMultiplier } from '@curlew/matching';
import { describe, expect, it } from 'vitest';
import {
  biodiversityRequirement,
  buildChecked as build,
  lpaAdjacency,
  matchRound,
  nutrientRequirement,
  offeredProject,
} from './instance.testing.ts';
import { buildInstance } from './instance.ts';

describe('requirements', () => {
  it('enters a buyer biodiversity need as an area requirement with its place, local-only and divisibility', () => {
    const local = biodiversityRequirement('r1', {
      development: {
        ...(biodiversityRequirement('x').development as NonNullable<CreditRequirement['development']>),
        localOnly: true,
      },
    });
    const built = build([], [local]);
    expect(built.instance.requirements).toEqual([
      {
        id: 'r1',
        bid: 5000,
        type: 'Biodiversity',
        module: 'Area',
        broadHabitat: 'Grassland',
        habitatType: 'Any habitat type',
        distinctiveness: 'Medium',
        lpa: 'E60000001',
        nca: 'N1',
        subcatchment: null,
        localOnly: true,
        ongoingOnly: false,
        group: null,
        divisible: true,
        units: [4],
      },
    ]);
  });

  it('enters an investor requirement with its module, band and place', () => {
    const investor = biodiversityRequirement('r1', {
      type: 'Investor',
      buyerCredits: null,
      development: null,
      investorCredits: {
        units: 3,
        redemptionDate: '2030-01-01',
        isDivisible: false,
        module: 'Linear',
        distinctiveness: 'Low',
        broadHabitat: null,
        habitatType: null,
      },
      location: { lpa: { id: 'lpa-c', name: 'C' }, nca: { id: 'N2', name: 'N2' } },
    });
    const [entry] = build([], [investor]).instance.requirements;
    expect(entry).toMatchObject({
      type: 'Biodiversity',
      module: 'Linear',
      distinctiveness: 'Low',
      lpa: 'E60000003',
      nca: 'N2',
      divisible: false,
      units: [3],
    });
  });

  it.each([
    [{ ongoing: 10, additional: 0 }, [10, 10, 10]],
    [{ ongoing: 0, additional: 4 }, [4, 4, 4]],
    [{ ongoing: 10, additional: 4 }, [14, 14, 14]],
  ])('needs %o per year as %o up to the AMP end', (need, units) => {
    const [entry] = build([], [nutrientRequirement('r1', need)]).instance.requirements;
    expect(entry).toMatchObject({
      type: 'NutrientMitigationNitrogen',
      subcatchment: 'S1',
      divisible: false,
      ongoingOnly: false,
      units,
    });
  });

  it.each([
    ['2029-03-31', 3],
    ['2027-03-31', 1],
    ['2060-03-31', 10],
    [null, 1],
  ] as const)(
    'clears yearly periods from the first delivery year to an AMP end of %s: %i',
    (ampEnd, years) => {
      const built = build([], [nutrientRequirement('r1', { ongoing: 10, additional: 4 })], { ampEnd });
      expect(built.instance.years).toBe(years);
      expect(built.instance.requirements[0]?.units).toHaveLength(years);
    },
  );

  it('enters an ongoing-only bid as the XOR alternative of the mixed need', () => {
    const requirement = nutrientRequirement(
      'r1',
      { ongoing: 10, additional: 4 },
      { bid: { bid: 9000, acceptOngoingOnly: true, bidOngoingOnly: 6000 } },
    );
    const built = build([], [requirement]);
    expect(built.instance.requirements.map((r) => [r.id, r.bid, r.ongoingOnly, r.group, r.units])).toEqual([
      ['r1', 9000, false, { id: 'xor/r1', type: 'XOR' }, [14, 14, 14]],
      ['r1/ongoing-only', 6000, true, { id: 'xor/r1', type: 'XOR' }, [10, 10, 10]],
    ]);
    expect(built.requirements).toEqual({
      r1: { requirementId: 'r1', ongoingOnly: false },
      'r1/ongoing-only': { requirementId: 'r1', ongoingOnly: true },
    });
  });

  it('enters requirement groups as AND, keeps out a group with a member left out, and a grouped ongoing-only bid', () => {
    const group = { id: 'h1', name: 'Phase 1' };
    const built = build(
      [],
      [
        biodiversityRequirement('r1', { group }),
        nutrientRequirement(
          'r2',
          { ongoing: 10, additional: 4 },
          { group, bid: { bid: 9000, acceptOngoingOnly: true, bidOngoingOnly: 6000 } },
        ),
        biodiversityRequirement('r3', { group: { id: 'h2', name: 'Phase 2' } }),
        biodiversityRequirement('r4', { group: { id: 'h2', name: 'Phase 2' }, bid: null }),
      ],
    );
    expect(built.instance.requirements.map((r) => [r.id, r.group])).toEqual([
      ['r1', { id: 'h1', type: 'AND' }],
      ['r2', { id: 'h1', type: 'AND' }],
    ]);
    expect(built.leftOut.map((l) => [l.id, l.reason])).toEqual([
      [
        'r2/ongoing-only',
        'Its ongoing-only bid is not cleared: the requirement is in a group, which clears its full need only',
      ],
      [
        'r3',
        'Another requirement of its group "Phase 2" is not in this round\'s clearing, and the group clears all its requirements or none',
      ],
      ['r4', 'The requirement has no bid'],
    ]);
  });
});

describe('neighbours and the reserve', () => {
  it('lists each pair of neighbouring LPAs the instance names once, by code', () => {
    const atC = offeredProject('p2', {
      location: {
        ...(offeredProject('x').location as NonNullable<Project['location']>),
        lpa: { id: 'lpa-c', name: 'C' },
      },
    });
    expect(build([offeredProject('p1'), atC]).instance.neighbours).toEqual({ lpa: [], nca: [] });
    const atB = biodiversityRequirement('r1', {
      development: {
        ...(biodiversityRequirement('x').development as NonNullable<CreditRequirement['development']>),
        lpa: { id: 'lpa-b', name: 'B' },
      },
    });
    expect(build([offeredProject('p1'), atC], [atB]).instance.neighbours).toEqual({
      lpa: [
        ['E60000001', 'E60000002'],
        ['E60000002', 'E60000003'],
      ],
      nca: [],
    });
  });

  // The statutory metric's spatial risk through the builder: NCA pairs reach the instance and set the multiplier.
  const ncaPairs = [
    ['N2', 'N1'],
    ['N1', 'N3'],
    ['N8', 'N9'],
  ] as const;
  const placed = (lpa: string, nca: string) => {
    const base = biodiversityRequirement('r1');
    const development = base.development as NonNullable<CreditRequirement['development']>;
    return biodiversityRequirement('r1', {
      development: { ...development, lpa: { id: lpa, name: lpa }, nca: { id: nca, name: nca } },
    });
  };

  it.each([
    ['in the same NCA (LPA elsewhere)', placed('lpa-c', 'N1'), 1],
    ['in a neighbouring NCA (LPA elsewhere)', placed('lpa-c', 'N2'), 0.75],
    ['in a neighbouring LPA (NCA elsewhere)', placed('lpa-b', 'N7'), 0.75],
    ['in neither a neighbouring LPA nor a neighbouring NCA', placed('lpa-c', 'N7'), 0.5],
  ] as const)('counts supply for a requirement %s at %s', (_case, requirement, multiplier) => {
    const built = buildInstance(matchRound(), [offeredProject('p1')], [requirement], lpaAdjacency, ncaPairs);
    expect(parseInstance(built.instance)).toEqual(built.instance);
    const [project] = built.instance.projects;
    const [demand] = built.instance.requirements;
    if (!project || !demand) throw new Error('Both records must enter the clearing');
    expect(spatialMultiplier(project, demand, neighboursOf(built.instance))).toBe(multiplier);
  });

  it('lists each pair of neighbouring NCAs the instance names once, smaller id first', () => {
    const built = buildInstance(matchRound(), [offeredProject('p1')], [placed('lpa-a', 'N2')], lpaAdjacency, [
      ...ncaPairs,
      ['N1', 'N2'],
      ['N1', 'N1'],
    ]);
    expect(built.instance.neighbours).toEqual({ lpa: [], nca: [['N1', 'N2']] });
  });

  it.each([
    ['supply', 20, [4], [10, 10, 10], [14, 14, 14]],
    ['allDemand', 0, [5], [12.5, 12.5, 12.5], [17.5, 17.5, 17.5]],
    ['ongoingDemand', 0, [5], [12.5, 12.5, 12.5], [16.5, 16.5, 16.5]],
  ] as const)('applies a 20 %% reserve on %s', (appliesTo, reservePercent, bio, ongoingOnly, mixed) => {
    const built = build(
      [offeredProject('p1')],
      [
        biodiversityRequirement('r1'),
        nutrientRequirement(
          'r2',
          { ongoing: 10, additional: 4 },
          { bid: { bid: 9000, acceptOngoingOnly: true, bidOngoingOnly: 6000 } },
        ),
      ],
      { reserve: { percentage: 20, appliesTo } },
    );
    expect(built.instance.reservePercent).toBe(reservePercent);
    expect(built.instance.projects[0]?.credits[0]?.units).toEqual([10]);
    expect(built.instance.requirements.map((r) => r.units)).toEqual([bio, mixed, ongoingOnly]);
  });
});
