import type { CreditType } from '@curlew/domain';
import { type Credit, judgePair, neighboursOf, type Project, type Requirement } from '@curlew/matching';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/connect.ts';
import { failAllocations, insertAllocations } from '../match/allocations.repo.ts';
import { allocations, reservedCredits, solverTasks } from '../match/match.tables.ts';
import { projectServices } from '../projects/projects.tables.ts';
import { requirementCredits } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { appendCreditEvents, voidReserveOf } from './settlement.ledger.ts';
import type { BalancingPlan, FailedAllocation, ReserveHolding, ReserveJudge } from './settlement.plan.ts';
import { balancingShortfalls } from './settlement.tables.ts';

// The steps of market balancing (`balanceFailedProject`), each in the caller's transaction, in the order it calls
// them.

/** Requirement credit statuses whose units are delivered: their allocations never fail. */
const DELIVERED = ['Issued', 'Redeemed', 'Retired'] as const;

/** An allocation of the failed project that was not yet delivered, with its credit type and market. */
interface OpenAllocation {
  allocation: typeof allocations.$inferSelect;
  creditType: CreditType;
  marketId: string;
}

/** A reserved credit of the market and what it still holds, with its round. */
type MarketReserve = ReserveHolding & { marketRoundId: string };

type TaskRow = Pick<typeof solverTasks.$inferSelect, 'id' | 'instance' | 'mapping'>;

/**
 * Fails the project's allocations whose requirement credits are not yet issued, voids what it holds in the reserve,
 * and puts the failures in the ledger; answers the failed allocations.
 */
export async function failOpenAllocations(
  tx: Queryable,
  projectId: string,
  now: Date,
): Promise<OpenAllocation[]> {
  const open = await tx
    .select({
      allocation: allocations,
      creditType: projectServices.type,
      marketId: marketRounds.marketId,
    })
    .from(allocations)
    .innerJoin(projectServices, eq(projectServices.id, allocations.serviceId))
    .innerJoin(marketRounds, eq(marketRounds.id, allocations.marketRoundId))
    .leftJoin(requirementCredits, eq(requirementCredits.id, allocations.requirementCreditId))
    .where(
      and(
        eq(allocations.projectId, projectId),
        isNull(allocations.failedAt),
        sql`(${requirementCredits.status} is null or ${requirementCredits.status} not in (${sql.join(
          DELIVERED.map((status) => sql`${status}`),
          sql`, `,
        )}))`,
      ),
    );
  await failAllocations(
    tx,
    open.map((row) => row.allocation.id),
    now,
  );
  await voidReserveOf(tx, projectId, now);
  if (open.length > 0)
    await appendCreditEvents(
      tx,
      open.map(({ allocation, creditType }) => ({
        marketRoundId: allocation.marketRoundId,
        kind: 'Failed' as const,
        creditType,
        units: allocation.units,
        requirementCreditId: allocation.requirementCreditId,
        projectId,
        at: now,
      })),
    );
  return open;
}

/** The failed allocations as the plan reads them. */
export const failedAllocations = (open: readonly OpenAllocation[]): FailedAllocation[] =>
  open.map(({ allocation, creditType }) => ({
    id: allocation.id,
    requirementId: allocation.requirementId,
    requirementCreditId: allocation.requirementCreditId,
    creditType,
    year: allocation.year,
    units: allocation.units,
    multiplier: allocation.multiplier,
  }));

/** The markets' reserve: what each reserved credit of a project that never failed still holds. */
export async function marketReserve(
  tx: Queryable,
  open: readonly OpenAllocation[],
): Promise<MarketReserve[]> {
  const marketIds = [...new Set(open.map((row) => row.marketId))];
  const rows = await tx
    .select({
      credit: reservedCredits,
      used: sql<number>`coalesce((select sum(${allocations.units}) from ${allocations} where ${allocations.reservedCreditId} = ${reservedCredits.id}), 0)`.mapWith(
        Number,
      ),
    })
    .from(reservedCredits)
    .innerJoin(marketRounds, eq(marketRounds.id, reservedCredits.marketRoundId))
    .where(
      and(
        inArray(marketRounds.marketId, marketIds),
        // A failed project's reserve (this one's or an earlier one's) makes nothing good.
        sql`not exists (select 1 from ${allocations} failed where failed.project_id = ${reservedCredits.projectId} and failed.failed_at is not null)`,
      ),
    );
  return rows
    .map(({ credit, used }) => ({
      id: credit.id,
      projectId: credit.projectId,
      serviceId: credit.serviceId,
      creditType: credit.creditType,
      year: credit.year,
      available: Math.round((credit.units - used) * 100) / 100,
      marketRoundId: credit.marketRoundId,
    }))
    .filter((item) => item.available > 0);
}

/**
 * The judge of a replacement: the clearing's trading rules, from the accepted tasks of the failed allocations' and
 * the reserve's rounds. A reserved credit serves a failed allocation when it serves every alternative of the
 * requirement the failed credit served; the answer is the smallest multiplier, or null.
 */
export async function reserveJudge(
  tx: Queryable,
  open: readonly OpenAllocation[],
  reserve: readonly MarketReserve[],
): Promise<ReserveJudge> {
  const taskOfRound = await acceptedTasks(tx, [
    ...new Set([
      ...open.map((row) => row.allocation.marketRoundId),
      ...reserve.map((item) => item.marketRoundId),
    ]),
  ]);
  const byId = new Map(open.map((row) => [row.allocation.id, row.allocation]));
  return (failed, holding) => {
    const allocation = byId.get(failed.id);
    const demandTask = allocation && taskOfRound.get(allocation.marketRoundId);
    const supplyTask = taskOfRound.get(reserve.find((item) => item.id === holding.id)?.marketRoundId ?? '');
    if (!allocation || !demandTask || !supplyTask) return null;
    const neighbours = neighboursOf(demandTask.instance);
    const failedSide = engineCredit(demandTask, allocation.projectId, allocation.serviceId);
    const reserveSide = engineCredit(supplyTask, holding.projectId, holding.serviceId);
    if (!failedSide || !reserveSide) return null;
    // The alternatives the failed credit served under; the reserve must serve every one of them.
    const served = engineRequirements(demandTask, allocation.requirementId).filter(
      (requirement) => verdict(failedSide.project, failedSide.credit, requirement, neighbours).compatible,
    );
    if (served.length === 0) return null;
    let multiplier = 1;
    for (const requirement of served) {
      const answer = verdict(reserveSide.project, reserveSide.credit, requirement, neighbours);
      if (!answer.compatible) return null;
      multiplier = Math.min(multiplier, answer.multiplier);
    }
    return multiplier;
  };
}

/** The accepted solver task of each round: the one its clearing allocations came from. */
async function acceptedTasks(db: Queryable, roundIds: readonly string[]): Promise<Map<string, TaskRow>> {
  if (roundIds.length === 0) return new Map();
  const rows = await db
    .selectDistinct({
      roundId: allocations.marketRoundId,
      id: solverTasks.id,
      instance: solverTasks.instance,
      mapping: solverTasks.mapping,
    })
    .from(allocations)
    .innerJoin(solverTasks, eq(solverTasks.id, allocations.solverTaskId))
    .where(and(inArray(allocations.marketRoundId, [...roundIds]), eq(allocations.origin, 'Clearing')));
  return new Map(rows.map((row) => [row.roundId, row]));
}

/** The engine's view of one service of a project in a task's instance. */
const engineCredit = (task: TaskRow, projectId: string, serviceId: string) => {
  const index = task.mapping.credits[projectId]?.indexOf(serviceId) ?? -1;
  const project = task.instance.projects.find((item) => item.id === projectId);
  const credit = index < 0 ? undefined : project?.credits[index];
  return project && credit ? { project, credit } : undefined;
};

/** The engine's requirements (the alternatives) standing for one requirement in a task's instance. */
const engineRequirements = (task: TaskRow, requirementId: string): Requirement[] =>
  Object.entries(task.mapping.requirements)
    .filter(([, target]) => target.requirementId === requirementId)
    .flatMap(([id]) => task.instance.requirements.filter((item) => item.id === id));

/** The trading rules of clearing, applied to one year: the years are matched by the caller. */
const oneYear = { years: 1, reservePercent: 0 };
const verdict = (
  project: Project,
  credit: Credit,
  requirement: Requirement,
  neighbours: ReturnType<typeof neighboursOf>,
) => judgePair(project, { ...credit, units: [1] }, { ...requirement, units: [1] }, oneYear, neighbours);

/** Writes the plan's replacements as Reserve allocations, and puts them in the ledger. */
export async function writeReplacements(
  tx: Queryable,
  plan: BalancingPlan,
  open: readonly OpenAllocation[],
  reserve: readonly MarketReserve[],
  now: Date,
): Promise<void> {
  if (plan.replacements.length === 0) return;
  const byId = new Map(open.map((row) => [row.allocation.id, row.allocation]));
  const holdingOf = new Map(reserve.map((item) => [item.id, item]));
  await insertAllocations(
    tx,
    plan.replacements.map((replacement) => {
      const original = byId.get(replacement.allocationId);
      const holding = holdingOf.get(replacement.reservedCreditId);
      if (!original || !holding) throw new Error('A replacement names an allocation or credit it lacks');
      return {
        marketRoundId: original.marketRoundId,
        solverTaskId: original.solverTaskId,
        projectId: holding.projectId,
        serviceId: holding.serviceId,
        requirementId: original.requirementId,
        requirementCreditId: original.requirementCreditId,
        year: original.year,
        units: replacement.units,
        multiplier: replacement.multiplier,
        origin: 'Reserve' as const,
        reservedCreditId: holding.id,
        replacesAllocationId: original.id,
        createdAt: now,
      };
    }),
  );
  await appendCreditEvents(
    tx,
    plan.replacements.map((replacement) => {
      const holding = holdingOf.get(replacement.reservedCreditId);
      const original = byId.get(replacement.allocationId);
      return {
        marketRoundId: holding?.marketRoundId ?? original?.marketRoundId ?? '',
        kind: 'Replaced' as const,
        creditType: holding?.creditType ?? ('Biodiversity' as CreditType),
        units: replacement.units,
        requirementCreditId: original?.requirementCreditId ?? null,
        reservedCreditId: replacement.reservedCreditId,
        projectId: holding?.projectId ?? null,
        at: now,
      };
    }),
  );
}

/** Writes what the reserve could not replace as balancing shortfalls. */
export async function writeShortfalls(
  tx: Queryable,
  plan: BalancingPlan,
  open: readonly OpenAllocation[],
  context: { projectId: string; now: Date },
): Promise<void> {
  if (plan.shortfalls.length === 0) return;
  const byId = new Map(open.map((row) => [row.allocation.id, row]));
  await tx.insert(balancingShortfalls).values(
    plan.shortfalls.map((shortfall) => {
      const failed = byId.get(shortfall.allocationId);
      if (!failed) throw new Error('A shortfall names an allocation it lacks');
      const original = failed.allocation;
      return {
        marketRoundId: original.marketRoundId,
        allocationId: original.id,
        projectId: context.projectId,
        requirementId: original.requirementId,
        requirementCreditId: original.requirementCreditId,
        creditType: failed.creditType,
        year: original.year,
        units: shortfall.units,
        createdAt: context.now,
      };
    }),
  );
}
