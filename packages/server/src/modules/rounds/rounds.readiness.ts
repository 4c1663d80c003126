import {
  type ChecklistItem,
  formatIsoDate,
  MARKET_ROUND_STATUSES,
  type MarketRoundStatus,
  openChecklist,
  openRefusal,
  type RoundDeclaration,
  type RoundHistoryEntry,
  type RoundReadinessInput,
} from '@curlew/domain';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { activity } from '../../platform/actions/activity.tables.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { declarationsOfRound, type RoundRecord } from './rounds.repo.ts';

const readinessOf = (
  record: RoundRecord,
  declarations: readonly RoundDeclaration[],
): RoundReadinessInput => ({
  registrationDates: record.registrationDates,
  reservePercentage: record.reservePercentage,
  reserveAppliesTo: record.reserveAppliesTo,
  reserveAgreedWithEMB: record.reserveAgreedWithEMB,
  declarations,
});

/** Why Open is refused for the round today (what is still missing), or undefined when it may open. */
export async function openRoundRefusal(
  db: Queryable,
  record: RoundRecord,
  now: Date,
): Promise<string | undefined> {
  return openRefusal(readinessOf(record, await declarationsOfRound(db, record.id)), formatIsoDate(now));
}

/**
 * The round page's 'What is still needed' list: while the round is a Draft, what Open checks (the same function its
 * guard reads, so Open's refusal is what the list's open lines say); undefined in any other status.
 */
export const roundChecklist = (
  record: RoundRecord,
  declarations: readonly RoundDeclaration[],
  now: Date,
): ChecklistItem[] | undefined =>
  record.status === 'Draft'
    ? openChecklist(readinessOf(record, declarations), formatIsoDate(now))
    : undefined;

const isRoundStatus = (value: string | null): value is MarketRoundStatus =>
  value !== null && (MARKET_ROUND_STATUSES as readonly string[]).includes(value);

/**
 * A round's history: every entry of its activity trail that moved its status (creation included), oldest first,
 * with who moved it and the reason given (RejectMatch).
 */
export async function roundHistory(db: Queryable, roundId: string): Promise<RoundHistoryEntry[]> {
  const rows = await db
    .select({
      title: activity.title,
      actorName: activity.actorName,
      statusBefore: activity.statusBefore,
      statusAfter: activity.statusAfter,
      details: activity.details,
      at: activity.at,
    })
    .from(activity)
    .where(
      and(
        eq(activity.subjectType, 'round'),
        eq(activity.subjectId, roundId),
        isNotNull(activity.statusAfter),
      ),
    )
    .orderBy(asc(activity.sequence));
  return rows.flatMap((row) => {
    if (!isRoundStatus(row.statusAfter) || row.statusAfter === row.statusBefore) return [];
    const reason = row.details?.reason;
    return [
      {
        status: row.statusAfter,
        at: row.at.toISOString(),
        action: row.title,
        by: row.actorName,
        reason: typeof reason === 'string' ? reason : null,
      },
    ];
  });
}
