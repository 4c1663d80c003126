import type { ActionLifecycleEdge } from './action.ts';
import { canRunAction, type Lifecycle } from './lifecycle.ts';
import type { UploadedFile } from './values.ts';

/** A file value as the server's runner builds it, for tests. */
export const testFile = (name: string, type = 'application/octet-stream'): UploadedFile => ({
  name,
  size: 100,
  type,
});

/**
 * For tests: each action's statuses it may run from, computed with `canRunAction` over every status of the
 * lifecycle, so a test compares them with the MARKET.md table (allowed from its from-statuses, refused from all
 * others).
 */
export const runnableFrom = <Status extends string>(
  lifecycle: Lifecycle<Status>,
  actions: readonly { id: string; lifecycle?: Pick<ActionLifecycleEdge<Status>, 'from' | 'to'> }[],
): Record<string, readonly Status[]> =>
  Object.fromEntries(
    actions.map((action) => [
      action.id,
      lifecycle.statuses.filter((status) => canRunAction(lifecycle, action.lifecycle, status)),
    ]),
  );

/** For tests: the status an edge's `target` chooses for values, from the edge's first from-status. */
export const targetFor = <Status extends string, Values>(
  edge: ActionLifecycleEdge<Status, Values> | undefined,
  values: Values,
  previousStatus: Status | null = null,
): Status | undefined => {
  const status = edge?.from[0];
  return status === undefined ? undefined : edge?.target?.(values, { status, previousStatus });
};
