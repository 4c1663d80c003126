import type { CreditRequirement, Project, ProjectService } from '@curlew/domain';
import { parseInstance } from '@curlew/matching';
import { expect } from 'vitest';
import { buildInstance } from './instance.ts';
import type { LpaAdjacency, MatchRound } from './instance.types.ts';

/** Records shaped as the API answers them, for building instances in tests and benchmarks. */

const AT = '2026-01-01T00:00:00.000Z';
const ref = (id: string) => ({ id, name: id });

/** A round of every credit type, 2027 to the AMP end in 2029 (three yearly periods), no reserve. */
export const matchRound = (overrides: Partial<MatchRound> = {}): MatchRound => ({
  id: 'round-1',
  services: ['Biodiversity', 'NutrientMitigationNitrogen', 'NutrientMitigationPhosphorous'],
  firstDeliveryYear: 2027,
  ampEnd: '2029-03-31',
  reserve: null,
  buyerShareOfSurplus: 0.5,
  timeLimitSeconds: 120,
  ...overrides,
});

/** Three LPAs in a row: A borders B, B borders C. */
export const lpaAdjacency: LpaAdjacency[] = [
  { id: 'lpa-a', code: 'E60000001', neighbourCodes: ['E60000002'] },
  { id: 'lpa-b', code: 'E60000002', neighbourCodes: ['E60000001', 'E60000003'] },
  { id: 'lpa-c', code: 'E60000003', neighbourCodes: ['E60000002'] },
];

/** A certified area-habitat biodiversity service with no units of its own (the project's supply gives them). */
export const biodiversityService = (id: string, overrides: Partial<ProjectService> = {}): ProjectService => ({
  id,
  projectId: 'p',
  type: 'Biodiversity',
  status: 'Certified',
  module: 'Area',
  broadHabitat: 'Grassland',
  habitatType: 'Other neutral grassland',
  distinctiveness: 'Medium',
  condition: 'Good',
  strategicSignificance: 'Low',
  difficulty: 'Low',
  size: 2,
  sizeUnit: null,
  mitigationBegins: '2027-01-01',
  creationDate: null,
  mitigationDuration: null,
  area: null,
  years: null,
  baselineUnitsLost: 1,
  metricEstimate: null,
  certification: null,
  unitsPerPeriod: [],
  ...overrides,
});

/** A certified nutrient service delivering `units` kg/yr in each listed year. */
export const nutrientService = (
  id: string,
  yearlyUnits: Record<number, number>,
  overrides: Partial<ProjectService> = {},
): ProjectService => ({
  ...biodiversityService(id),
  type: 'NutrientMitigationNitrogen',
  module: null,
  broadHabitat: null,
  habitatType: null,
  distinctiveness: null,
  condition: null,
  strategicSignificance: null,
  difficulty: null,
  size: null,
  baselineUnitsLost: null,
  mitigationDuration: 'Permanent',
  unitsPerPeriod: Object.entries(yearlyUnits).map(([year, units]) => ({
    id: `${id}-${year}`,
    creditId: id,
    start: `${year}-01-01`,
    end: `${year}-12-31`,
    units,
  })),
  ...overrides,
});

/** An Offered project in LPA A, NCA N1 and subcatchment S1 with a 10-unit net gain supply. */
export const offeredProject = (id: string, overrides: Partial<Project> = {}): Project => ({
  id,
  self: `/project/${id}`,
  checklist: [],
  name: `Project ${id}`,
  status: 'Offered',
  supplier: ref('supplier'),
  agent: null,
  type: null,
  market: ref('market'),
  round: { ...ref('round-1'), status: 'ClosedForBidsAndOffers' },
  isFixedTerm: false,
  mitigationDurations: [],
  services: [biodiversityService(`${id}-bio`)],
  supply: { baselineUnitsLost: 2, yearsToTargetCondition: 2, gainsPerYear: [3, 8, 12] },
  location: {
    creditTypes: ['Biodiversity'],
    lpa: ref('lpa-a'),
    nca: ref('N1'),
    subcatchment: ref('S1'),
    nearAddress: 'Farm',
    gridReference: null,
    threeWords: null,
  },
  costs: null,
  offer: 1000,
  group: null,
  documents: [],
  outcomes: [],
  nonCompliant: false,
  complianceNextAction: null,
  createdAt: AT,
  updatedAt: AT,
  actions: [],
  ...overrides,
});

const development = (overrides: Partial<NonNullable<CreditRequirement['development']>> = {}) => ({
  creditType: 'Biodiversity' as const,
  planningRef: 'PL/1',
  redemptionDate: '2027-06-01',
  lpa: ref('lpa-a'),
  nca: ref('N1'),
  subcatchment: ref('S1'),
  nearAddress: 'Site',
  gridReference: null,
  threeWords: null,
  localOnly: false,
  ...overrides,
});

/** A buyer's biodiversity requirement with a bid, in LPA A and NCA N1. */
export const biodiversityRequirement = (
  id: string,
  overrides: Partial<CreditRequirement> = {},
): CreditRequirement => ({
  id,
  self: `/requirement/${id}`,
  checklist: [],
  name: `Requirement ${id}`,
  type: 'Buyer',
  status: 'Bid',
  buyer: ref('buyer'),
  agent: null,
  market: ref('market'),
  round: { ...ref('round-1'), status: 'ClosedForBidsAndOffers', ampEnd: '2029-03-31' },
  credits: [],
  buyerCredits: {
    type: 'Biodiversity',
    nutrientType: null,
    nutrientOngoingUnits: null,
    nutrientAdditionalUnits: null,
    nutrientAcceptOngoingOnly: null,
    bioBroadHabitat: 'Grassland',
    bioHabitatType: null,
    bioDistinctiveness: 'Medium',
    bioUnits: 4,
    bioIsDivisible: true,
  },
  development: development(),
  investorCredits: null,
  location: null,
  bid: { bid: 5000, acceptOngoingOnly: false, bidOngoingOnly: null },
  group: null,
  documents: [],
  lateRedemption: false,
  createdAt: AT,
  updatedAt: AT,
  actions: [],
  ...overrides,
});

/** A buyer's nitrogen requirement (ongoing and additional kg/yr) with a bid, in subcatchment S1. */
export const nutrientRequirement = (
  id: string,
  need: { ongoing: number; additional: number },
  overrides: Partial<CreditRequirement> = {},
): CreditRequirement => ({
  ...biodiversityRequirement(id),
  buyerCredits: {
    type: 'NutrientMitigationNitrogen',
    nutrientType:
      need.ongoing > 0 && need.additional > 0 ? 'both' : need.ongoing > 0 ? 'ongoing' : 'additional',
    nutrientOngoingUnits: need.ongoing,
    nutrientAdditionalUnits: need.additional,
    nutrientAcceptOngoingOnly: null,
    bioBroadHabitat: null,
    bioHabitatType: null,
    bioDistinctiveness: null,
    bioUnits: null,
    bioIsDivisible: null,
  },
  development: development({ creditType: 'NutrientMitigationNitrogen', nca: null }),
  ...overrides,
});

/** Builds a round's instance and checks it against the engine's own schema (it must always pass). */
export const buildChecked = (
  projects: Project[],
  requirements: CreditRequirement[] = [],
  round: Partial<MatchRound> = {},
) => {
  const built = buildInstance(matchRound(round), projects, requirements, lpaAdjacency);
  expect(parseInstance(built.instance)).toEqual(built.instance);
  return built;
};
