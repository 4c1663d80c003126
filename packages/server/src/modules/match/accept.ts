import type { TransitionActor } from '../../platform/actions/status.ts';
import type { Transaction } from '../../platform/db/connect.ts';
import { AppError } from '../../platform/errors.ts';
import { allocationsOf } from './accept.rounding.ts';
import {
  type AcceptStep,
  firstCreditsOf,
  moveRecords,
  requirementFills,
  writeAllocations,
  writeLedger,
  writePayments,
  writeReserve,
} from './accept.steps.ts';
import { loadMatchRound } from './start-match.ts';
import { latestTaskOfRound } from './tasks.ts';

/** The refusal of AcceptMatch without a result. */
export const NO_RESULT_TO_ACCEPT = 'There is no matching result to accept yet';

const ENTRY = { action: 'AcceptMatch', title: 'Accept match' } as const;

/**
 * Applies a round's latest result (MARKET.md section 5) inside the AcceptMatch transaction, in named steps: move the
 * records (winning projects Matched and losing ones Unmatched, requirements with a fill RightsCreated and the others
 * Unmatched, by `transitionAll`, so a record whose status no longer allows the edge refuses the whole action), round
 * the flows to 2 decimals (`allocationsOf`), write the allocations and the requirement credits' actual units, the
 * reserved credits, the payments in integer pence, and the ledger. Throws on any failure, so the caller's
 * transaction leaves everything as it was.
 */
export async function applyResult(
  tx: Transaction,
  roundId: string,
  now: Date,
  by: TransitionActor,
): Promise<{ allocations: number; winners: number }> {
  const task = await latestTaskOfRound(tx, roundId);
  if (task?.status !== 'Succeeded' || !task.result) throw new AppError('invalid_status', NO_RESULT_TO_ACCEPT);
  const round = await loadMatchRound(tx, roundId, now);
  const step: AcceptStep = {
    tx,
    roundId,
    taskId: task.id,
    instance: task.instance,
    mapping: task.mapping,
    result: task.result,
    firstDeliveryYear: round.firstDeliveryYear,
    now,
  };
  const fills = requirementFills(step);
  await moveRecords(step, fills, by, { ...ENTRY, now, details: { taskId: task.id } });
  const rounded = allocationsOf(step.instance, step.result, round.reserve);
  const creditOf = await firstCreditsOf(tx, [...fills.keys()]);
  const { written, created } = await writeAllocations(step, rounded.allocations, fills, creditOf);
  const reserved = await writeReserve(step, rounded.reserve);
  const winners = await writePayments(step);
  await writeLedger(step, created, reserved);
  return { allocations: written, winners };
}
