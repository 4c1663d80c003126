import { formatDate, RECORD_PAGES } from '@curlew/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '../../auth/auth.tables.ts';
import { recordActivity } from '../../platform/actions/activity.ts';
import type { Actor } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import type { Mailer } from '../../platform/mail.ts';
import { allocations } from '../match/match.tables.ts';
import { projects } from '../projects/projects.tables.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import {
  failedAllocations,
  failOpenAllocations,
  marketReserve,
  reserveJudge,
  writeReplacements,
  writeShortfalls,
} from './settlement.balance.steps.ts';
import { planBalancing } from './settlement.plan.ts';

/** Who recorded the failure (for the activity entries). */
type BalancingActor = Pick<Actor, 'id' | 'displayName' | 'organisationId'>;

/** What market balancing did, in the requirements' units (after the spatial multiplier). */
interface BalancingOutcome {
  failed: number;
  replaced: number;
  shortfall: number;
  requirements: number;
}

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
  const open = await failOpenAllocations(tx, projectId, now);
  if (open.length === 0) return { failed: 0, replaced: 0, shortfall: 0, requirements: 0 };
  const reserve = await marketReserve(tx, open);
  const failed = failedAllocations(open);
  const plan = planBalancing(failed, reserve, await reserveJudge(tx, open, reserve));
  await writeReplacements(tx, plan, open, reserve, now);
  await writeShortfalls(tx, plan, open, context);
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
