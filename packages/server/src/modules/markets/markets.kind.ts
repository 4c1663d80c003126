import type { EntityAction, Market } from '@curlew/domain';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import { selfLink } from '../../platform/actions/runner.ts';
import { accessOf } from '../../platform/actions/scope.ts';
import type { EntityKind, RecordInScope, ScopeReader } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { roundScope } from '../rounds/rounds.scope.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { type MarketRelation, marketScope } from './markets.scope.ts';
import { markets } from './markets.tables.ts';

/** A market row. */
export type MarketRecord = typeof markets.$inferSelect;

/** Markets with the actor's access, inside the actor's scope and `where`. */
export const selectMarketsFor = (db: Queryable, actor: ScopeReader, where: SQL | undefined) => {
  const scope = marketScope(actor);
  return db
    .select({ market: markets, relation: scope.relation, permissions: scope.permissions })
    .from(markets)
    .where(and(scope.where, where));
};

/** A selected row as a record with its access; null outside the scope. */
export const marketInScope = (
  row: Awaited<ReturnType<typeof selectMarketsFor>>[number],
): RecordInScope<MarketRecord, MarketRelation> | null => {
  const access = accessOf(row);
  return access ? { record: row.market, access } : null;
};

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
    const query = selectMarketsFor(db, actor, eq(markets.id, id));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row ? (marketInScope(row) ?? undefined) : undefined;
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

/** The newest round the actor may see of each market (none for a market without one), in one query. */
export async function latestRoundsOf(
  db: Queryable,
  actor: ScopeReader,
  marketIds: readonly string[],
): Promise<Map<string, NonNullable<Market['latestRound']>>> {
  if (marketIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([marketRounds.marketId], {
      marketId: marketRounds.marketId,
      id: marketRounds.id,
      name: marketRounds.name,
      status: marketRounds.status,
    })
    .from(marketRounds)
    .where(and(inArray(marketRounds.marketId, [...marketIds]), roundScope(actor).where))
    .orderBy(marketRounds.marketId, desc(marketRounds.createdAt), desc(marketRounds.id));
  return new Map(
    rows.map(({ marketId, ...round }) => [marketId, { ...round, self: selfLink('round', round.id) }]),
  );
}

/** The newest round of a market the actor may see; null when there is none. */
export async function latestRoundOf(
  db: Queryable,
  actor: ScopeReader,
  marketId: string,
): Promise<Market['latestRound']> {
  return (await latestRoundsOf(db, actor, [marketId])).get(marketId) ?? null;
}

/** A market as the API answers it. */
export const presentMarket = (
  record: MarketRecord,
  latestRound: Market['latestRound'],
  actions: EntityAction[],
): Market => ({
  id: record.id,
  self: selfLink('market', record.id),
  name: record.name,
  description: record.description,
  region: record.region,
  buyerShareOfSurplus: record.buyerShareOfSurplus,
  defaultReservePercentage: record.defaultReservePercentage,
  latestRound,
  createdAt: record.createdAt.toISOString(),
  updatedAt: record.updatedAt.toISOString(),
  actions,
});
