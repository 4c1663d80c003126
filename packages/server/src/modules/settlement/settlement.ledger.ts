import type { CreditStatus } from '@curlew/domain';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/connect.ts';
import { allocations, reservedCredits } from '../match/match.tables.ts';
import { creditRequirements, requirementCredits } from '../requirements/requirements.tables.ts';
import { balancingShortfalls, type CreditEventKind, creditEvents } from './settlement.tables.ts';

/** One move of units to append to the registry's ledger. */
export type CreditEventRow = typeof creditEvents.$inferInsert;

const round2 = (units: number) => Math.round(units * 100) / 100;

/** Appends moves to the ledger (nothing for an empty list). */
export async function appendCreditEvents(tx: Queryable, rows: readonly CreditEventRow[]): Promise<void> {
  const moves = rows.filter((row) => row.units > 0);
  if (moves.length > 0) await tx.insert(creditEvents).values([...moves]);
}

/** A requirement credit and the units it holds: its actual units less what market balancing could not replace. */
interface CreditHolding {
  id: string;
  requirementId: string;
  marketRoundId: string;
  type: (typeof requirementCredits.$inferSelect)['type'];
  status: CreditStatus;
  isPermanent: boolean;
  years: number | null;
  units: number;
}

/** The credits of a requirement that hold units (actual units above 0), with what each holds now. */
export async function creditHoldings(db: Queryable, requirementId: string): Promise<CreditHolding[]> {
  const rows = await db
    .select({
      id: requirementCredits.id,
      requirementId: requirementCredits.requirementId,
      marketRoundId: creditRequirements.marketRoundId,
      type: requirementCredits.type,
      status: requirementCredits.status,
      isPermanent: requirementCredits.isPermanent,
      years: requirementCredits.years,
      actualUnits: requirementCredits.actualUnits,
      short:
        sql<number>`coalesce((select sum(${balancingShortfalls.units}) from ${balancingShortfalls} where ${balancingShortfalls.requirementCreditId} = ${requirementCredits.id}), 0)`.mapWith(
          Number,
        ),
    })
    .from(requirementCredits)
    .innerJoin(creditRequirements, eq(creditRequirements.id, requirementCredits.requirementId))
    .where(and(eq(requirementCredits.requirementId, requirementId), ne(requirementCredits.status, 'Unused')))
    .orderBy(requirementCredits.position);
  return rows.flatMap((row) =>
    row.marketRoundId === null || !((row.actualUnits ?? 0) > 0)
      ? []
      : [
          {
            id: row.id,
            requirementId: row.requirementId,
            marketRoundId: row.marketRoundId,
            type: row.type,
            status: row.status,
            isPermanent: row.isPermanent,
            years: row.years,
            units: Math.max(0, round2((row.actualUnits ?? 0) - row.short)),
          },
        ],
  );
}

/**
 * Writes the ledger move of a requirement's credits reaching the next stage (Allocated, Issued, Redeemed, Retired):
 * one event per credit holding units, for what it holds. Called in the action's transaction.
 */
export async function recordRequirementMove(
  tx: Queryable,
  requirementId: string,
  kind: Extract<CreditEventKind, 'Allocated' | 'Issued' | 'Redeemed' | 'Retired'>,
  at: Date,
): Promise<number> {
  const holdings = await creditHoldings(tx, requirementId);
  await appendCreditEvents(
    tx,
    holdings.map((credit) => ({
      marketRoundId: credit.marketRoundId,
      kind,
      creditType: credit.type,
      units: credit.units,
      requirementCreditId: credit.id,
      at,
    })),
  );
  return round2(holdings.reduce((sum, credit) => sum + credit.units, 0));
}

/** The statuses, from the given ones on, that count as reached (a project Contracted or later, and so on). */
export type ProjectStage = 'Contracted' | 'Verified';

const REACHED: Record<ProjectStage, readonly string[]> = {
  Contracted: ['Contracted', 'FailedVerification', 'Verified', 'Monitoring'],
  Verified: ['Verified', 'Monitoring'],
};

/** Whether a project status has reached a stage. */
export const hasReached = (status: string, stage: ProjectStage): boolean => REACHED[stage].includes(status);

/** The projects that supply requirements through allocations not failed, by requirement. */
export async function supplyingProjectIds(
  db: Queryable,
  requirementIds: readonly string[],
): Promise<Map<string, string[]>> {
  if (requirementIds.length === 0) return new Map();
  const rows = await db
    .selectDistinct({ requirementId: allocations.requirementId, projectId: allocations.projectId })
    .from(allocations)
    .where(and(inArray(allocations.requirementId, [...requirementIds]), isNull(allocations.failedAt)));
  const out = new Map<string, string[]>();
  for (const row of rows) out.set(row.requirementId, [...(out.get(row.requirementId) ?? []), row.projectId]);
  return out;
}

/**
 * A failed project's own reserved credits hold nothing any more: what each had not supplied is written off in the
 * ledger (Voided), so the reserve's totals and remaining units no longer count it.
 */
export async function voidReserveOf(tx: Queryable, projectId: string, now: Date): Promise<void> {
  const held = await tx
    .select({
      credit: reservedCredits,
      used: sql<number>`coalesce((select sum(${allocations.units}) from ${allocations} where ${allocations.reservedCreditId} = ${reservedCredits.id}), 0)`.mapWith(
        Number,
      ),
      voided:
        sql<number>`coalesce((select sum(${creditEvents.units}) from ${creditEvents} where ${creditEvents.reservedCreditId} = ${reservedCredits.id} and ${creditEvents.kind} = 'Voided'), 0)`.mapWith(
          Number,
        ),
    })
    .from(reservedCredits)
    .where(eq(reservedCredits.projectId, projectId));
  const lines = held
    .map(({ credit, used, voided }) => ({
      credit,
      units: Math.round((credit.units - used - voided) * 100) / 100,
    }))
    .filter((line) => line.units > 0);
  if (lines.length === 0) return;
  await appendCreditEvents(
    tx,
    lines.map(({ credit, units }) => ({
      marketRoundId: credit.marketRoundId,
      kind: 'Voided' as const,
      creditType: credit.creditType,
      units,
      reservedCreditId: credit.id,
      projectId,
      at: now,
    })),
  );
}
