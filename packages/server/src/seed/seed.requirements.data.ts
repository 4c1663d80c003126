import type {
  CreditRequirementStatus,
  CreditType,
  Distinctiveness,
  NutrientRequirementType,
} from '@curlew/domain';
import type { DEMO_ROUNDS } from './seed.rounds.ts';

// The demo credit requirements as data: every stage and credit type, their places, needs and bids;
// seedDemoRequirements writes them.

/** National Character Areas of the demo developments, with their Natural England numbers. */
export const DEMO_NCAS = [
  { number: 126, name: 'South Coast Plain' },
  { number: 128, name: 'South Hampshire Lowlands' },
  { number: 152, name: 'Cornish Killas' },
] as const;

export type Round = keyof typeof DEMO_ROUNDS;

interface DemoRequirement {
  name: string;
  owner: 'buyer' | 'investor';
  round: Round;
  status: CreditRequirementStatus;
  byAgent?: boolean;
  credits?:
    | {
        type: 'Biodiversity';
        broadHabitat: string;
        habitatType?: string;
        distinctiveness: Distinctiveness;
        units: number;
        divisible: boolean;
      }
    | {
        type: Exclude<CreditType, 'Biodiversity'>;
        nutrientType: NutrientRequirementType;
        ongoing?: number;
        additional?: number;
        acceptOngoingOnly?: boolean;
      };
  development?: {
    planningRef: string;
    redemptionDate: string;
    lpa: string;
    nca?: string;
    nearAddress: string;
    gridReference?: string;
    localOnly?: boolean;
  };
  investor?: {
    units: number;
    redemptionDate: string;
    distinctiveness: Distinctiveness;
    broadHabitat: string;
    /** For high and very high distinctiveness, which trade like for like. */
    habitatType?: string;
    lpa: string;
    nca: string;
  };
  bid?: { bid: number; bidOngoingOnly?: number };
  group?: string;
}

const solentNitrogen = (ongoing: number | undefined, additional: number | undefined) => ({
  type: 'NutrientMitigationNitrogen' as const,
  nutrientType: (ongoing !== undefined && additional !== undefined
    ? 'both'
    : ongoing !== undefined
      ? 'ongoing'
      : 'additional') as NutrientRequirementType,
  ...(ongoing === undefined ? {} : { ongoing }),
  ...(additional === undefined ? {} : { additional }),
});

/** The demo requirements: every stage, every credit type, bids in pounds for the whole need. */
export const DEMO_REQUIREMENTS: readonly DemoRequirement[] = [
  {
    name: 'Woolston Riverside homes - nitrogen',
    owner: 'buyer',
    round: 'open',
    status: 'Draft',
    credits: { ...solentNitrogen(12.4, 31), acceptOngoingOnly: false },
  },
  {
    name: 'Hedge End Grange - biodiversity',
    owner: 'buyer',
    round: 'open',
    status: 'Registered',
    byAgent: true,
    credits: {
      type: 'Biodiversity',
      broadHabitat: 'Grassland',
      habitatType: 'Other neutral grassland',
      distinctiveness: 'Medium',
      units: 8.6,
      divisible: true,
    },
    development: {
      planningRef: 'F/25/98012',
      redemptionDate: '2027-03-31',
      lpa: 'Eastleigh LPA',
      nca: 'South Hampshire Lowlands',
      nearAddress: 'Maddoxford Lane, Boorley Green, SO32 2DG',
      gridReference: 'SU 50617 14450',
    },
  },
  {
    name: 'Truro Eastern District Centre - biodiversity',
    owner: 'buyer',
    round: 'open',
    status: 'Provisional',
    credits: {
      type: 'Biodiversity',
      broadHabitat: 'Woodland and forest',
      habitatType: 'Lowland mixed deciduous woodland',
      distinctiveness: 'High',
      units: 5.1,
      divisible: false,
    },
    development: {
      planningRef: 'PA25/01734',
      redemptionDate: '2027-09-30',
      lpa: 'Cornwall LPA',
      gridReference: 'SW 84500 45200',
      nca: 'Cornish Killas',
      nearAddress: 'Tregurra Lane, Truro, TR1 1RX',
    },
  },
  {
    name: 'Greenshank grassland units 2026',
    owner: 'investor',
    round: 'open',
    status: 'Provisional',
    investor: {
      units: 25,
      redemptionDate: '2028-03-31',
      distinctiveness: 'Medium',
      broadHabitat: 'Grassland',
      lpa: 'Southampton LPA',
      nca: 'South Hampshire Lowlands',
    },
  },
  {
    name: 'Portsmouth Harbour Quarter - nitrogen',
    owner: 'buyer',
    round: 'bidding',
    status: 'Bid',
    byAgent: true,
    credits: { ...solentNitrogen(38, 120), acceptOngoingOnly: true },
    development: {
      planningRef: '24/01122/FUL',
      redemptionDate: '2026-12-31',
      lpa: 'Portsmouth LPA',
      gridReference: 'SU 64000 01000',
      nearAddress: 'The Hard, Portsmouth, PO1 3DT',
      localOnly: true,
    },
    // In a group (all or none), so its bid is for the full need: a group never clears ongoing units alone.
    bid: { bid: 1_950_000 },
    group: 'Portsmouth Harbour Quarter',
  },
  {
    name: 'Portsmouth Harbour Quarter - phosphorus',
    owner: 'buyer',
    round: 'bidding',
    status: 'Bid',
    credits: { type: 'NutrientMitigationPhosphorous', nutrientType: 'ongoing', ongoing: 4.2 },
    development: {
      planningRef: '24/01122/FUL',
      redemptionDate: '2026-12-31',
      lpa: 'Portsmouth LPA',
      gridReference: 'SU 64100 01100',
      nearAddress: 'The Hard, Portsmouth, PO1 3DT',
    },
    bid: { bid: 310_000 },
    group: 'Portsmouth Harbour Quarter',
  },
  {
    name: 'Portsmouth Harbour Quarter - biodiversity',
    owner: 'buyer',
    round: 'bidding',
    status: 'Bid',
    credits: {
      type: 'Biodiversity',
      broadHabitat: 'Grassland',
      habitatType: 'Other neutral grassland',
      distinctiveness: 'Medium',
      units: 14.5,
      divisible: true,
    },
    development: {
      planningRef: '24/01122/FUL',
      redemptionDate: '2027-03-31',
      lpa: 'Portsmouth LPA',
      gridReference: 'SU 63900 00900',
      nca: 'South Coast Plain',
      nearAddress: 'The Hard, Portsmouth, PO1 3DT',
    },
    bid: { bid: 420_000 },
    group: 'Portsmouth Harbour Quarter',
  },
  {
    name: 'Welborne phase 2 - nitrogen',
    owner: 'buyer',
    round: 'bidding',
    status: 'Bid',
    credits: solentNitrogen(62, undefined),
    development: {
      planningRef: 'P/25/0456/OA',
      redemptionDate: '2027-06-30',
      lpa: 'Fareham LPA',
      gridReference: 'SU 58200 09100',
      nearAddress: 'Knowle Road, Welborne, PO17 5AA',
      localOnly: true,
    },
    bid: { bid: 1_540_000 },
  },
  {
    name: 'Southleigh Park - nitrogen',
    owner: 'buyer',
    round: 'bidding',
    status: 'Bid',
    credits: solentNitrogen(undefined, 45),
    development: {
      planningRef: 'APP/25/00211',
      redemptionDate: '2027-01-31',
      lpa: 'Havant LPA',
      gridReference: 'SU 73600 07400',
      nearAddress: 'Southleigh Road, Emsworth, PO10 7TQ',
    },
    bid: { bid: 540_000 },
  },
  {
    name: 'Chickenhall Lane - heathland',
    owner: 'buyer',
    round: 'bidding',
    status: 'Bid',
    byAgent: true,
    credits: {
      type: 'Biodiversity',
      broadHabitat: 'Heathland and shrub',
      habitatType: 'Lowland heathland',
      distinctiveness: 'High',
      units: 6.8,
      divisible: false,
    },
    development: {
      planningRef: 'F/25/97730',
      redemptionDate: '2027-03-31',
      lpa: 'Eastleigh LPA',
      gridReference: 'SU 46500 18300',
      nca: 'South Hampshire Lowlands',
      nearAddress: 'Chickenhall Lane, Eastleigh, SO50 6RP',
      localOnly: true,
    },
    bid: { bid: 272_000 },
  },
  {
    name: 'Itchen Riverside - wetland',
    owner: 'buyer',
    round: 'bidding',
    status: 'Bid',
    credits: {
      type: 'Biodiversity',
      broadHabitat: 'Wetland',
      habitatType: 'Reedbeds',
      distinctiveness: 'High',
      units: 3.2,
      divisible: true,
    },
    development: {
      planningRef: '25/00318/FUL',
      redemptionDate: '2027-06-30',
      lpa: 'Southampton LPA',
      gridReference: 'SU 43600 13200',
      nca: 'South Hampshire Lowlands',
      nearAddress: 'Chapel Riverside, Southampton, SO14 5BY',
    },
    bid: { bid: 176_000 },
  },
  {
    name: 'Botley Road - field margins',
    owner: 'buyer',
    round: 'bidding',
    status: 'Bid',
    credits: {
      type: 'Biodiversity',
      broadHabitat: 'Cropland',
      habitatType: 'Cereal crops',
      distinctiveness: 'Low',
      units: 9,
      divisible: true,
    },
    development: {
      planningRef: 'F/25/98110',
      redemptionDate: '2026-12-31',
      lpa: 'Eastleigh LPA',
      gridReference: 'SU 49800 13300',
      nca: 'South Hampshire Lowlands',
      nearAddress: 'Botley Road, Fair Oak, SO50 7AP',
    },
    bid: { bid: 153_000 },
  },
  {
    name: 'Greenshank lowland meadows fund',
    owner: 'investor',
    round: 'bidding',
    status: 'Bid',
    investor: {
      units: 20,
      redemptionDate: '2028-03-31',
      distinctiveness: 'VeryHigh',
      broadHabitat: 'Grassland',
      habitatType: 'Lowland meadows',
      lpa: 'Southampton LPA',
      nca: 'South Hampshire Lowlands',
    },
    bid: { bid: 880_000 },
  },
  {
    name: 'Newport Pan Meadows - nitrogen',
    owner: 'buyer',
    round: 'bidding',
    status: 'Registered',
    credits: solentNitrogen(21, 40),
    development: {
      planningRef: '24/00987/OUT',
      redemptionDate: '2027-03-31',
      lpa: 'Isle of Wight LPA',
      gridReference: 'SZ 50700 88600',
      nearAddress: 'Pan Lane, Newport, PO30 2PJ',
    },
  },
  {
    name: 'Hamble Lane - nitrogen',
    owner: 'buyer',
    round: 'closed',
    status: 'Registered',
    credits: solentNitrogen(17.5, undefined),
    development: {
      planningRef: 'F/25/96540',
      redemptionDate: '2026-09-30',
      lpa: 'Eastleigh LPA',
      gridReference: 'SU 47700 09800',
      nearAddress: 'Hamble Lane, Hamble-le-Rice, SO31 4QJ',
    },
  },
  {
    name: 'Whiteley Meadows - biodiversity',
    owner: 'buyer',
    round: 'closed',
    status: 'Registered',
    credits: {
      type: 'Biodiversity',
      broadHabitat: 'Grassland',
      habitatType: 'Other neutral grassland',
      distinctiveness: 'Medium',
      units: 11,
      divisible: true,
    },
    development: {
      planningRef: 'P/25/0210/FP',
      redemptionDate: '2026-12-31',
      lpa: 'Fareham LPA',
      gridReference: 'SU 53500 07600',
      nca: 'South Hampshire Lowlands',
      nearAddress: 'Whiteley Way, Whiteley, PO15 7LA',
    },
  },
];
