import {
  type Market,
  type MarketRound,
  PARTICIPATION_CAPACITIES,
  type Participation,
  type ParticipationCounts,
  REGISTRATION_STATUSES,
} from '@curlew/domain';

/** A market as the API answers it. */
export const marketOf = (overrides: Partial<Market> & { id: string }): Market => ({
  self: `/market/${overrides.id}`,
  name: 'Solent nutrients',
  description: 'Nitrogen mitigation around the Solent',
  region: 'South East',
  buyerShareOfSurplus: 0.5,
  defaultReservePercentage: 15,
  latestRound: null,
  createdAt: '2025-01-10T10:00:00.000Z',
  updatedAt: '2025-01-10T10:00:00.000Z',
  actions: [],
  ...overrides,
});

/** Participation counts with the given numbers, every other count 0. */
const countsOf = (
  some: Partial<Record<keyof ParticipationCounts, Partial<ParticipationCounts['Buyer']>>> = {},
): ParticipationCounts =>
  Object.fromEntries(
    PARTICIPATION_CAPACITIES.map((capacity) => [
      capacity,
      Object.fromEntries(REGISTRATION_STATUSES.map((status) => [status, some[capacity]?.[status] ?? 0])),
    ]),
  ) as ParticipationCounts;

/** A round of market m1 as the API answers it. */
export const roundOf = (overrides: Partial<MarketRound> & { id: string }): MarketRound => ({
  self: `/round/${overrides.id}`,
  market: { id: 'm1', name: 'Solent nutrients', self: '/market/m1' },
  name: 'Spring 2026',
  status: 'Open',
  services: ['NutrientMitigationNitrogen'],
  standards: [{ id: 's1', name: 'Nutrient standard' }],
  projectTypes: [{ id: 't1', name: 'Wetland creation' }],
  ncas: [],
  lpas: [{ id: 'l1', name: 'Test Valley' }],
  subcatchments: [{ id: 'c1', name: 'River Test' }],
  bidderType: 'BuyersAndInvestors',
  ampEnd: '2031-03-31',
  registrationDates: {
    suppliers: { start: '2026-01-01', end: '2026-12-31' },
    buyers: { start: '2025-01-01', end: '2025-02-01' },
    projects: null,
    requirements: null,
  },
  reserve: { percentage: 15, appliesTo: 'allDemand', agreedWithEMB: true },
  declarations: [
    {
      id: 'rd1',
      self: '/round-declaration/rd1',
      declarationId: 'd1',
      name: 'Conflicts of interest',
      text: 'I have no conflict of interest.',
      category: 'MarketRoundParticipant_Register',
      isForAgents: false,
      isForParticipants: true,
    },
  ],
  summary: {
    participations: countsOf({ Supplier: { Registered: 2 }, Buyer: { Provisional: 1 } }),
    projects: 0,
    requirements: 0,
    offers: 0,
    bids: 0,
  },
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  actions: [],
  ...overrides,
});

/** A participation in round r1 as the API answers it. */
export const participationOf = (overrides: Partial<Participation> & { id: string }): Participation => ({
  self: `/participation/${overrides.id}`,
  round: { id: 'r1', name: 'Spring 2026', self: '/round/r1', status: 'Open', marketId: 'm1' },
  organisation: { id: 'o1', name: 'Wetland Trust', self: '/organisation/o1' },
  capacity: 'Supplier',
  status: 'Registered',
  previousStatus: null,
  agent: null,
  registeredAt: '2026-02-03T10:00:00.000Z',
  createdAt: '2026-02-01T10:00:00.000Z',
  actions: [],
  ...overrides,
});
