import { ROUND_ACTIONS, ROUND_CREATE_ACTIONS } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { defineEntityActions, selfLink } from '../../platform/actions/runner.ts';
import type { CreateHandlers } from '../../platform/actions/types.ts';
import { validationError } from '../../platform/errors.ts';
import { markets } from '../markets/markets.tables.ts';
import { detailColumns, roundHandlers } from './rounds.handlers.ts';
import { roundKind } from './rounds.kind.ts';
import { roundCreatePolicies, roundGuards, roundPolicies } from './rounds.policy.ts';
import { assertActiveReferences } from './rounds.references.ts';
import { marketRounds } from './rounds.tables.ts';

/** CreateRound: a Draft round of a market, with the market's default reserve proposed. */
const roundCreateHandlers = {
  CreateRound: {
    async handle({ tx, values, now }) {
      const [market] = await tx
        .select({ id: markets.id, reserve: markets.defaultReservePercentage })
        .from(markets)
        .where(eq(markets.id, values.marketId));
      if (!market) throw validationError('marketId', 'Not a valid option');
      await assertActiveReferences(tx, values);
      const [row] = await tx
        .insert(marketRounds)
        .values({
          marketId: market.id,
          ...detailColumns(values),
          reservePercentage: market.reserve,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: marketRounds.id });
      if (!row) throw new Error('round insert returned no row');
      return {
        id: row.id,
        result: {
          message: `${values.name} created`,
          context: { id: row.id, self: selfLink('round', row.id) },
        },
      };
    },
  },
} satisfies CreateHandlers<typeof ROUND_CREATE_ACTIONS>;

/** Round actions on `/round/{id}` and `POST /api/rounds`. */
export const roundActions = defineEntityActions({
  kind: roundKind,
  definitions: ROUND_ACTIONS,
  policies: roundPolicies,
  guards: roundGuards,
  handlers: roundHandlers,
  create: {
    definitions: ROUND_CREATE_ACTIONS,
    policies: roundCreatePolicies,
    handlers: roundCreateHandlers,
  },
});
