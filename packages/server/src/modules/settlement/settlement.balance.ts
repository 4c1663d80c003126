import { type CreditType, formatDate, RECORD_PAGES } from '@curlew/domain';
import { type Credit, judgePair, neighboursOf, type Project, type Requirement } from '@curlew/matching';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { users } from '../../auth/auth.tables.ts';
import { recordActivity } from '../../platform/actions/activity.ts';
import type { Actor } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import type { Mailer } from '../../platform/mail.ts';
import { failAllocations, insertAllocations } from '../match/allocations.repo.ts';
import { allocations, reservedCredits, solverTasks } from '../match/match.tables.ts';
import { projectServices, projects } from '../projects/projects.tables.ts';
import { creditRequirements, requirementCredits } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { appendCreditEvents, voidReserveOf } from './settlement.ledger.ts';
import {
  type FailedAllocation,
  planBalancing,
  type ReserveHolding,
  type ReserveJudge,
} from './settlement.plan.ts';
import { balancingShortfalls } from './settlement.tables.ts';

/** Requirement credit statuses whose units are delivered: their allocations never fail. */
const DELIVERED = ['Issued', 'Redeemed', 'Retired'] as const;

/** Who recorded the failure (for the activity entries). */
export type BalancingActor = Pick<Actor, 'id' | 'displayName' | 'organisationId'>;

/** What market balancing did, in the requirements' units (after the spatial multiplier). */
export interface BalancingOutcome {
  failed: number;
  replaced: number;
  shortfall: number;
  requirements: number;
}

type TaskRow = Pick<typeof solverTasks.$inferSelect, 'id' | 'instance' | 'mapping'>;

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

/**
 * Market balancing after a compliance check ended in IrrevocableFailure (MARKET.md section 6), in the caller's
 * transaction: the project's allocations whose requirement credits are not yet issued fail; each is replaced from
 * the market's reserved credits (not the failed project's own) that the clearing's trading rules allow for the
 * requirement it served (same type and year; habitat and distinctiveness, subcatchment, local-only and ongoing-only
 * as the engine judges them), as Reserve allocations; what cannot be replaced is a balancing shortfall. Every move is
 * in the ledger; the affected requirements get an activity entry and their owners' (and agents') users an e-mail.
 */
export async function balanceFailedProject(
  tx: Queryable,
  context: { projectId: string; now: Date; actor: BalancingActor; mailer: Mailer; publicUrl: string },
): Promise<BalancingOutcome> {
  const { projectId, now } = context;
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
  if (open.length === 0) return { failed: 0, replaced: 0, shortfall: 0, requirements: 0 };
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

  // The market's reserve: what each reserved credit of a project that never failed still holds.
  const marketIds = [...new Set(open.map((row) => row.marketId))];
  const reserveRows = await tx
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
  const reserve: (ReserveHolding & { marketRoundId: string })[] = reserveRows
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

  // The engine's records of the failed allocations' and the reserve's rounds, as accepted.
  const taskOfRound = await acceptedTasks(tx, [
    ...new Set([
      ...open.map((row) => row.allocation.marketRoundId),
      ...reserve.map((item) => item.marketRoundId),
    ]),
  ]);
  const byId = new Map(open.map((row) => [row.allocation.id, row.allocation]));
  const judge: ReserveJudge = (failed, holding) => {
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
  const failed: FailedAllocation[] = open.map(({ allocation, creditType }) => ({
    id: allocation.id,
    requirementId: allocation.requirementId,
    requirementCreditId: allocation.requirementCreditId,
    creditType,
    year: allocation.year,
    units: allocation.units,
    multiplier: allocation.multiplier,
  }));
  const plan = planBalancing(failed, reserve, judge);

  const holdingOf = new Map(reserve.map((item) => [item.id, item]));
  if (plan.replacements.length > 0) {
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
  if (plan.shortfalls.length > 0)
    await tx.insert(balancingShortfalls).values(
      plan.shortfalls.map((shortfall) => {
        const original = byId.get(shortfall.allocationId);
        const item = failed.find((candidate) => candidate.id === shortfall.allocationId);
        if (!original || !item) throw new Error('A shortfall names an allocation it lacks');
        return {
          marketRoundId: original.marketRoundId,
          allocationId: original.id,
          projectId,
          requirementId: original.requirementId,
          requirementCreditId: original.requirementCreditId,
          creditType: item.creditType,
          year: original.year,
          units: shortfall.units,
          createdAt: now,
        };
      }),
    );

  const requirementIds = [...new Set(failed.map((item) => item.requirementId))].sort();
  await tellBuyers(tx, context, requirementIds, plan);
  const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;
  return {
    failed: sum(failed.map((item) => item.units * item.multiplier)),
    replaced: sum(plan.replacements.map((item) => item.units * item.multiplier)),
    shortfall: sum(plan.shortfalls.map((item) => item.units)),
    requirements: requirementIds.length,
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

/** An activity entry on every affected requirement and an e-mail to its owner's and agent's users. */
async function tellBuyers(
  tx: Queryable,
  context: { projectId: string; now: Date; actor: BalancingActor; mailer: Mailer; publicUrl: string },
  requirementIds: readonly string[],
  plan: ReturnType<typeof planBalancing>,
): Promise<void> {
  if (requirementIds.length === 0) return;
  const [project] = await tx
    .select({ name: projects.name })
    .from(projects)
    .where(eq(projects.id, context.projectId));
  const failedOf = await tx
    .select({ id: allocations.id, requirementId: allocations.requirementId })
    .from(allocations)
    .where(inArray(allocations.requirementId, [...requirementIds]));
  const requirementOf = new Map(failedOf.map((row) => [row.id, row.requirementId]));
  const requirements = await tx
    .select({
      id: creditRequirements.id,
      name: creditRequirements.name,
      buyerId: creditRequirements.buyerId,
      agentId: creditRequirements.agentId,
    })
    .from(creditRequirements)
    .where(inArray(creditRequirements.id, [...requirementIds]));
  const total = (items: { allocationId: string; units: number }[], id: string) =>
    Math.round(
      items
        .filter((item) => requirementOf.get(item.allocationId) === id)
        .reduce((sum, item) => sum + item.units, 0) * 100,
    ) / 100;
  for (const requirement of requirements) {
    const replaced = total(
      plan.replacements.map((item) => ({
        allocationId: item.allocationId,
        units: item.units * item.multiplier,
      })),
      requirement.id,
    );
    const shortfall = total(plan.shortfalls, requirement.id);
    const projectName = project?.name ?? 'A supplying project';
    const link = `${context.publicUrl}${RECORD_PAGES.requirement(requirement.id)}`;
    await recordActivity(tx, {
      subjectType: 'requirement',
      subjectId: requirement.id,
      action: 'MarketBalancing',
      title: 'Market balancing',
      actor: {
        id: context.actor.id,
        displayName: context.actor.displayName,
        organisationId: context.actor.organisationId,
      },
      statusBefore: null,
      statusAfter: null,
      details: { project: projectName, replacedFromReserve: replaced, notReplaced: shortfall },
      at: context.now,
    });
    const subject =
      shortfall > 0
        ? `Not all credits of ${requirement.name} could be made good from the reserve`
        : `Credits of ${requirement.name} made good from the reserve`;
    const text = [
      `${projectName} failed irrevocably at its compliance check (${formatDate(context.now)}); the credits it was to deliver to ${requirement.name} have been replaced from the market's reserve where compatible supply is held.`,
      `Units replaced from the reserve: ${replaced.toFixed(2)}.`,
      shortfall > 0
        ? `Units that could not be replaced: ${shortfall.toFixed(2)}. The market operator will contact you.`
        : '',
      `\nSee the credit requirement at ${link}`,
    ]
      .filter((line) => line !== '')
      .join('\n');
    const organisationIds = [
      requirement.buyerId,
      ...(requirement.agentId === null ? [] : [requirement.agentId]),
    ];
    const recipients = await tx
      .selectDistinct({ email: users.email })
      .from(users)
      .where(and(inArray(users.organisationId, organisationIds), eq(users.disabled, false)));
    for (const { email } of recipients) await context.mailer.send({ to: email, subject, text, link });
  }
}
