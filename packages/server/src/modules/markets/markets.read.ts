import {
  formatDateTime,
  type ListQuery,
  MARKET_ROUND_STATUS_LABELS,
  MARKET_SORT_KEYS,
  type Market,
} from '@curlew/domain';
import { listQuerySchema } from '../../platform/actions/paging.ts';
import { searchDocumentOf } from '../../platform/db/search-document.ts';
import type { ReadModel, RecordPresenter } from '../../platform/read/entity-module.ts';
import { listDeps } from '../../platform/read/list.ts';
import { marketActions } from './markets.actions.ts';
import {
  latestRoundOf,
  latestRoundsOf,
  type MarketRecord,
  marketInScope,
  presentMarket,
  selectMarketsFor,
} from './markets.kind.ts';
import { type MarketRelation, marketScope } from './markets.scope.ts';
import { markets } from './markets.tables.ts';

const marketListQuery = listQuerySchema(MARKET_SORT_KEYS, 'name');

type MarketListQuery = ListQuery<(typeof MARKET_SORT_KEYS)[number]>;

type MarketRow = Awaited<ReturnType<typeof selectMarketsFor>>[number];

/** A market with the newest of its rounds the reader may see. */
const presentFor: RecordPresenter<MarketRecord, MarketRelation, Market> = async ({
  db,
  actor,
  record,
  actions,
}) => presentMarket(record, await latestRoundOf(db, actor, record.id), actions);

/**
 * The read side of markets: `GET /api/markets` (the operator all, others those with a round they can see; q on
 * the name, no filters; sorted by MARKET_SORT_KEYS; `format=csv|xlsx`, at most 100,000 rows) and
 * `GET /api/market/{id}`. Each market carries the newest round its reader may see and the actions offered them.
 */
export const marketRead: ReadModel<MarketRecord, MarketRelation, Market, MarketListQuery, MarketRow, Market> =
  {
    record: {
      present: { operator: presentFor, viewer: presentFor },
      answerType: 'Market',
    },
    list: {
      query: marketListQuery,
      itemType: 'Market',
      table: markets,
      id: markets.id,
      scope: (actor) => marketScope(actor).where,
      filters: {},
      sort: { name: markets.name, region: markets.region, createdAt: markets.createdAt },
      search: [markets.name],
      document: searchDocumentOf(markets),
      rows: ({ db, actor }, where) => selectMarketsFor(db, actor, where),
      present: async (rows, context) => {
        const found = rows.flatMap((row) => marketInScope(row) ?? []);
        const latest = await latestRoundsOf(
          context.db,
          context.actor,
          found.map(({ record }) => record.id),
        );
        const items: Market[] = [];
        for (const { record, access } of found) {
          const subject = { actor: context.actor, record, ...access };
          const actions = await marketActions.actionsFor(listDeps(context), subject);
          items.push(presentMarket(record, latest.get(record.id) ?? null, actions));
        }
        return items;
      },
      export: {
        filename: 'markets',
        sheet: 'Markets',
        maxRows: 100_000,
        columns: [
          { header: 'Name', width: 32, value: (item) => item.name },
          { header: 'Region', width: 24, value: (item) => item.region },
          { header: 'Buyer share of surplus', width: 12, value: (item) => item.buyerShareOfSurplus },
          { header: 'Default reserve (%)', width: 12, value: (item) => item.defaultReservePercentage },
          { header: 'Latest round', width: 28, value: (item) => item.latestRound?.name ?? null },
          {
            header: 'Latest round status',
            width: 22,
            value: (item) => (item.latestRound ? MARKET_ROUND_STATUS_LABELS[item.latestRound.status] : null),
          },
          { header: 'Created', width: 20, value: (item) => formatDateTime(item.createdAt) },
          { header: 'Updated', width: 20, value: (item) => formatDateTime(item.updatedAt) },
        ],
      },
    },
  };
