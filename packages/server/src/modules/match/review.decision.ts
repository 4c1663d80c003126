import type { MatchDecision } from '@curlew/domain';
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import { activity } from '../../platform/actions/activity.tables.ts';
import type { Queryable } from '../../platform/db/connect.ts';

/** The round statuses whose latest result has been decided, and the decision each means. */
const DECIDED = { Matched: 'Accepted', Settled: 'Accepted', Rejected: 'Rejected' } as const;

/**
 * The operator's decision on a round's latest result, from the round's activity: who accepted or rejected it, when,
 * and (a rejection) why. Null while the result is pending.
 */
export async function decisionOf(
  db: Queryable,
  round: { id: string; status: string },
  resultAt: Date | null,
): Promise<MatchDecision | null> {
  const outcome = DECIDED[round.status as keyof typeof DECIDED];
  if (outcome === undefined) return null;
  const [entry] = await db
    .select({
      at: activity.at,
      by: activity.actorName,
      userId: activity.actorUserId,
      details: activity.details,
    })
    .from(activity)
    .where(
      and(
        eq(activity.subjectType, 'round'),
        eq(activity.subjectId, round.id),
        eq(activity.action, outcome === 'Accepted' ? 'AcceptMatch' : 'RejectMatch'),
        inArray(activity.statusBefore, ['Pending']),
        resultAt === null ? undefined : gte(activity.at, resultAt),
      ),
    )
    .orderBy(desc(activity.at), desc(activity.sequence))
    .limit(1);
  if (entry === undefined) return null;
  const reason = entry.details?.reason;
  return {
    outcome,
    at: entry.at.toISOString(),
    // An entry the system wrote (the demo's history) names no user, as the activity feed says it.
    by: entry.by ?? (entry.userId === null ? 'System' : 'A removed user'),
    reason: outcome === 'Rejected' && typeof reason === 'string' ? reason : null,
  };
}
