import type { EntityAction } from '@curlew/domain';

/**
 * Marks the record's next steps `next` (enabled or refused, never one refused for the reader's role), for records
 * without a lifecycle whose next step follows from their contents (a group: adding members until it has two).
 */
export const markNextSteps = (actions: readonly EntityAction[], nextIds: readonly string[]): EntityAction[] =>
  actions.map((action) =>
    nextIds.includes(action.id) && !action.byRole ? { ...action, next: true } : action,
  );
