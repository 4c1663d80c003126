import type { EntityAction, Market, MarketRoundStatus } from '@curlew/domain';
import { and, desc, eq } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import { accessOf } from '../../platform/actions/scope.ts';
import type { EntityKind, ScopeReader } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { roundScope } from '../rounds/rounds.scope.ts';
import { type MarketRelation, marketScope } from './markets.scope.ts';
import { marketRounds, markets } from './markets.tables.ts';

/** A market row. */
export type MarketRecord = typeof markets.$inferSelect;

/** The market entity for the action runner: `/market/{id}`. */
export const marketKind: EntityKind<MarketRecord, MarketRelation> = {
  entity: 'market',
  collection: 'markets',
  noun: 'market',
  async load(db, id, options = {}) {
    if (!isRecordId(id)) return undefined;
    const query = db.select().from(markets).where(eq(markets.id, id));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row;
  },
  async loadFor(db, actor, id, options = {}) {
    if (!isRecordId(id)) return undefined;
    const scope = marketScope(actor);
    const query = db
      .select({ market: markets, relation: scope.relation, permissions: scope.permissions })
      .from(markets)
      .where(and(eq(markets.id, id), scope.where));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    if (!row) return undefined;
    const access = accessOf(row);
    return access ? { record: row.market, access } : undefined;
  },
  idOf: (record) => record.id,
  fields: (record) => ({
    name: record.name,
    description: record.description,
    region: record.region,
    buyerShareOfSurplus: record.buyerShareOfSurplus,
    defaultReservePercentage: record.defaultReservePercentage,
  }),
};

/** The newest round of a market the actor can see, if any. */
export async function currentRoundOf(
  db: Queryable,
  actor: ScopeReader,
  marketId: string,
): Promise<{ id: string; self: string; name: string; status: MarketRoundStatus } | null> {
  const [row] = await db
    .select({ id: marketRounds.id, name: marketRounds.name, status: marketRounds.status })
    .from(marketRounds)
    .where(and(eq(marketRounds.marketId, marketId), roundScope(actor).where))
    .orderBy(desc(marketRounds.createdAt), desc(marketRounds.id))
    .limit(1);
  return row ? { ...row, self: `/round/${row.id}` } : null;
}

/** A market as the API answers it. */
export const presentMarket = (
  record: MarketRecord,
  currentRound: Market['currentRound'],
  actions: EntityAction[],
): Market => ({
  id: record.id,
  self: `/market/${record.id}`,
  name: record.name,
  description: record.description,
  region: record.region,
  buyerShareOfSurplus: record.buyerShareOfSurplus,
  defaultReservePercentage: record.defaultReservePercentage,
  currentRound,
  createdAt: record.createdAt.toISOString(),
  updatedAt: record.updatedAt.toISOString(),
  actions,
});
