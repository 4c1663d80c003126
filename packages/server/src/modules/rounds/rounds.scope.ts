import { sql } from 'drizzle-orm';
import {
  type EntityScope,
  emptyScope,
  isAgent,
  isOperator,
  operatorScope,
  readOnlyScope,
  type ScopeReader,
} from '../../platform/actions/scope.ts';
import { marketRounds } from './rounds.tables.ts';

/** How the actor relates to a round: the operator, a participant, or an agent acting for participants. */
export type RoundRelation = 'operator' | 'participant' | 'agent';

/**
 * The scope of rounds: the operator sees every round; participants and agents see rounds from the moment they
 * open for registration (never a Draft); local planning authorities see none.
 */
export function roundScope(actor: ScopeReader): EntityScope<RoundRelation> {
  if (isOperator(actor)) return operatorScope('operator');
  if (actor.organisationId === null) return emptyScope();
  const type = actor.organisation?.type;
  if (type !== 'PARTICIPANT' && !isAgent(actor)) return emptyScope();
  const relation: RoundRelation = isAgent(actor) ? 'agent' : 'participant';
  return readOnlyScope(sql`${marketRounds.status} <> 'Draft'`, relation);
}
