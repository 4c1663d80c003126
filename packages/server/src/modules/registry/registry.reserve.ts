import type {
  ReserveCover,
  ReservedCredit,
  ReservedCreditRecord,
  reservedCreditQuerySchema,
} from '@curlew/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { selfLink } from '../../platform/actions/runner.ts';
import type { ScopeReader } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { markets } from '../markets/markets.tables.ts';
import { allocations, reservedCredits } from '../match/match.tables.ts';
import { projects } from '../projects/projects.tables.ts';
import { lpas, ncas } from '../refdata/refdata.tables.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { creditEvents } from '../settlement/settlement.tables.ts';
import { named, replaced, replacedProjects, units2 } from './registry.repo.ts';
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

/** The joined select of reserved credits. */
export const selectReserve = (db: Queryable) =>
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

export type ReserveRow = Awaited<ReturnType<ReturnType<typeof selectReserve>['where']>>[number];

/** A reserved credit as the API answers it. */
export const presentReserve = (row: ReserveRow): ReservedCredit => ({
  id: row.id,
  self: selfLink('reserved-credit', row.id),
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

/** One reserved credit in the reader's scope with what it has covered; undefined outside the scope. */
export async function findReserve(
  db: Queryable,
  actor: ScopeReader,
  id: string,
): Promise<ReservedCreditRecord | undefined> {
  const [row] = await selectReserve(db).where(and(eq(reservedCredits.id, id), reserveScope(actor)));
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
