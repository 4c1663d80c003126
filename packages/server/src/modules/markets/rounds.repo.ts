import type { FieldOption, MarketRoundReference, MarketRoundStatus } from '@curlew/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { marketRounds, markets } from './markets.tables.ts';

const roundColumns = {
  id: marketRounds.id,
  name: marketRounds.name,
  status: marketRounds.status,
  marketId: marketRounds.marketId,
  marketName: markets.name,
};

/** A market round with its market's name, or undefined (malformed ids included). */
export async function findRound(db: Queryable, id: string): Promise<MarketRoundReference | undefined> {
  if (!isRecordId(id)) return undefined;
  const [row] = await db
    .select(roundColumns)
    .from(marketRounds)
    .innerJoin(markets, eq(markets.id, marketRounds.marketId))
    .where(eq(marketRounds.id, id));
  return row;
}

/** The label of a round in selects: '{market} - {round}'. */
export const roundLabel = (round: Pick<MarketRoundReference, 'name' | 'marketName'>): string =>
  `${round.marketName} - ${round.name}`;

/** Select options of the rounds in one of `statuses`, by market and round name. */
export async function roundOptions(
  db: Queryable,
  statuses: readonly MarketRoundStatus[],
): Promise<FieldOption[]> {
  const rows = await db
    .select(roundColumns)
    .from(marketRounds)
    .innerJoin(markets, eq(markets.id, marketRounds.marketId))
    .where(inArray(marketRounds.status, [...statuses]))
    .orderBy(asc(markets.name), asc(marketRounds.name));
  return rows.map((round) => ({ value: round.id, label: roundLabel(round) }));
}
