/** The projects and credit requirements of the demo market's Round 1 2025 (cleared a year ago). */
import { demoRoundNames } from './seed.dates.ts';

/** The round of the demo market that was cleared and accepted a year ago, its credits now in the registry. */
export const DEMO_SETTLING_ROUND = demoRoundNames(new Date()).settling;

const gains = (years: number, target: number): number[] =>
  Array.from({ length: years + 1 }, (_, year) => Math.round(((target * year) / years) * 100) / 100);

/** What each winning project has reached since the round, in order, and when. */
export type ProjectStage = 'Contracted' | 'Verified' | 'Monitoring' | 'NonCompliant' | 'Matched';

export const DEMO_SUPPLY: {
  name: string;
  lpa: string;
  nca: number;
  gridReference: string;
  habitat: { broadHabitat: string; habitatType: string };
  size: number;
  gains: number[];
  offer: number;
  stage: ProjectStage;
}[] = [
  {
    name: 'Titchfield Haven Grassland',
    lpa: 'Fareham LPA',
    nca: 128,
    gridReference: 'SU 53480 02460',
    habitat: { broadHabitat: 'Grassland', habitatType: 'Other neutral grassland' },
    size: 2.3,
    gains: gains(4, 26),
    offer: 52000,
    stage: 'Monitoring',
  },
  {
    name: 'Meon Valley Meadows',
    lpa: 'Fareham LPA',
    nca: 128,
    gridReference: 'SU 56010 08230',
    habitat: { broadHabitat: 'Grassland', habitatType: 'Lowland meadows' },
    size: 0.85,
    gains: gains(6, 18),
    offer: 61000,
    stage: 'NonCompliant',
  },
  {
    name: 'Wickham Common Grassland',
    lpa: 'Eastleigh LPA',
    nca: 128,
    gridReference: 'SU 51270 11450',
    habitat: { broadHabitat: 'Grassland', habitatType: 'Other neutral grassland' },
    size: 1.75,
    gains: gains(4, 20),
    offer: 39000,
    stage: 'Verified',
  },
  {
    name: 'Havant Thicket Edge',
    lpa: 'Havant LPA',
    nca: 126,
    gridReference: 'SU 71650 10420',
    habitat: { broadHabitat: 'Woodland and forest', habitatType: 'Lowland mixed deciduous woodland' },
    size: 1.9,
    gains: gains(8, 28),
    offer: 70000,
    stage: 'Contracted',
  },
  {
    name: 'Brading Marshes',
    lpa: 'Isle of Wight LPA',
    nca: 127,
    gridReference: 'SZ 61260 87050',
    habitat: { broadHabitat: 'Wetland', habitatType: 'Reedbeds' },
    size: 1,
    gains: gains(6, 16),
    offer: 43000,
    stage: 'Matched',
  },
];

/** How far each requirement goes (as far as its suppliers allow), and when its redemption is due. */
export type RequirementStage =
  | 'RightsCreated'
  | 'RightsAllocated'
  | 'CreditsIssued'
  | 'CreditsRedeemed'
  | 'Retired';

/** A buyer's requirement of the settling round and how far it goes. */
export interface DemoDemand {
  name: string;
  lpa: string;
  nca: number;
  broadHabitat: string;
  units: number;
  bid: number;
  planningRef: string;
  redemptionDate: string;
  stage: RequirementStage;
}

export const DEMO_DEMAND: DemoDemand[] = [
  {
    name: 'Whiteley Farm housing',
    lpa: 'Fareham LPA',
    nca: 128,
    broadHabitat: 'Grassland',
    units: 30,
    bid: 960000,
    planningRef: 'P/24/0412/OA',
    redemptionDate: '2026-03-31',
    stage: 'CreditsRedeemed',
  },
  {
    name: 'Botley Road homes',
    lpa: 'Eastleigh LPA',
    nca: 128,
    broadHabitat: 'Grassland',
    units: 20,
    bid: 640000,
    planningRef: 'F/24/97611',
    redemptionDate: '2026-06-30',
    stage: 'RightsAllocated',
  },
  {
    name: 'Portchester care home',
    lpa: 'Fareham LPA',
    nca: 128,
    broadHabitat: 'Grassland',
    units: 12,
    bid: 390000,
    planningRef: 'P/24/1187/FP',
    redemptionDate: '2026-02-28',
    stage: 'Retired',
  },
  {
    name: 'Havant retail park',
    lpa: 'Havant LPA',
    nca: 126,
    broadHabitat: 'Woodland and forest',
    units: 26,
    bid: 820000,
    planningRef: 'APP/24/00871',
    redemptionDate: '2027-03-31',
    stage: 'RightsAllocated',
  },
  {
    name: 'Newport business park',
    lpa: 'Isle of Wight LPA',
    nca: 127,
    broadHabitat: 'Wetland',
    units: 15,
    bid: 470000,
    planningRef: '24/01522/FUL',
    redemptionDate: '2027-09-30',
    stage: 'RightsCreated',
  },
];

/**
 * The bid the operator excluded after bids closed: entered with two zeros too many, it would have taken every
 * grassland credit of the round. The first result was rejected, the bid excluded (the buyer told why) and the round
 * matched again without it; it ended Unmatched when the result was accepted.
 */
export const DEMO_EXCLUDED_BID = {
  demand: {
    name: 'Hamble Quay apartments',
    lpa: 'Fareham LPA',
    nca: 128,
    broadHabitat: 'Grassland',
    units: 8,
    bid: 26_000_000,
    planningRef: 'P/25/0093/FP',
    redemptionDate: '2027-12-31',
  },
  rejectedBecause:
    'One bid takes every grassland credit at a price far above the rest: checking it with its buyer',
  reason:
    'The buyer confirmed the bid was entered with two zeros too many; bids are closed, so it cannot be corrected in this round',
} as const satisfies { demand: Omit<DemoDemand, 'stage'>; rejectedBecause: string; reason: string };
