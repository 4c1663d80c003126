import {
  biodiversityServiceUnits,
  CREDIT_TYPES,
  type CreditType,
  OPPORTUNITY_AREA_KINDS,
  OPPORTUNITY_DEMAND_STATUSES,
  OPPORTUNITY_NO_AREA,
  OPPORTUNITY_SUPPLY_STATUSES,
  type OpportunityArea,
  type OpportunityAreaKind,
  type OpportunityCreditType,
  type OpportunityFigures,
} from '@curlew/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/connect.ts';
import { projectServices, projects } from '../projects/projects.tables.ts';
import { lpas, ncas, subcatchments } from '../refdata/refdata.tables.ts';
import { creditRequirements, requirementCredits } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The names of a record's areas, by kind (null where the record gives none). */
type Places = Record<OpportunityAreaKind, string | null>;

/** One project's supply of one credit type, with the project's fees (in £). */
interface SupplyLine {
  projectId: string;
  creditType: CreditType;
  units: number;
  places: Places;
  fees: { marketOperatorFee: number; complianceMonitoring: number; performanceMonitoring: number };
}

/** One requirement's demand of one credit type. */
interface DemandLine {
  requirementId: string;
  creditType: CreditType;
  units: number;
  places: Places;
}

/**
 * The registered supply of a round, one line per project and credit type: projects in OPPORTUNITY_SUPPLY_STATUSES
 * with their services not refused certification; biodiversity units are the project's net gain at target condition
 * (once per project), nutrient units the services' kg a year.
 */
async function supplyLines(db: Queryable, roundId: string): Promise<SupplyLine[]> {
  const rows = await db
    .select({
      projectId: projects.id,
      creditType: projectServices.type,
      serviceUnits: projectServices.units,
      gainsPerYear: projects.gainsPerYear,
      baselineUnitsLost: projects.baselineUnitsLost,
      marketOperatorFee: projects.marketOperatorFee,
      complianceMonitoring: projects.complianceMonitoring,
      performanceMonitoring: projects.performanceMonitoring,
      lpa: lpas.name,
      nca: ncas.name,
      subcatchment: subcatchments.name,
    })
    .from(projectServices)
    .innerJoin(projects, eq(projects.id, projectServices.projectId))
    .leftJoin(lpas, eq(lpas.id, projects.lpaId))
    .leftJoin(ncas, eq(ncas.id, projects.ncaId))
    .leftJoin(subcatchments, eq(subcatchments.id, projects.subcatchmentId))
    .where(
      and(
        eq(projects.marketRoundId, roundId),
        inArray(projects.status, [...OPPORTUNITY_SUPPLY_STATUSES]),
        ne(projectServices.status, 'NotCertified'),
      ),
    )
    .orderBy(projects.id, projectServices.type, projectServices.id);
  const lines = new Map<string, SupplyLine>();
  for (const row of rows) {
    const key = `${row.projectId} ${row.creditType}`;
    const line = lines.get(key) ?? {
      projectId: row.projectId,
      creditType: row.creditType,
      units: 0,
      places: { LPA: row.lpa, NCA: row.nca, Subcatchment: row.subcatchment },
      fees: {
        marketOperatorFee: row.marketOperatorFee ?? 0,
        complianceMonitoring: row.complianceMonitoring ?? 0,
        performanceMonitoring: row.performanceMonitoring ?? 0,
      },
    };
    if (row.creditType === 'Biodiversity') {
      line.units = biodiversityServiceUnits({
        gainsPerYear: row.gainsPerYear ?? [],
        baselineUnitsLost: row.baselineUnitsLost ?? 0,
      });
    } else line.units += row.serviceUnits ?? 0;
    lines.set(key, line);
  }
  return [...lines.values()];
}

/** The registered demand of a round: each credit line of its requirements in OPPORTUNITY_DEMAND_STATUSES. */
async function demandLines(db: Queryable, roundId: string): Promise<DemandLine[]> {
  const rows = await db
    .select({
      requirementId: creditRequirements.id,
      creditType: requirementCredits.type,
      units: requirementCredits.requiredUnits,
      lpa: lpas.name,
      nca: ncas.name,
      subcatchment: subcatchments.name,
    })
    .from(requirementCredits)
    .innerJoin(creditRequirements, eq(creditRequirements.id, requirementCredits.requirementId))
    .leftJoin(lpas, eq(lpas.id, creditRequirements.lpaId))
    .leftJoin(ncas, eq(ncas.id, creditRequirements.ncaId))
    .leftJoin(subcatchments, eq(subcatchments.id, creditRequirements.subcatchmentId))
    .where(
      and(
        eq(creditRequirements.marketRoundId, roundId),
        inArray(creditRequirements.status, [...OPPORTUNITY_DEMAND_STATUSES]),
      ),
    )
    .orderBy(creditRequirements.id, requirementCredits.position, requirementCredits.id);
  return rows.map((row) => ({
    requirementId: row.requirementId,
    creditType: row.creditType,
    units: row.units,
    places: { LPA: row.lpa, NCA: row.nca, Subcatchment: row.subcatchment },
  }));
}

const typeOrder = (type: CreditType): number => CREDIT_TYPES.indexOf(type);

/** Per credit type: units, counts and fees (pure). */
function creditTypeFigures(
  services: readonly CreditType[],
  supply: readonly SupplyLine[],
  demand: readonly DemandLine[],
): OpportunityCreditType[] {
  const types = new Set<CreditType>([
    ...services,
    ...supply.map((line) => line.creditType),
    ...demand.map((line) => line.creditType),
  ]);
  return [...types]
    .sort((a, b) => typeOrder(a) - typeOrder(b))
    .map((creditType) => {
      const offered = supply.filter((line) => line.creditType === creditType);
      const needed = demand.filter((line) => line.creditType === creditType);
      const sum = (values: readonly number[]) => round2(values.reduce((total, value) => total + value, 0));
      const supplyUnits = sum(offered.map((line) => line.units));
      const marketOperatorFee = sum(offered.map((line) => line.fees.marketOperatorFee));
      const complianceMonitoring = sum(offered.map((line) => line.fees.complianceMonitoring));
      const performanceMonitoring = sum(offered.map((line) => line.fees.performanceMonitoring));
      const fees = marketOperatorFee + complianceMonitoring + performanceMonitoring;
      return {
        creditType,
        supplyUnits,
        demandUnits: sum(needed.map((line) => line.units)),
        projects: new Set(offered.map((line) => line.projectId)).size,
        requirements: new Set(needed.map((line) => line.requirementId)).size,
        marketOperatorFee,
        complianceMonitoring,
        performanceMonitoring,
        feesPerUnit: supplyUnits > 0 ? round2(fees / supplyUnits) : null,
      };
    });
}

/** Per credit type, kind of area and area: supply and demand, records without an area under OPPORTUNITY_NO_AREA (pure). */
function areaFigures(supply: readonly SupplyLine[], demand: readonly DemandLine[]): OpportunityArea[] {
  const areas = new Map<string, OpportunityArea>();
  const add = (
    creditType: CreditType,
    places: Places,
    side: 'supplyUnits' | 'demandUnits',
    units: number,
  ) => {
    for (const kind of OPPORTUNITY_AREA_KINDS) {
      const area = places[kind] ?? OPPORTUNITY_NO_AREA;
      const key = `${creditType}\u0000${kind}\u0000${area}`;
      const entry = areas.get(key) ?? { creditType, kind, area, supplyUnits: 0, demandUnits: 0 };
      entry[side] = round2(entry[side] + units);
      areas.set(key, entry);
    }
  };
  for (const line of supply) add(line.creditType, line.places, 'supplyUnits', line.units);
  for (const line of demand) add(line.creditType, line.places, 'demandUnits', line.units);
  const unnamedLast = (area: string) => (area === OPPORTUNITY_NO_AREA ? 1 : 0);
  return [...areas.values()].sort(
    (a, b) =>
      typeOrder(a.creditType) - typeOrder(b.creditType) ||
      OPPORTUNITY_AREA_KINDS.indexOf(a.kind) - OPPORTUNITY_AREA_KINDS.indexOf(b.kind) ||
      unnamedLast(a.area) - unnamedLast(b.area) ||
      a.area.localeCompare(b.area, 'en-GB'),
  );
}

/**
 * The figures of a round's opportunity statement from its records as they are now: registered supply and demand per
 * credit type and area, the fees, the registration windows and AMP end, the reserve. Names of records, owners,
 * offers and bids are never read.
 */
export async function opportunityFigures(db: Queryable, roundId: string): Promise<OpportunityFigures> {
  const [round] = await db
    .select({
      id: marketRounds.id,
      name: marketRounds.name,
      services: marketRounds.services,
      registrationDates: marketRounds.registrationDates,
      ampEnd: marketRounds.ampEnd,
      reservePercentage: marketRounds.reservePercentage,
      reserveAppliesTo: marketRounds.reserveAppliesTo,
      reserveAgreedWithEMB: marketRounds.reserveAgreedWithEMB,
    })
    .from(marketRounds)
    .where(eq(marketRounds.id, roundId));
  if (!round) throw new Error('The round of an opportunity statement exists');
  const supply = await supplyLines(db, roundId);
  const demand = await demandLines(db, roundId);
  return {
    round: { id: round.id, name: round.name },
    creditTypes: creditTypeFigures(round.services, supply, demand),
    areas: areaFigures(supply, demand),
    dates: { registration: round.registrationDates, ampEnd: round.ampEnd },
    reserve: {
      percentage: round.reservePercentage,
      appliesTo: round.reserveAppliesTo,
      agreedWithEMB: round.reserveAgreedWithEMB,
    },
  };
}
