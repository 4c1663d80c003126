import type { CreditRequirement } from '@curlew/domain';
import { describe, expect, it } from 'vitest';
import {
  biodiversityRequirement,
  biodiversityService,
  buildChecked as build,
  nutrientService,
  offeredProject,
} from './instance.testing.ts';

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
