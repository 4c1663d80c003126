import { MARKET_ACTIONS, MARKET_CREATE_ACTIONS, type MarketValues } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { operatorOnly } from '../../platform/actions/policy.ts';
import { defineEntityActions, selfLink } from '../../platform/actions/runner.ts';
import type {
  CreateHandlers,
  CreatePolicies,
  RecordHandlers,
  RecordPolicies,
} from '../../platform/actions/types.ts';
import { commentHandler } from '../comments/comment.handler.ts';
import { type MarketRecord, marketKind } from './markets.kind.ts';
import type { MarketRelation } from './markets.scope.ts';
import { markets } from './markets.tables.ts';

const columns = (values: MarketValues) => ({
  name: values.name,
  description: values.description ?? null,
  region: values.region ?? null,
  buyerShareOfSurplus: values.buyerShareOfSurplus,
  defaultReservePercentage: values.defaultReservePercentage ?? null,
});

/** Only the market operator sets markets up and comments on them. */
const marketPolicies = {
  Update: ({ actor }) => operatorOnly(actor),
  Comment: ({ actor }) => operatorOnly(actor),
} satisfies RecordPolicies<typeof MARKET_ACTIONS, MarketRecord, MarketRelation>;

/** Update writes the market's details; Comment stores a comment. */
const marketHandlers = {
  Update: {
    async load({ record }) {
      return {
        initialValues: {
          name: record.name,
          description: record.description ?? '',
          region: record.region ?? '',
          buyerShareOfSurplus: record.buyerShareOfSurplus,
          ...(record.defaultReservePercentage === null
            ? {}
            : { defaultReservePercentage: record.defaultReservePercentage }),
        },
      };
    },
    async handle({ tx, record, values, now }) {
      await tx
        .update(markets)
        .set({ ...columns(values), updatedAt: now })
        .where(eq(markets.id, record.id));
      return undefined;
    },
  },
  Comment: commentHandler<MarketRecord, MarketRelation>({
    subjectType: 'market',
    subjectId: (record) => record.id,
  }),
} satisfies RecordHandlers<typeof MARKET_ACTIONS, MarketRecord, MarketRelation>;

/** Market actions on `/market/{id}` and `POST /api/markets`. */
export const marketActions = defineEntityActions({
  kind: marketKind,
  definitions: MARKET_ACTIONS,
  policies: marketPolicies,
  handlers: marketHandlers,
  create: {
    definitions: MARKET_CREATE_ACTIONS,
    policies: { CreateMarket: operatorOnly } satisfies CreatePolicies<typeof MARKET_CREATE_ACTIONS>,
    handlers: {
      CreateMarket: {
        async handle({ tx, values, now }) {
          const [row] = await tx
            .insert(markets)
            .values({ ...columns(values), createdAt: now, updatedAt: now })
            .returning({ id: markets.id });
          if (!row) throw new Error('market insert returned no row');
          return {
            id: row.id,
            result: {
              message: `${values.name} created`,
              context: { id: row.id, self: selfLink('market', row.id) },
            },
          };
        },
      },
    } satisfies CreateHandlers<typeof MARKET_CREATE_ACTIONS>,
  },
});
