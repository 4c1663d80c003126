import type { OpportunityStatement } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/connect.ts';
import { opportunityFigures } from './opportunity.figures.ts';
import { roundOpportunityStatements } from './opportunity.tables.ts';

/** The refusal of Publish once a statement is out: it is updated instead. */
export const ALREADY_PUBLISHED = 'The opportunity statement is already published; update it instead';
/** The refusal of Update and of the public switch before anything is published. */
export const NOT_PUBLISHED_YET = 'Publish the opportunity statement first';

/** A round's published statement, or undefined while none is. */
export async function publishedStatement(
  db: Queryable,
  roundId: string,
): Promise<OpportunityStatement | undefined> {
  const [row] = await db
    .select()
    .from(roundOpportunityStatements)
    .where(eq(roundOpportunityStatements.marketRoundId, roundId));
  return row === undefined
    ? undefined
    : { ...row.figures, publishedAt: row.publishedAt.toISOString(), isPublic: row.isPublic };
}

/** Whether a round has a published statement (the actions' guards). */
export const hasStatement = async (db: Queryable, roundId: string): Promise<boolean> =>
  (await publishedStatement(db, roundId)) !== undefined;

/**
 * Publishes (or publishes again) the round's statement from its records as they are now, by the given user; keeps
 * the public switch unless `isPublic` is given.
 */
export async function publishStatement(
  db: Queryable,
  values: { roundId: string; userId: string; now: Date; isPublic?: boolean },
): Promise<void> {
  const figures = await opportunityFigures(db, values.roundId);
  const published = { figures, publishedAt: values.now, publishedBy: values.userId, updatedAt: values.now };
  await db
    .insert(roundOpportunityStatements)
    .values({ marketRoundId: values.roundId, ...published, isPublic: values.isPublic ?? false })
    .onConflictDoUpdate({
      target: roundOpportunityStatements.marketRoundId,
      set: values.isPublic === undefined ? published : { ...published, isPublic: values.isPublic },
    });
}

/** Shows or hides a published statement without signing in; its figures stay as published. */
export async function setStatementVisibility(
  db: Queryable,
  values: { roundId: string; isPublic: boolean; now: Date },
): Promise<void> {
  await db
    .update(roundOpportunityStatements)
    .set({ isPublic: values.isPublic, updatedAt: values.now })
    .where(eq(roundOpportunityStatements.marketRoundId, values.roundId));
}
