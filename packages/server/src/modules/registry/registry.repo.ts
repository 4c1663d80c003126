import { REGISTRY_CREDIT_STATUSES, type RegistryCredit, type RegistryCreditStatus } from '@curlew/domain';
import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { selfLink } from '../../platform/actions/runner.ts';
import type { ScopeReader } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { markets } from '../markets/markets.tables.ts';
import { allocations } from '../match/match.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { projects } from '../projects/projects.tables.ts';
import { lpas } from '../refdata/refdata.tables.ts';
import { creditRequirements, requirementCredits } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { creditScope } from './registry.scope.ts';

/** Units to 2 decimals. */
export const units2 = (value: number | null | undefined): number => Math.round((value ?? 0) * 100) / 100;

const developmentLpas = alias(lpas, 'development_lpas');

/** The allocation a reserve allocation replaced and that allocation's project, to left-join on `allocations`. */
export const replaced = alias(allocations, 'replaced_allocations');
export const replacedProjects = alias(projects, 'replaced_projects');

/** The columns of a registry credit row. */
const CREDIT_COLUMNS = {
  id: requirementCredits.id,
  status: requirementCredits.status,
  creditType: requirementCredits.type,
  units: requirementCredits.actualUnits,
  isPermanent: requirementCredits.isPermanent,
  years: requirementCredits.years,
  ownerId: creditRequirements.buyerId,
  ownerName: organisations.name,
  requirementId: creditRequirements.id,
  requirementName: creditRequirements.name,
  requirementStatus: creditRequirements.status,
  planningRef: creditRequirements.planningRef,
  redemptionDate: creditRequirements.redemptionDate,
  lpaId: creditRequirements.lpaId,
  lpaName: developmentLpas.name,
  marketId: markets.id,
  marketName: markets.name,
  roundId: marketRounds.id,
  roundName: marketRounds.name,
};

/** The joined select of registry credits. */
export const selectCredits = (db: Queryable) =>
  db
    .select(CREDIT_COLUMNS)
    .from(requirementCredits)
    .innerJoin(creditRequirements, eq(creditRequirements.id, requirementCredits.requirementId))
    .innerJoin(organisations, eq(organisations.id, creditRequirements.buyerId))
    .leftJoin(marketRounds, eq(marketRounds.id, creditRequirements.marketRoundId))
    .leftJoin(markets, eq(markets.id, creditRequirements.marketId))
    .leftJoin(developmentLpas, eq(developmentLpas.id, creditRequirements.lpaId));

/** One selected credit row. */
export type CreditRow = Awaited<ReturnType<ReturnType<typeof selectCredits>['where']>>[number];

/** The credits in the registry the reader may see: registry statuses and the reader's scope. */
export const creditInRegistryScope = (actor: ScopeReader): SQL | undefined =>
  and(inArray(requirementCredits.status, [...REGISTRY_CREDIT_STATUSES]), creditScope(actor));

/** One registry credit the reader may see. */
export async function findCredit(
  db: Queryable,
  actor: ScopeReader,
  id: string,
): Promise<CreditRow | undefined> {
  const [row] = await selectCredits(db).where(
    and(eq(requirementCredits.id, id), creditInRegistryScope(actor)),
  );
  return row;
}

/** The supplying projects and delivery years of the credits, in one query for a page. */
async function sourcesOf(
  db: Queryable,
  creditIds: readonly string[],
): Promise<Map<string, { sources: Map<string, string>; years: Set<number> }>> {
  const found = new Map<string, { sources: Map<string, string>; years: Set<number> }>();
  if (creditIds.length === 0) return found;
  const rows = await db
    .select({
      creditId: allocations.requirementCreditId,
      projectId: projects.id,
      projectName: projects.name,
      year: allocations.year,
    })
    .from(allocations)
    .innerJoin(projects, eq(projects.id, allocations.projectId))
    .where(and(inArray(allocations.requirementCreditId, [...creditIds]), isNull(allocations.failedAt)))
    .orderBy(asc(projects.name), asc(allocations.year));
  for (const row of rows) {
    if (row.creditId === null) continue;
    const entry = found.get(row.creditId) ?? { sources: new Map(), years: new Set() };
    entry.sources.set(row.projectId, row.projectName);
    entry.years.add(row.year);
    found.set(row.creditId, entry);
  }
  return found;
}

/** A named reference, or null when either part is missing (an outer join found nothing). */
export const named = (id: string | null, name: string | null) =>
  id === null || name === null ? null : { id, name };

/** Presents a page of credit rows with their sources (one query for the page). */
export async function presentCredits(db: Queryable, rows: readonly CreditRow[]): Promise<RegistryCredit[]> {
  const sources = await sourcesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const supply = sources.get(row.id);
    return {
      id: row.id,
      self: selfLink('credits/registry', row.id),
      status: row.status as RegistryCreditStatus,
      creditType: row.creditType,
      units: units2(row.units),
      isPermanent: row.isPermanent,
      years: row.years,
      deliveryYears: [...(supply?.years ?? [])].sort((a, b) => a - b),
      owner: { id: row.ownerId, name: row.ownerName },
      requirement: { id: row.requirementId, name: row.requirementName },
      planningRef: row.planningRef,
      lpa: named(row.lpaId, row.lpaName),
      market: named(row.marketId, row.marketName),
      round: named(row.roundId, row.roundName),
      sources: [...(supply?.sources ?? [])].map(([id, name]) => ({ id, name })),
    };
  });
}
