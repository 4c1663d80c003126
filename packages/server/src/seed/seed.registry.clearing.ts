import { clearRound } from '@curlew/matching';
import { eq } from 'drizzle-orm';
import { loadRoundRecords } from '../modules/match/match.records.ts';
import { solverTasks } from '../modules/match/match.tables.ts';
import { buildRoundInstance } from '../modules/match/start-match.ts';
import { enqueueSolverTask } from '../modules/match/tasks.ts';
import { replaceCredits, updateRequirementRow, writeBid } from '../modules/requirements/requirements.repo.ts';
import { creditRequirements, requirementCredits } from '../modules/requirements/requirements.tables.ts';
import { roundKind } from '../modules/rounds/rounds.kind.ts';
import { recordActivity } from '../platform/actions/activity.ts';
import { transition } from '../platform/actions/status.ts';
import type { Transaction } from '../platform/db/connect.ts';
import type { DemoDemand } from './seed.registry.data.ts';

const at = (date: string) => new Date(`${date}T10:00:00Z`);

/** A buyer's biodiversity requirement of the settling round with its sealed bid, as the round's bidders left it. */
export async function insertDemoBid(
  tx: Transaction,
  demo: Omit<DemoDemand, 'stage'>,
  context: {
    marketId: string;
    roundId: string;
    buyerId: string;
    lpaId: string | null;
    ncaId: string | null;
    /** Moves a written history date to this seeding's history. */
    history: (iso: string) => string;
  },
): Promise<string> {
  const created = at(context.history('2025-01-27'));
  const [row] = await tx
    .insert(creditRequirements)
    .values({
      name: demo.name,
      type: 'Buyer',
      status: 'Bid',
      buyerId: context.buyerId,
      marketId: context.marketId,
      marketRoundId: context.roundId,
      creditType: 'Biodiversity',
      bioBroadHabitat: demo.broadHabitat,
      bioDistinctiveness: 'Medium',
      bioUnits: demo.units,
      bioIsDivisible: true,
      developmentCreditType: 'Biodiversity',
      planningRef: demo.planningRef,
      redemptionDate: context.history(demo.redemptionDate),
      lpaId: context.lpaId,
      ncaId: context.ncaId,
      nearAddress: demo.name,
      localOnly: true,
      creditTypes: ['Biodiversity'],
      units: demo.units,
      createdAt: created,
      updatedAt: created,
    })
    .returning({ id: creditRequirements.id });
  if (!row) throw new Error(`Demo requirement ${demo.name} was not inserted`);
  await replaceCredits(
    tx,
    row.id,
    [{ type: 'Biodiversity', requiredUnits: demo.units, isPermanent: true, years: null }],
    created,
  );
  await tx
    .update(requirementCredits)
    .set({ status: 'Bid' })
    .where(eq(requirementCredits.requirementId, row.id));
  await writeBid(tx, {
    requirementId: row.id,
    bid: demo.bid,
    acceptOngoingOnly: false,
    bidOngoingOnly: null,
    setBy: null,
    now: at(context.history('2025-04-10')),
  });
  return row.id;
}

/**
 * Match through the real code paths on `date`: the round's instance built as Match builds it, cleared by the engine,
 * stored as a succeeded solver task, and the round moved to Pending.
 */
export async function clearDemoRound(tx: Transaction, roundId: string, date: string): Promise<void> {
  const { built } = await buildRoundInstance(tx, roundId, at(date), loadRoundRecords);
  const result = await clearRound(built.instance, { timeLimitSeconds: 20, threads: 1 });
  const task = await enqueueSolverTask(tx, { roundId, built, timeLimitSeconds: 20, now: at(date) });
  await tx
    .update(solverTasks)
    .set({ status: 'Succeeded', result, attempts: 1, startedAt: at(date), finishedAt: at(date) })
    .where(eq(solverTasks.id, task.id));
  await transition(tx, roundKind, roundId, 'Pending', 'system', {
    action: 'Match',
    title: 'Match bids and offers',
    now: at(date),
  });
}

/**
 * The operator's exclusion of a bid after bids closed (ExcludeFromClearing): the reason on the record and in its
 * trail, with no amount.
 */
export async function excludeDemoBid(
  tx: Transaction,
  requirementId: string,
  reason: string,
  date: string,
): Promise<void> {
  await updateRequirementRow(
    tx,
    requirementId,
    { clearingExclusionReason: reason, clearingExcludedAt: at(date) },
    at(date),
  );
  await recordActivity(tx, {
    subjectType: 'requirement',
    subjectId: requirementId,
    action: 'ExcludeFromClearing',
    title: 'Exclude from the clearing',
    actor: null,
    statusBefore: null,
    statusAfter: null,
    details: { reason },
    at: at(date),
  });
}
