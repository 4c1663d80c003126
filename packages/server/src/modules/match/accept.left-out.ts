import type { ClearingResult } from '@curlew/matching';
import { and, eq } from 'drizzle-orm';
import { type TransitionActor, type TransitionEntry, transitionAll } from '../../platform/actions/status.ts';
import type { Transaction } from '../../platform/db/connect.ts';
import { projectKind } from '../projects/projects.kind.ts';
import { projects } from '../projects/projects.tables.ts';
import { requirementKind } from '../requirements/requirements.kind.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import type { BuiltInstance } from './instance.types.ts';

/**
 * At AcceptMatch, the round's offered projects and bidding requirements that were not in the clearing (excluded by
 * the operator, or values the clearing could not use) end Unmatched like those that lost, so none stays Offered or
 * Bid in a matched round and each may be registered in a later one.
 */
export async function leaveOutUnmatched(
  tx: Transaction,
  roundId: string,
  cleared: { result: ClearingResult; mapping: Pick<BuiltInstance, 'requirements'> },
  by: TransitionActor,
  entry: TransitionEntry,
): Promise<void> {
  const inProjects = new Set(cleared.result.projects.map((line) => line.id));
  const inRequirements = new Set(
    cleared.result.requirements.map(
      (line) => cleared.mapping.requirements[line.id]?.requirementId ?? line.id,
    ),
  );
  const offered = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.marketRoundId, roundId), eq(projects.status, 'Offered')));
  const bidding = await tx
    .select({ id: creditRequirements.id })
    .from(creditRequirements)
    .where(and(eq(creditRequirements.marketRoundId, roundId), eq(creditRequirements.status, 'Bid')));
  const projectMoves = offered.filter((row) => !inProjects.has(row.id));
  const requirementMoves = bidding.filter((row) => !inRequirements.has(row.id));
  if (projectMoves.length > 0)
    await transitionAll(
      tx,
      projectKind,
      projectMoves.map(({ id }) => ({ id, to: 'Unmatched' as const })),
      by,
      entry,
    );
  if (requirementMoves.length > 0)
    await transitionAll(
      tx,
      requirementKind,
      requirementMoves.map(({ id }) => ({ id, to: 'Unmatched' as const })),
      by,
      entry,
    );
}
