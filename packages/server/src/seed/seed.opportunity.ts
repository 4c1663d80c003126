import { eq } from 'drizzle-orm';
import { publishStatement } from '../modules/opportunity/opportunity.publish.ts';
import { marketRounds } from '../modules/rounds/rounds.tables.ts';
import type { Transaction } from '../platform/db/connect.ts';
import { DEMO_ROUNDS } from './seed.rounds.ts';

/**
 * The closed demo round's opportunity statement, published by the operator and public, so its participants and the
 * public registry's readers can read the supply registered before bids open.
 */
export async function seedDemoOpportunity(
  tx: Transaction,
  { now, operatorUserId }: { now: Date; operatorUserId: string },
): Promise<void> {
  const [round] = await tx
    .select({ id: marketRounds.id })
    .from(marketRounds)
    .where(eq(marketRounds.name, DEMO_ROUNDS.closed));
  if (!round) throw new Error('The closed demo round was not inserted');
  await publishStatement(tx, { roundId: round.id, userId: operatorUserId, now, isPublic: true });
}
