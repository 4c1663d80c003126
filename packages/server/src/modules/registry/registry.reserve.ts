import type {
  RESERVED_CREDIT_SORT_KEYS,
  ReserveCover,
  ReservedCredit,
  ReservedCreditRecord,
  reservedCreditQuerySchema,
} from '@curlew/domain';
import { and, asc, count, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { containsPattern, type ListSource, listOrder } from '../../platform/actions/paging.ts';
import type { ScopeReader } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { markets } from '../markets/markets.tables.ts';
import { allocations, reservedCredits } from '../match/match.tables.ts';
import { projects } from '../projects/projects.tables.ts';
import { lpas, ncas } from '../refdata/refdata.tables.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { creditEvents } from '../settlement/settlement.tables.ts';
import { named, units2 } from './registry.repo.ts';
import { reserveScope, seesRequirement } from './registry.scope.ts';

/** A parsed reserve query. */
export type ReserveQuery = z.infer<typeof reservedCreditQuerySchema>;

/** Units a reserved credit has supplied to replacement allocations. */
const usedUnits =
  sql<number>`coalesce((select sum(${allocations.units}) from ${allocations} where ${allocations.reservedCreditId} = ${reservedCredits.id}), 0)`.mapWith(
    Number,
  );

/** Units of a reserved credit written off because its own project failed irrevocably. */
const voidedUnits =
  sql<number>`coalesce((select sum(${creditEvents.units}) from ${creditEvents} where ${creditEvents.reservedCreditId} = ${reservedCredits.id} and ${creditEvents.kind} = 'Voided'), 0)`.mapWith(
    Number,
  );

const SORT_COLUMNS: Record<(typeof RESERVED_CREDIT_SORT_KEYS)[number], SQL | typeof projects.name> = {
  project: projects.name,
  creditType: sql`${reservedCredits.creditType}`,
  year: sql`${reservedCredits.year}`,
  units: sql`${reservedCredits.units}`,
  round: sql`${marketRounds.name}`,
};

const selectReserve = (db: Queryable) =>
  db
    .select({
      id: reservedCredits.id,
      creditType: reservedCredits.creditType,
      year: reservedCredits.year,
      units: reservedCredits.units,
      used: usedUnits,
      voided: voidedUnits,
      projectId: projects.id,
      projectName: projects.name,
      lpaId: lpas.id,
      lpaName: lpas.name,
      ncaId: ncas.id,
      ncaName: ncas.name,
      marketId: markets.id,
      marketName: markets.name,
      roundId: marketRounds.id,
      roundName: marketRounds.name,
    })
    .from(reservedCredits)
    .innerJoin(projects, eq(projects.id, reservedCredits.projectId))
    .innerJoin(marketRounds, eq(marketRounds.id, reservedCredits.marketRoundId))
    .leftJoin(markets, eq(markets.id, marketRounds.marketId))
    .leftJoin(lpas, eq(lpas.id, projects.lpaId))
    .leftJoin(ncas, eq(ncas.id, projects.ncaId));

type ReserveRow = Awaited<ReturnType<ReturnType<typeof selectReserve>['where']>>[number];

const presentReserve = (row: ReserveRow): ReservedCredit => ({
  id: row.id,
  self: `/reserved-credit/${row.id}`,
  creditType: row.creditType,
  year: row.year,
  units: units2(row.units),
  usedUnits: units2(row.used),
  voidedUnits: units2(row.voided),
  remainingUnits: units2(Math.max(0, row.units - row.used - row.voided)),
  project: { id: row.projectId, name: row.projectName },
  lpa: named(row.lpaId, row.lpaName),
  nca: named(row.ncaId, row.ncaName),
  market: named(row.marketId, row.marketName),
  round: { id: row.roundId, name: row.roundName },
});

const reserveConditions = (actor: ScopeReader, query: Partial<ReserveQuery>): SQL | undefined =>
  and(
    reserveScope(actor),
    query.q === undefined ? undefined : ilike(projects.name, containsPattern(query.q)),
    query.marketId === undefined ? undefined : eq(marketRounds.marketId, query.marketId),
    query.roundId === undefined ? undefined : eq(reservedCredits.marketRoundId, query.roundId),
    query.creditType === undefined ? undefined : eq(reservedCredits.creditType, query.creditType),
    query.projectId === undefined ? undefined : eq(reservedCredits.projectId, query.projectId),
  );

/** The reserve in the reader's scope as a list source: one page of it, and how many match. */
export const reserveSource = (
  db: Queryable,
  actor: ScopeReader,
  query: ReserveQuery,
): ListSource<ReservedCredit> => {
  const where = reserveConditions(actor, query);
  return {
    rows: async (slice) =>
      (
        await selectReserve(db)
          .where(where)
          .orderBy(...listOrder(SORT_COLUMNS, query, reservedCredits.id))
          .limit(slice.limit)
          .offset(slice.offset)
      ).map(presentReserve),
    total: async () => {
      const [total] = await db
        .select({ value: count() })
        .from(reservedCredits)
        .innerJoin(projects, eq(projects.id, reservedCredits.projectId))
        .innerJoin(marketRounds, eq(marketRounds.id, reservedCredits.marketRoundId))
        .where(where);
      return total?.value ?? 0;
    },
  };
};

const replaced = alias(allocations, 'replaced_allocations');
const replacedProjects = alias(projects, 'replaced_projects');

/** One reserved credit in the reader's scope with what it has covered; undefined outside the scope. */
export async function findReserve(
  db: Queryable,
  actor: ScopeReader,
  id: string,
): Promise<ReservedCreditRecord | undefined> {
  const [row] = await selectReserve(db).where(and(eq(reservedCredits.id, id), reserveConditions(actor, {})));
  if (row === undefined) return undefined;
  const covers = await db
    .select({
      year: allocations.year,
      units: allocations.units,
      at: allocations.createdAt,
      requirementId: creditRequirements.id,
      requirementName: creditRequirements.name,
      visible: seesRequirement(actor),
      replacesId: replacedProjects.id,
      replacesName: replacedProjects.name,
    })
    .from(allocations)
    .innerJoin(creditRequirements, eq(creditRequirements.id, allocations.requirementId))
    .leftJoin(replaced, eq(replaced.id, allocations.replacesAllocationId))
    .leftJoin(replacedProjects, eq(replacedProjects.id, replaced.projectId))
    .where(and(eq(allocations.reservedCreditId, id), isNull(allocations.failedAt)))
    .orderBy(asc(allocations.createdAt), asc(allocations.id));
  const covered: ReserveCover[] = covers.map((cover) => ({
    year: cover.year,
    units: units2(cover.units),
    at: cover.at.toISOString(),
    requirement: cover.visible ? { id: cover.requirementId, name: cover.requirementName } : null,
    replaces: named(cover.replacesId, cover.replacesName),
  }));
  return { ...presentReserve(row), covered };
}
