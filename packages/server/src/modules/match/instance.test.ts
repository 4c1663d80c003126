import type { CreditRequirement, Project } from '@curlew/domain';
import { neighboursOf, parseInstance, spatialMultiplier } from '@curlew/matching';
import { describe, expect, it } from 'vitest';
import {
  biodiversityRequirement,
  biodiversityService,
  buildChecked as build,
  lpaAdjacency,
  matchRound,
  nutrientRequirement,
  nutrientService,
  offeredProject,
} from './instance.testing.ts';
import { buildInstance } from './instance.ts';

describe('who enters the clearing', () => {
  it.each([
    ['Certified', 'Only offered projects are cleared; this project is certified'],
    ['Matched', 'Only offered projects are cleared; this project is matched'],
    ['PendingRound', 'Only offered projects are cleared; this project is pending round'],
  ] as const)('a project in status %s is left out: "%s"', (status, reason) => {
    const built = build([offeredProject('p1', { status }), offeredProject('p2')]);
    expect(built.instance.projects.map((p) => p.id)).toEqual(['p2']);
    expect(built.leftOut).toEqual([
      { kind: 'project', id: 'p1', serviceId: null, name: 'Project p1', reason },
    ]);
  });

  it('leaves out a project without an offer, and one in another round', () => {
    const other = { id: 'round-2', name: 'Round 2', status: 'ClosedForBidsAndOffers' as const };
    const built = build([
      offeredProject('p1', { offer: null }),
      offeredProject('p2', { round: other }),
      offeredProject('p3'),
    ]);
    expect(built.instance.projects.map((p) => p.id)).toEqual(['p3']);
    expect(built.leftOut.map((l) => [l.id, l.reason])).toEqual([
      ['p1', 'The project has no offer'],
      ['p2', 'It is registered in another round'],
    ]);
  });

  it('keeps certified services of traded types only, and names every service left out', () => {
    const project = offeredProject('p1', {
      services: [
        biodiversityService('s1'),
        nutrientService('s2', { 2027: 5 }, { status: 'PendingCertification' }),
        nutrientService('s3', { 2027: 7 }, { type: 'NutrientMitigationPhosphorous' }),
        nutrientService('s4', { 2027: 9 }),
      ],
    });
    const built = build([project], [], { services: ['Biodiversity', 'NutrientMitigationNitrogen'] });
    expect(built.instance.projects[0]?.credits.map((c) => c.type)).toEqual([
      'Biodiversity',
      'NutrientMitigationNitrogen',
    ]);
    expect(built.credits).toEqual({ p1: ['s1', 's4'] });
    expect(built.leftOut).toEqual([
      {
        kind: 'service',
        id: 'p1',
        serviceId: 's2',
        name: 'Project p1',
        reason: 'The nitrogen service is not certified (pending certification)',
      },
      {
        kind: 'service',
        id: 'p1',
        serviceId: 's3',
        name: 'Project p1',
        reason: 'The round does not trade phosphorous credits',
      },
    ]);
  });

  it('leaves out a project none of whose services can sell', () => {
    const project = offeredProject('p1', {
      services: [biodiversityService('s1', { status: 'NotCertified' })],
    });
    const built = build([project]);
    expect(built.instance.projects).toEqual([]);
    expect(built.leftOut.map((l) => [l.kind, l.serviceId, l.reason])).toEqual([
      ['project', null, 'None of its services can be sold in this round'],
      ['service', 's1', 'The biodiversity service is not certified (not certified)'],
    ]);
  });

  it.each([
    [
      'Registered',
      { status: 'Registered' },
      'Only requirements with a bid are cleared; this requirement is registered',
    ],
    ['no bid', { bid: null }, 'The requirement has no bid'],
    [
      'a high distinctiveness without habitat type',
      {
        buyerCredits: {
          ...(biodiversityRequirement('x').buyerCredits as NonNullable<CreditRequirement['buyerCredits']>),
          bioDistinctiveness: 'High',
        },
      },
      'High and very high distinctiveness need a habitat type',
    ],
  ] as const)('leaves out a requirement with %s', (_, overrides, reason) => {
    const built = build([], [biodiversityRequirement('r1', overrides), biodiversityRequirement('r2')]);
    expect(built.instance.requirements.map((r) => r.id)).toEqual(['r2']);
    expect(built.leftOut).toEqual([
      { kind: 'requirement', id: 'r1', serviceId: null, name: 'Requirement r1', reason },
    ]);
  });
});

describe('projects', () => {
  it('offers the supplier offer plus the market operator fee and both monitoring costs (not maintenance)', () => {
    const costs = {
      maintenance: 400,
      marketOperator: 150,
      complianceMonitoring: 60.5,
      performanceMonitoring: 70,
    };
    const built = build([offeredProject('p1', { offer: 1000, costs })]);
    expect(built.instance.projects[0]?.offer).toBe(1280.5);
  });

  it('sells the net gain at target condition as one permanent biodiversity credit with its habitat', () => {
    const built = build([offeredProject('p1')]);
    expect(built.instance.projects).toEqual([
      {
        id: 'p1',
        offer: 1000,
        group: null,
        lpa: 'E60000001',
        nca: 'N1',
        subcatchment: 'S1',
        credits: [
          {
            type: 'Biodiversity',
            module: 'Area',
            broadHabitat: 'Grassland',
            habitatType: 'Other neutral grassland',
            distinctiveness: 'Medium',
            permanent: true,
            units: [10],
          },
        ],
      },
    ]);
  });

  it("uses a biodiversity service's own units, and refuses one supply shared by two services", () => {
    const own = biodiversityService('s1', {
      unitsPerPeriod: [{ id: 'u', creditId: 's1', start: '2027-01-01', end: '2027-12-31', units: 6.5 }],
    });
    expect(
      build([offeredProject('p1', { services: [own] })]).instance.projects[0]?.credits[0]?.units,
    ).toEqual([6.5]);
    const shared = build([
      offeredProject('p2', { services: [biodiversityService('s2'), biodiversityService('s3')] }),
    ]);
    expect(shared.instance.projects).toEqual([]);
    expect(shared.leftOut.filter((l) => l.kind === 'service').map((l) => l.reason)).toEqual([
      'The project has several biodiversity services but one supply: the units cannot be told apart',
      'The project has several biodiversity services but one supply: the units cannot be told apart',
    ]);
  });

  it("gives nutrient credits their units in each of the round's years; permanent ones go on delivering", () => {
    const services = [
      nutrientService('s1', { 2027: 5, 2028: 6 }),
      nutrientService('s2', { 2028: 4, 2029: 4 }, { mitigationDuration: 'TwoYears' }),
      nutrientService('s3', { 2031: 4 }, { mitigationDuration: 'OneYear' }),
    ];
    const built = build([offeredProject('p1', { services })]);
    expect(built.instance.years).toBe(3);
    expect(built.instance.projects[0]?.credits.map((c) => [c.permanent, c.units])).toEqual([
      [true, [5, 6, 6]],
      [false, [0, 4, 4]],
    ]);
    expect(built.leftOut.map((l) => [l.serviceId, l.reason])).toEqual([
      ['s3', "It delivers no units in the round's years"],
    ]);
  });

  it('keeps project groups (XOR and AND) and keeps out an AND group with a member left out', () => {
    const xor = { id: 'gx', name: 'Either farm', type: 'XOR' as const };
    const and = { id: 'ga', name: 'Both fields', type: 'AND' as const };
    const built = build([
      offeredProject('p1', { group: xor }),
      offeredProject('p2', { group: xor, status: 'Certified' }),
      offeredProject('p3', { group: and }),
      offeredProject('p4', { group: and, offer: null }),
    ]);
    expect(built.instance.projects.map((p) => [p.id, p.group])).toEqual([['p1', { id: 'gx', type: 'XOR' }]]);
    expect(built.leftOut.map((l) => [l.id, l.reason])).toEqual([
      ['p2', 'Only offered projects are cleared; this project is certified'],
      [
        'p3',
        'Another project of its group "Both fields" is not in this round\'s clearing, and the group clears all its projects or none',
      ],
      ['p4', 'The project has no offer'],
    ]);
    const whole = build([offeredProject('p3', { group: and }), offeredProject('p4', { group: and })]);
    expect(whole.instance.projects.map((p) => p.group)).toEqual([
      { id: 'ga', type: 'AND' },
      { id: 'ga', type: 'AND' },
    ]);
  });
});

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
