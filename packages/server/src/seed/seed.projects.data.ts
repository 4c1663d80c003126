import type { Condition, CreditDuration, CreditType, ProjectGroupType, ProjectStatus } from '@curlew/domain';
import { DEMO_ROUNDS } from './seed.rounds.ts';

// The demo projects as data: where they are, their services, supply, costs, offers and stage; seedDemoProjects
// writes them.

/** National Character Areas of the demo projects (Natural England numbers and names). */
export const DEMO_NCAS = [
  { number: 126, name: 'South Coast Plain' },
  { number: 127, name: 'Isle of Wight' },
  { number: 128, name: 'South Hampshire Lowlands' },
  { number: 131, name: 'New Forest' },
  { number: 152, name: 'Cornish Killas' },
];

/**
 * Neighbouring NCAs among the demo's (by number): the New Forest adjoins the South Hampshire Lowlands along the
 * Test and Southampton Water side (Natural England's NCA profiles 128 and 131).
 */
export const DEMO_NCA_NEIGHBOURS: readonly (readonly [number, number])[] = [[128, 131]];

type Habitat = { module: 'Area' | 'Linear'; broadHabitat: string | null; habitatType: string };

interface DemoService {
  type: CreditType;
  habitat?: Habitat;
  condition?: Condition;
  size?: number;
  duration?: CreditDuration;
  area?: number;
  units?: number;
  begins: string;
}

interface DemoProject {
  name: string;
  round: string;
  status: ProjectStatus;
  type: 'Habitat creation' | 'Habitat enhancement';
  lpa: string;
  nca?: number;
  subcatchment?: boolean;
  nearAddress: string;
  gridReference?: string;
  services: DemoService[];
  supply?: { baselineUnitsLost: number; gainsPerYear: number[] };
  costs?: [maintenance: number, fee: number, compliance: number, performance: number];
  offer?: number;
  outcomes?: ('screening' | 'preMarketReview')[];
  certified?: boolean;
}

const meadow: Habitat = { module: 'Area', broadHabitat: 'Grassland', habitatType: 'Lowland meadows' };
const reedbeds: Habitat = { module: 'Area', broadHabitat: 'Wetland', habitatType: 'Reedbeds' };
const saltmarsh: Habitat = {
  module: 'Area',
  broadHabitat: 'Coastal saltmarsh',
  habitatType: 'Saltmarshes and saline reedbeds',
};
const broadleaved: Habitat = {
  module: 'Area',
  broadHabitat: 'Woodland and forest',
  habitatType: 'Lowland mixed deciduous woodland',
};
const heath: Habitat = {
  module: 'Area',
  broadHabitat: 'Heathland and shrub',
  habitatType: 'Lowland heathland',
};
const hedgerow: Habitat = {
  module: 'Linear',
  broadHabitat: null,
  habitatType: 'Species-rich native hedgerow with trees',
};

const gains = (years: number, target: number): number[] =>
  Array.from({ length: years + 1 }, (_, year) => Math.round(((target * year) / years) * 100) / 100);

export const DEMO_PROJECTS: DemoProject[] = [
  {
    name: 'Hill Barn Meadows',
    round: DEMO_ROUNDS.open,
    status: 'Draft',
    type: 'Habitat creation',
    lpa: 'Winchester LPA',
    gridReference: 'SU 48500 29500',
    nearAddress: 'Hill Barn, Owslebury, Winchester SO21 1LP',
    services: [],
  },
  {
    name: 'Botley Wood Edge',
    round: DEMO_ROUNDS.open,
    status: 'Registered',
    type: 'Habitat creation',
    lpa: 'Eastleigh LPA',
    nca: 128,
    nearAddress: 'Brook Lane, Botley SO30 2ER',
    gridReference: 'SU 50400 14000',
    services: [
      { type: 'Biodiversity', habitat: broadleaved, condition: 'Moderate', size: 3.6, begins: '2026-10-01' },
    ],
    supply: { baselineUnitsLost: 4.2, gainsPerYear: gains(10, 38) },
    costs: [58000, 2500, 9000, 7500],
  },
  {
    name: 'Hamble Valley Grassland',
    round: DEMO_ROUNDS.open,
    status: 'Screened',
    type: 'Habitat enhancement',
    lpa: 'Fareham LPA',
    gridReference: 'SU 50400 08600',
    nca: 128,
    nearAddress: 'Hook Lane, Warsash SO31 9HH',
    services: [{ type: 'Biodiversity', habitat: meadow, condition: 'Good', size: 2.3, begins: '2026-09-01' }],
    supply: { baselineUnitsLost: 6, gainsPerYear: gains(8, 52) },
    costs: [41000, 2500, 7200, 6000],
    outcomes: ['screening'],
  },
  {
    name: 'Whiteley Pastures',
    round: DEMO_ROUNDS.open,
    status: 'Certified',
    type: 'Habitat creation',
    lpa: 'Winchester LPA',
    gridReference: 'SU 53600 10900',
    nca: 128,
    nearAddress: 'Whiteley Lane, Whiteley PO15 7LA',
    services: [
      { type: 'Biodiversity', habitat: meadow, condition: 'Moderate', size: 2, begins: '2026-11-01' },
    ],
    supply: { baselineUnitsLost: 2.5, gainsPerYear: gains(10, 27) },
    costs: [36000, 2500, 6800, 5400],
    outcomes: ['screening', 'preMarketReview'],
    certified: true,
  },
  {
    name: 'Titchfield Haven Wet Grassland',
    round: DEMO_ROUNDS.bidding,
    status: 'Offered',
    type: 'Habitat creation',
    lpa: 'Fareham LPA',
    nca: 126,
    nearAddress: 'Cliff Road, Hill Head PO14 3JT',
    gridReference: 'SU 53370 02410',
    services: [{ type: 'Biodiversity', habitat: meadow, condition: 'Good', size: 5, begins: '2026-04-01' }],
    supply: { baselineUnitsLost: 9.5, gainsPerYear: gains(12, 96) },
    costs: [84000, 2500, 12500, 9800],
    offer: 412000,
    outcomes: ['screening', 'preMarketReview'],
    certified: true,
  },
  {
    name: 'Meon Valley Hedgerows',
    round: DEMO_ROUNDS.bidding,
    status: 'Offered',
    type: 'Habitat creation',
    lpa: 'Winchester LPA',
    gridReference: 'SU 60800 18200',
    nca: 128,
    nearAddress: 'Droxford Road, Soberton SO32 3PA',
    services: [
      { type: 'Biodiversity', habitat: hedgerow, condition: 'Good', size: 1.5, begins: '2026-04-01' },
    ],
    supply: { baselineUnitsLost: 1.2, gainsPerYear: gains(10, 21.6) },
    costs: [27000, 2500, 4200, 3600],
    offer: 96500,
    outcomes: ['screening', 'preMarketReview'],
    certified: true,
  },
  {
    name: 'Bishopstoke Farm Nitrogen',
    round: DEMO_ROUNDS.bidding,
    status: 'Offered',
    type: 'Habitat enhancement',
    lpa: 'Eastleigh LPA',
    gridReference: 'SU 47200 19400',
    subcatchment: true,
    nearAddress: 'Church Road, Bishopstoke SO50 6BL',
    services: [
      {
        type: 'NutrientMitigationNitrogen',
        duration: 'Permanent',
        area: 42,
        units: 850,
        begins: '2026-04-01',
      },
    ],
    costs: [95000, 2500, 14000, 11000],
    offer: 1150000,
    outcomes: ['screening', 'preMarketReview'],
    certified: true,
  },
  {
    name: 'Newtown Creek Phosphorus',
    round: DEMO_ROUNDS.bidding,
    status: 'Offered',
    type: 'Habitat enhancement',
    lpa: 'Isle of Wight LPA',
    gridReference: 'SZ 42300 90600',
    subcatchment: true,
    nearAddress: 'Newtown, Isle of Wight PO30 4PA',
    services: [
      {
        type: 'NutrientMitigationPhosphorous',
        duration: 'FiveYears',
        area: 18,
        units: 42,
        begins: '2026-04-01',
      },
    ],
    costs: [38000, 2500, 6000, 4800],
    offer: 310000,
    outcomes: ['screening', 'preMarketReview'],
    certified: true,
  },
  {
    name: 'Lower Test Marshes',
    round: DEMO_ROUNDS.bidding,
    status: 'Offered',
    type: 'Habitat creation',
    lpa: 'Test Valley LPA',
    gridReference: 'SU 36400 14600',
    nca: 128,
    subcatchment: true,
    nearAddress: 'Test Lane, Redbridge SO16 9JX',
    services: [
      { type: 'Biodiversity', habitat: reedbeds, condition: 'Moderate', size: 5.8, begins: '2026-04-01' },
      {
        type: 'NutrientMitigationNitrogen',
        duration: 'Permanent',
        area: 12,
        units: 310,
        begins: '2026-04-01',
      },
    ],
    supply: { baselineUnitsLost: 5, gainsPerYear: gains(15, 54) },
    costs: [72000, 2500, 11000, 8600],
    offer: 780000,
    outcomes: ['screening', 'preMarketReview'],
    certified: true,
  },
  {
    name: 'Exbury Woodland Creation',
    round: DEMO_ROUNDS.bidding,
    status: 'Offered',
    type: 'Habitat creation',
    lpa: 'New Forest LPA',
    gridReference: 'SU 42500 00300',
    nca: 131,
    nearAddress: 'Exbury Road, Blackfield SO45 1XB',
    services: [
      { type: 'Biodiversity', habitat: broadleaved, condition: 'Moderate', size: 11.2, begins: '2026-04-01' },
    ],
    supply: { baselineUnitsLost: 7.4, gainsPerYear: gains(25, 82) },
    costs: [66000, 2500, 10400, 8200],
    offer: 265000,
    outcomes: ['screening', 'preMarketReview'],
    certified: true,
  },
  {
    name: 'Hamble Estuary Saltmarsh',
    round: DEMO_ROUNDS.bidding,
    status: 'Offered',
    type: 'Habitat creation',
    lpa: 'Eastleigh LPA',
    gridReference: 'SU 48300 07200',
    nca: 128,
    nearAddress: 'Satchell Lane, Hamble SO31 4HQ',
    services: [
      { type: 'Biodiversity', habitat: saltmarsh, condition: 'Moderate', size: 6.1, begins: '2026-04-01' },
    ],
    supply: { baselineUnitsLost: 3.8, gainsPerYear: gains(10, 58) },
    costs: [79000, 2500, 12000, 9400],
    offer: 455000,
    outcomes: ['screening', 'preMarketReview'],
    certified: true,
  },
  {
    name: 'Swanwick Lakes Meadow',
    round: DEMO_ROUNDS.bidding,
    status: 'Certified',
    type: 'Habitat enhancement',
    lpa: 'Fareham LPA',
    gridReference: 'SU 50900 09700',
    nca: 128,
    nearAddress: 'Sopwith Way, Swanwick SO31 1AX',
    services: [
      { type: 'Biodiversity', habitat: meadow, condition: 'FairlyGood', size: 1.3, begins: '2026-06-01' },
    ],
    supply: { baselineUnitsLost: 1.9, gainsPerYear: gains(8, 24) },
    costs: [29000, 2500, 5200, 4300],
    outcomes: ['screening', 'preMarketReview'],
    certified: true,
  },
  {
    name: 'Kit Hill Heath',
    round: DEMO_ROUNDS.closed,
    status: 'FailedScreening',
    type: 'Habitat enhancement',
    lpa: 'Cornwall LPA',
    gridReference: 'SX 37500 71300',
    nca: 152,
    nearAddress: 'Kit Hill, Callington PL17 8AX',
    services: [
      { type: 'Biodiversity', habitat: heath, condition: 'Moderate', size: 9, begins: '2026-03-01' },
    ],
    supply: { baselineUnitsLost: 12, gainsPerYear: gains(20, 60) },
    costs: [54000, 2500, 8800, 7000],
    outcomes: ['screening'],
  },
  {
    name: 'Gunnislake Orchard Grassland',
    round: DEMO_ROUNDS.closed,
    status: 'ApprovedRound',
    type: 'Habitat creation',
    lpa: 'Cornwall LPA',
    gridReference: 'SX 43200 71600',
    nca: 152,
    nearAddress: 'Higher Farm, Gunnislake PL18 9AA',
    services: [
      { type: 'Biodiversity', habitat: meadow, condition: 'Moderate', size: 2.2, begins: '2026-03-01' },
    ],
    supply: { baselineUnitsLost: 2.2, gainsPerYear: gains(10, 29) },
    costs: [31000, 2500, 5600, 4600],
    outcomes: ['screening', 'preMarketReview'],
  },
];

/** The XOR group of the round open for offers: two wetland sites on the Hamble and Test, only one may win. */
export const DEMO_GROUP = {
  name: 'Solent wetland alternatives',
  type: 'XOR' as ProjectGroupType,
  round: DEMO_ROUNDS.bidding,
  projects: ['Hamble Estuary Saltmarsh', 'Lower Test Marshes'],
};
