import { transition } from '../../platform/actions/status.ts';
import type { Transaction } from '../../platform/db/connect.ts';
import { roundKind } from '../rounds/rounds.kind.ts';
import type { SolverTaskRow } from './match.tables.ts';
import { latestTaskOfRound } from './tasks.ts';

/**
 * Moves a round on when its latest solver task ends (MARKET.md section 4): Matching -> Pending with an answer,
 * Matching -> Failed without one (the reason in the trail). A round no longer Matching, or an older task of the
 * round, moves nothing.
 */
export async function moveRoundOnTaskEnd(tx: Transaction, task: SolverTaskRow, now: Date): Promise<void> {
  const round = await roundKind.load(tx, task.marketRoundId, { forUpdate: true });
  if (round?.status !== 'Matching') return;
  const latest = await latestTaskOfRound(tx, task.marketRoundId);
  if (latest?.id !== task.id) return;
  const entry = { action: 'Match', title: 'Match bids and offers', now };
  if (task.status === 'Succeeded' && task.result) {
    await transition(tx, roundKind, task.marketRoundId, 'Pending', 'system', {
      ...entry,
      details: {
        taskId: task.id,
        result: task.result.status,
        surplus: task.result.surplus,
        gap: task.result.gap,
      },
    });
  } else {
    await transition(tx, roundKind, task.marketRoundId, 'Failed', 'system', {
      ...entry,
      details: { taskId: task.id, reason: task.reason ?? 'The solver found no answer' },
    });
  }
}
