import {
  type CertificationDecision,
  type Condition,
  CREDIT_DURATION_YEARS,
  CREDIT_TYPES,
  type CreditDuration,
  type CreditType,
  type Distinctiveness,
  MODULE_UNITS,
  type ProjectGroupType,
  type ProjectOutcome,
  type ProjectStatus,
  type ServiceCertificationStatus,
} from '@curlew/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { marketRounds } from './modules/markets/markets.tables.ts';
import { organisations } from './modules/organisations/organisations.tables.ts';
import {
  projectGroups,
  projectServices,
  projectServiceUnits,
  projects,
} from './modules/projects/projects.tables.ts';
import { biodiversityPeriods, nutrientPeriods } from './modules/projects/projects.units.ts';
import {
  habitats,
  lpas,
  ncas,
  projectTypes,
  standards,
  subcatchments,
} from './modules/refdata/refdata.tables.ts';
import type { Transaction } from './platform/db/connect.ts';
import { DEMO_ROUNDS } from './seed.rounds.ts';

/** National Character Areas of the demo projects (Natural England numbers and names). */
const DEMO_NCAS = [
  { number: 126, name: 'South Coast Plain' },
  { number: 127, name: 'Isle of Wight' },
  { number: 128, name: 'South Hampshire Lowlands' },
  { number: 131, name: 'New Forest' },
  { number: 152, name: 'Cornish Killas' },
];

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

const DEMO_PROJECTS: DemoProject[] = [
  {
    name: 'Hill Barn Meadows',
    round: DEMO_ROUNDS.open,
    status: 'Draft',
    type: 'Habitat creation',
    lpa: 'Winchester LPA',
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
    gridReference: 'SU 52110 12980',
    services: [
      { type: 'Biodiversity', habitat: broadleaved, condition: 'Moderate', size: 6.5, begins: '2026-10-01' },
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
    nca: 128,
    nearAddress: 'Hook Lane, Warsash SO31 9HH',
    services: [{ type: 'Biodiversity', habitat: meadow, condition: 'Good', size: 4.2, begins: '2026-09-01' }],
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
    nca: 128,
    nearAddress: 'Whiteley Lane, Whiteley PO15 7LA',
    services: [
      { type: 'Biodiversity', habitat: meadow, condition: 'Moderate', size: 3.1, begins: '2026-11-01' },
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
    services: [{ type: 'Biodiversity', habitat: meadow, condition: 'Good', size: 8.4, begins: '2026-04-01' }],
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
    nca: 128,
    nearAddress: 'Droxford Road, Soberton SO32 3PA',
    services: [
      { type: 'Biodiversity', habitat: hedgerow, condition: 'Good', size: 3.6, begins: '2026-04-01' },
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
    nca: 128,
    nearAddress: 'Sopwith Way, Swanwick SO31 1AX',
    services: [
      { type: 'Biodiversity', habitat: meadow, condition: 'FairlyGood', size: 2.7, begins: '2026-06-01' },
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
    nca: 152,
    nearAddress: 'Higher Farm, Gunnislake PL18 9AA',
    services: [
      { type: 'Biodiversity', habitat: meadow, condition: 'Moderate', size: 3.4, begins: '2026-03-01' },
    ],
    supply: { baselineUnitsLost: 2.2, gainsPerYear: gains(10, 29) },
    costs: [31000, 2500, 5600, 4600],
    outcomes: ['screening', 'preMarketReview'],
  },
];

/** The XOR group of the round open for offers: two wetland sites on the Hamble and Test, only one may win. */
const DEMO_GROUP = {
  name: 'Solent wetland alternatives',
  type: 'XOR' as ProjectGroupType,
  round: DEMO_ROUNDS.bidding,
  projects: ['Hamble Estuary Saltmarsh', 'Lower Test Marshes'],
};

const DAY = 24 * 60 * 60 * 1000;

const bandOf = (band: string): Distinctiveness =>
  band === 'VeryHigh' || band === 'High' || band === 'Medium' ? band : 'Low';

/**
 * The demo projects: in Round 1 2026 one at each stage before certification; in Round 3 2025 offered projects
 * with certified biodiversity, nitrogen and phosphorus services, realistic sealed offers, an XOR group and one
 * certified project not yet offered; two in Round 2 2025 around the supplier's own valley (Cornwall, which the demo
 * LPA organisation is linked to). Reference rows are the real ones (habitats, LPAs, NCAs, the Solent subcatchment).
 */
export async function seedDemoProjects(
  tx: Transaction,
  context: { now: Date; idOf(key: string): string },
): Promise<void> {
  const { now, idOf } = context;
  await tx.insert(ncas).values(DEMO_NCAS).onConflictDoNothing();
  const rounds = await tx
    .select({ id: marketRounds.id, name: marketRounds.name, marketId: marketRounds.marketId })
    .from(marketRounds)
    .where(inArray(marketRounds.name, Object.values(DEMO_ROUNDS)));
  const places = await tx
    .select({ id: lpas.id, name: lpas.name })
    .from(lpas)
    .where(inArray(lpas.name, [...new Set(DEMO_PROJECTS.map((project) => project.lpa))]));
  const areas = await tx.select({ id: ncas.id, number: ncas.number }).from(ncas);
  const [solent] = await tx
    .select({ id: subcatchments.id })
    .from(subcatchments)
    .where(eq(subcatchments.name, 'Solent'));
  const types = await tx.select({ id: projectTypes.id, name: projectTypes.name }).from(projectTypes);
  const [standard] = await tx
    .select({ id: standards.id })
    .from(standards)
    .where(eq(standards.name, 'Statutory biodiversity metric'));
  const habitatRows = await tx
    .select({
      module: habitats.module,
      habitatType: habitats.habitatType,
      distinctiveness: habitats.distinctiveness,
    })
    .from(habitats);
  const cornwall = places.find((place) => place.name === 'Cornwall LPA');
  if (cornwall !== undefined)
    await tx
      .update(organisations)
      .set({ lpaId: cornwall.id })
      .where(and(eq(organisations.id, idOf('lpa')), isNull(organisations.lpaId)));

  const supplierId = idOf('supplier');
  const ids = new Map<string, string>();
  for (const [index, demo] of DEMO_PROJECTS.entries()) {
    const round = rounds.find((candidate) => candidate.name === demo.round);
    const createdAt = new Date(now.getTime() - (DEMO_PROJECTS.length - index) * DAY);
    const services = demo.services.filter(
      (service) =>
        service.type !== 'Biodiversity' ||
        habitatRows.some((row) => row.habitatType === service.habitat?.habitatType),
    );
    const hasBiodiversity = services.some((service) => service.type === 'Biodiversity');
    const hasNutrient = services.some((service) => service.type !== 'Biodiversity');
    const creditTypes = CREDIT_TYPES.filter((type) => services.some((service) => service.type === type));
    const outcomes: ProjectOutcome[] = (demo.outcomes ?? []).map((kind, step) => ({
      kind,
      outcome: demo.status === 'FailedScreening' && kind === 'screening' ? 'Fail' : 'Pass',
      date: new Date(createdAt.getTime() + (step + 1) * 3 * DAY).toISOString().slice(0, 10),
      comment:
        demo.status === 'FailedScreening' && kind === 'screening'
          ? 'The heath lies within a scheduled monument; creation works need consent first.'
          : null,
      by: 'Priya Marsh',
    }));
    const [row] = await tx
      .insert(projects)
      .values({
        name: demo.name,
        status: demo.status,
        supplierId,
        agentId: demo.round === DEMO_ROUNDS.bidding ? idOf('agent') : null,
        typeId: types.find((type) => type.name === demo.type)?.id ?? null,
        marketId: round?.marketId ?? null,
        marketRoundId: round?.id ?? null,
        serviceTypes: creditTypes,
        locationCreditTypes: demo.status === 'Draft' ? null : creditTypes,
        lpaId: places.find((place) => place.name === demo.lpa)?.id ?? null,
        ncaId: hasBiodiversity ? (areas.find((area) => area.number === demo.nca)?.id ?? null) : null,
        subcatchmentId: hasNutrient && demo.subcatchment ? (solent?.id ?? null) : null,
        nearAddress: demo.nearAddress,
        gridReference: demo.gridReference ?? null,
        baselineUnitsLost: hasBiodiversity ? (demo.supply?.baselineUnitsLost ?? null) : null,
        yearsToTargetCondition: hasBiodiversity && demo.supply ? demo.supply.gainsPerYear.length - 1 : null,
        gainsPerYear: hasBiodiversity ? (demo.supply?.gainsPerYear ?? null) : null,
        maintenance: demo.costs?.[0] ?? null,
        marketOperatorFee: demo.costs?.[1] ?? null,
        complianceMonitoring: demo.costs?.[2] ?? null,
        performanceMonitoring: demo.costs?.[3] ?? null,
        offer: demo.offer ?? null,
        offeredAt: demo.offer === undefined ? null : now,
        outcomes,
        certifiedRoundId: demo.certified ? (round?.id ?? null) : null,
        createdAt,
        updatedAt: now,
      })
      .returning({ id: projects.id });
    if (!row) throw new Error(`Demo project ${demo.name} was not inserted`);
    ids.set(demo.name, row.id);
    const serviceStatus: ServiceCertificationStatus = demo.certified
      ? 'Certified'
      : ['Draft', 'Provisional'].includes(demo.status)
        ? 'Draft'
        : 'PendingCertification';
    const decision: CertificationDecision | null = demo.certified ? 'Yes' : null;
    const totalSize = services.reduce(
      (sum, service) => sum + (service.type === 'Biodiversity' ? (service.size ?? 0) : 0),
      0,
    );
    for (const service of services) {
      const habitat = service.habitat;
      const band = habitatRows.find((row) => row.habitatType === habitat?.habitatType)?.distinctiveness;
      const [inserted] = await tx
        .insert(projectServices)
        .values({
          projectId: row.id,
          type: service.type,
          status: serviceStatus,
          module: habitat?.module ?? null,
          broadHabitat: habitat?.broadHabitat ?? null,
          habitatType: habitat?.habitatType ?? null,
          distinctiveness: band === undefined ? null : bandOf(band),
          condition: service.condition ?? null,
          strategicSignificance: habitat === undefined ? null : 'Medium',
          difficulty: habitat === undefined ? null : 'Low',
          size: service.size ?? null,
          sizeUnit: habitat === undefined ? null : MODULE_UNITS[habitat.module],
          mitigationBegins: service.begins,
          mitigationDuration: service.duration ?? null,
          area: service.area ?? null,
          units: service.units ?? null,
          years: service.duration === undefined ? null : CREDIT_DURATION_YEARS[service.duration],
          standardId: decision === null ? null : (standard?.id ?? null),
          decision,
          createdAt,
          updatedAt: now,
        })
        .returning({ id: projectServices.id });
      if (!inserted) throw new Error(`Demo service of ${demo.name} was not inserted`);
      const periods =
        service.type === 'Biodiversity'
          ? demo.supply === undefined
            ? []
            : biodiversityPeriods(
                service.begins,
                demo.supply,
                totalSize > 0 ? (service.size ?? 0) / totalSize : 1,
              )
          : nutrientPeriods(service.begins, service.duration ?? 'Permanent', service.units ?? 0);
      if (periods.length > 0)
        await tx
          .insert(projectServiceUnits)
          .values(periods.map((period) => ({ serviceId: inserted.id, ...period })));
    }
  }
  const groupRound = rounds.find((round) => round.name === DEMO_GROUP.round);
  if (groupRound !== undefined) {
    const [group] = await tx
      .insert(projectGroups)
      .values({
        name: DEMO_GROUP.name,
        type: DEMO_GROUP.type,
        supplierId,
        marketRoundId: groupRound.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: projectGroups.id });
    const members = DEMO_GROUP.projects.flatMap((name) => ids.get(name) ?? []);
    if (group !== undefined && members.length > 0)
      await tx.update(projects).set({ groupId: group.id }).where(inArray(projects.id, members));
  }
}
