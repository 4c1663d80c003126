import { type AnyActionDefinition, type EntityAction, edgeTargets } from '@curlew/domain';

/**
 * The record's actions with exactly its next steps marked `next` (enabled or refused, never one refused for the
 * reader's role): the one way a record page learns what to offer first. Every record page's presenter (a round, a
 * participation, a project, a requirement, a group) calls it with the steps it decides on, which replace the action
 * runner's default marks.
 */
export const markNextSteps = (actions: readonly EntityAction[], nextIds: readonly string[]): EntityAction[] =>
  actions.map(({ next: _, ...action }) =>
    nextIds.includes(action.id) && !action.byRole ? { ...action, next: true } : action,
  );

/**
 * The next steps of a record with a lifecycle: those of its entity's `steps` (the moves of its life a page offers
 * first) that its `status` allows and that the reader may take now, or that are refused but would move the record on
 * (kept in sight with the reason). A step refused for the reader's role is never one.
 */
export const lifecycleNextSteps = (
  definitions: readonly AnyActionDefinition[],
  actions: readonly EntityAction[],
  status: string,
  steps: readonly string[],
): string[] =>
  steps.filter((id) => {
    const lifecycle = definitions.find((definition) => definition.id === id)?.lifecycle;
    const action = actions.find((candidate) => candidate.id === id);
    if (lifecycle === undefined || action === undefined || action.byRole) return false;
    if (!(lifecycle.from as readonly string[]).includes(status)) return false;
    return action.enabled || edgeTargets(lifecycle).length > 0;
  });
