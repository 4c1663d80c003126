import type {
  BuyerCredits,
  BuyerDevelopment,
  CreditRequirement,
  RequirementGroup,
  RequirementListItem,
} from '@curlew/domain';
import type { Routes } from '../../../actions/testing/localServer.ts';
import { listOf } from '../../organisations/testing/fixtures.ts';

/** A buyer's nitrogen credits: 5 kg/yr ongoing and 20 kg/yr additional, ongoing alone not acceptable. */
export const nitrogenCredits = (overrides: Partial<BuyerCredits> = {}): BuyerCredits => ({
  type: 'NutrientMitigationNitrogen',
  nutrientType: 'both',
  nutrientOngoingUnits: 5,
  nutrientAdditionalUnits: 20,
  nutrientAcceptOngoingOnly: false,
  bioBroadHabitat: null,
  bioHabitatType: null,
  bioDistinctiveness: null,
  bioUnits: null,
  bioIsDivisible: null,
  ...overrides,
});

/** A development in Test Valley needing nitrogen credits. */
const developmentOf = (overrides: Partial<BuyerDevelopment> = {}): BuyerDevelopment => ({
  creditType: 'NutrientMitigationNitrogen',
  planningRef: '24/0001/FUL',
  redemptionDate: '2027-06-01',
  lpa: { id: 'l1', name: 'Test Valley' },
  nca: null,
  subcatchment: { id: 'c1', name: 'River Test' },
  nearAddress: '1 High Street, Romsey',
  gridReference: null,
  threeWords: null,
  localOnly: true,
  ...overrides,
});

/** A buyer's requirement registered in round r1 of market m1 (no bid unless given). */
export const requirementOf = (overrides: Partial<CreditRequirement> & { id: string }): CreditRequirement => ({
  self: `/requirement/${overrides.id}`,
  checklist: [],
  name: 'Plot 4 nitrogen',
  type: 'Buyer',
  status: 'Registered',
  buyer: { id: 'o2', name: 'Harbour Homes' },
  agent: null,
  market: { id: 'm1', name: 'Solent nutrients' },
  round: { id: 'r1', name: 'Spring 2026', status: 'OpenForBidsAndOffers', ampEnd: '2029-03-31' },
  credits: [
    {
      id: 'c1',
      type: 'NutrientMitigationNitrogen',
      status: 'None',
      requiredUnits: 25,
      actualUnits: null,
      isPermanent: false,
      years: 3,
    },
  ],
  buyerCredits: nitrogenCredits(),
  development: developmentOf(),
  investorCredits: null,
  location: null,
  group: null,
  documents: [
    {
      tag: 'BudgetCalculator',
      fileId: 'f1',
      name: 'budget.xlsx',
      uploadedAt: '2026-02-01T10:00:00.000Z',
    },
  ],
  lateRedemption: false,
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-02-01T10:00:00.000Z',
  actions: [],
  ...overrides,
});

/** One row of the requirements list. */
export const requirementRowOf = (
  overrides: Partial<RequirementListItem> & { id: string },
): RequirementListItem => ({
  self: `/requirement/${overrides.id}`,
  name: 'Plot 4 nitrogen',
  type: 'Buyer',
  status: 'Registered',
  buyer: { id: 'o2', name: 'Harbour Homes' },
  agent: null,
  market: { id: 'm1', name: 'Solent nutrients' },
  round: { id: 'r1', name: 'Spring 2026', status: 'OpenForBidsAndOffers' },
  creditTypes: ['NutrientMitigationNitrogen'],
  units: 25,
  lpa: { id: 'l1', name: 'Test Valley' },
  planningRef: '24/0001/FUL',
  redemptionDate: '2027-06-01',
  group: null,
  createdAt: '2026-02-01T10:00:00.000Z',
  ...overrides,
});

/** A requirement group as the API answers it. */
export const groupOf = (overrides: Partial<RequirementGroup> & { id: string }): RequirementGroup => ({
  self: `/requirement-group/${overrides.id}`,
  name: 'Plot 4 development',
  buyer: { id: 'o2', name: 'Harbour Homes' },
  round: { id: 'r1', name: 'Spring 2026', status: 'OpenForBidsAndOffers' },
  requirements: [
    { id: 'q1', name: 'Plot 4 nitrogen', self: '/requirement/q1', status: 'Registered' },
    { id: 'q2', name: 'Plot 4 phosphorous', self: '/requirement/q2', status: 'Bid' },
  ],
  createdAt: '2026-02-01T10:00:00.000Z',
  actions: [],
  ...overrides,
});

/** The comments and activity of a subject, both empty. */
export const emptyFeedsOf = (subjectType: string, subjectId: string): Routes => ({
  [`GET /api/comments?subjectType=${subjectType}&subjectId=${subjectId}&page=1&pageSize=10`]: {
    body: listOf([]),
  },
  [`GET /api/activity?subjectType=${subjectType}&subjectId=${subjectId}&page=1&pageSize=10`]: {
    body: listOf([]),
  },
});
