import { PUBLIC_OPPORTUNITY_LIST_LIMIT, type PublicOpportunityListings } from '@curlew/domain';
import { asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../platform/db/connect.ts';
import { markets } from '../markets/markets.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { roundOpportunityStatements } from './opportunity.tables.ts';

/** What `GET /api/public/opportunity-statements` answers, for the API description. */
export const publicOpportunityListingsSchema = z
  .object({
    statements: z
      .array(
        z
          .object({
            roundId: z
              .string()
              .describe('The round, to read its statement at /api/public/round/{roundId}/opportunity'),
            roundName: z.string(),
            marketName: z.string(),
            publishedAt: z.string().describe('ISO instant of the last publication or update'),
          })
          .strict(),
      )
      .max(PUBLIC_OPPORTUNITY_LIST_LIMIT),
  })
  .strict();

/**
 * The rounds whose opportunity statement the operator made public, with their market and when the statement was
 * last published or updated: the latest first, at most PUBLIC_OPPORTUNITY_LIST_LIMIT. Private statements are never
 * read; nothing of the statement itself is (its figures are on its own page).
 */
export async function publicOpportunityListings(db: Queryable): Promise<PublicOpportunityListings> {
  const rows = await db
    .select({
      roundId: marketRounds.id,
      roundName: marketRounds.name,
      marketName: markets.name,
      publishedAt: roundOpportunityStatements.publishedAt,
    })
    .from(roundOpportunityStatements)
    .innerJoin(marketRounds, eq(marketRounds.id, roundOpportunityStatements.marketRoundId))
    .innerJoin(markets, eq(markets.id, marketRounds.marketId))
    .where(eq(roundOpportunityStatements.isPublic, true))
    .orderBy(desc(roundOpportunityStatements.publishedAt), asc(marketRounds.name), asc(marketRounds.id))
    .limit(PUBLIC_OPPORTUNITY_LIST_LIMIT);
  return { statements: rows.map((row) => ({ ...row, publishedAt: row.publishedAt.toISOString() })) };
}
