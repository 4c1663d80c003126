import type { AnyActionDefinition, EntityAction } from '@curlew/domain';
import type { Actor, PolicyDecision } from './types.ts';

/** The policy answer that lets the action run. */
export const allow: PolicyDecision = { allowed: true };

/** A refusal with the reason shown to the user: one the reader could overcome (an authority, its own account). */
export const deny = (reason: string): PolicyDecision => ({ allowed: false, reason });

/** A refusal for the reader's role or relation to the record: the action is never its to take. */
export const denyRole = (reason: string): PolicyDecision => ({ allowed: false, reason, byRole: true });

/** Whether the actor belongs to the market operator (admin or sysadmin group). */
export const isOperator = (actor: Pick<Actor, 'groups'>): boolean =>
  actor.groups.includes('admin') || actor.groups.includes('sysadmin');

/** Reason given when only the market operator may act. */
export const OPERATOR_ONLY = 'Only the market operator can do this';

/** Allows the market operator only. */
export const operatorOnly = (actor: Pick<Actor, 'groups'>): PolicyDecision =>
  isOperator(actor) ? allow : denyRole(OPERATOR_ONLY);

/** Allows when the relation is one of `allowed`, else refuses by role with `reason`. */
export const relationIn =
  <Rel extends string>(allowed: readonly Rel[], reason: string) =>
  ({ relation }: { relation: Rel }): PolicyDecision =>
    allowed.includes(relation) ? allow : denyRole(reason);

/** A refused action as `actions[]` lists it: disabled with the reason, marked when it is refused by role. */
export const refusedAction = (
  definition: Pick<AnyActionDefinition, 'id' | 'title'>,
  reason: string,
  byRole: true | undefined,
): EntityAction => ({
  id: definition.id,
  title: definition.title,
  enabled: false,
  reason,
  ...(byRole && { byRole }),
});
