import { sql } from 'drizzle-orm';
import {
  type EntityScope,
  emptyScope,
  isOperator,
  operatorScope,
  readOnlyScope,
  type ScopeReader,
} from '../../platform/actions/scope.ts';
import { roundScope } from '../rounds/rounds.scope.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { markets } from './markets.tables.ts';

/** How the actor relates to a market: the operator, or someone who sees one of its rounds. */
export type MarketRelation = 'operator' | 'viewer';

/** The scope of markets: the operator sees all; others the markets with a round they can see. */
export function marketScope(actor: ScopeReader): EntityScope<MarketRelation> {
  if (isOperator(actor)) return operatorScope('operator');
  const rounds = roundScope(actor);
  if (rounds.where === undefined || actor.organisationId === null) return emptyScope();
  const visible = sql`exists (select 1 from ${marketRounds} where ${marketRounds.marketId} = ${markets.id} and ${rounds.where})`;
  return readOnlyScope(visible, 'viewer');
}
