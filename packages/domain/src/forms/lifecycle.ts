import { type ActionLifecycleEdge, edgeTargets } from './action.ts';

/** The allowed status changes of an entity, as data: `transitions[from]` lists the statuses it may move to. */
export interface Lifecycle<Status extends string> {
  statuses: readonly Status[];
  transitions: { readonly [From in Status]?: readonly Status[] };
}

/** Machine-readable code of a refused status change; the server answers it with 409. */
const INVALID_STATUS = 'invalid_status';

/** Thrown when a status change or an action is not allowed from the current status. */
export class InvalidStatusError extends Error {
  readonly code = INVALID_STATUS;
  constructor(
    readonly from: string,
    readonly to: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'InvalidStatusError';
  }
}

/** Declares an entity's lifecycle; throws when a transition names a status that is not listed. */
export function defineLifecycle<const Status extends string>(config: {
  statuses: readonly Status[];
  transitions: { readonly [From in Status]?: readonly NoInfer<Status>[] };
}): Lifecycle<Status> {
  const known = new Set<string>(config.statuses);
  for (const [from, targets] of Object.entries<readonly string[] | undefined>(config.transitions)) {
    for (const status of [from, ...(targets ?? [])]) {
      if (!known.has(status)) throw new Error(`Lifecycle transition names unknown status '${status}'`);
    }
  }
  return config;
}

/** Whether the lifecycle lists a change from one status to another. */
export const canTransition = <Status extends string>(
  lifecycle: Lifecycle<Status>,
  from: Status,
  to: Status,
): boolean => lifecycle.transitions[from]?.includes(to) ?? false;

/** Throws `InvalidStatusError` unless the lifecycle lists the change. */
export const assertTransition = <Status extends string>(
  lifecycle: Lifecycle<Status>,
  from: Status,
  to: Status,
): void => {
  if (!canTransition(lifecycle, from, to)) {
    throw new InvalidStatusError(from, to, `Cannot change status from ${from} to ${to}`);
  }
};

/** An action edge whatever its values' type (what lifecycle checks read: statuses only). */
type AnyEdge<Status extends string> = Pick<ActionLifecycleEdge<Status>, 'from' | 'to'>;

/**
 * Whether an action may run on a record in `current` status: the status is one of the edge's `from`, and at least
 * one change to a target (if any, and if different) is listed in the lifecycle. No edge means any status.
 */
export const canRunAction = <Status extends string>(
  lifecycle: Lifecycle<Status>,
  edge: AnyEdge<Status> | undefined,
  current: Status,
): boolean => {
  if (edge === undefined) return true;
  if (!edge.from.includes(current)) return false;
  const targets = edgeTargets(edge);
  return (
    targets.length === 0 || targets.some((to) => to === current || canTransition(lifecycle, current, to))
  );
};

/** Throws `InvalidStatusError` unless the action may run from the current status (see `canRunAction`). */
export const assertCanRunAction = <Status extends string>(
  lifecycle: Lifecycle<Status>,
  action: { id: string; lifecycle?: AnyEdge<Status> },
  current: Status,
): void => {
  if (!canRunAction(lifecycle, action.lifecycle, current)) {
    const targets = action.lifecycle === undefined ? [] : edgeTargets(action.lifecycle);
    throw new InvalidStatusError(
      current,
      targets.length === 1 ? targets[0] : undefined,
      `${action.id} is not allowed when the status is ${current}`,
    );
  }
};

/**
 * Action edges that the lifecycle does not allow (a `from` -> `to` pair missing from its transitions); a test over
 * an entity's actions expects none.
 */
export const lifecycleEdgeProblems = <Status extends string>(
  lifecycle: Lifecycle<Status>,
  actions: readonly { id: string; lifecycle?: AnyEdge<Status> & { target?: unknown } }[],
): readonly string[] =>
  actions.flatMap(({ id, lifecycle: edge }) => {
    if (edge === undefined) return [];
    const targets = edgeTargets(edge);
    const problems = edge.from.flatMap((from) =>
      targets
        .filter((to) => from !== to && !canTransition(lifecycle, from, to))
        .map((to) => `${id}: ${from} -> ${to} is not in the lifecycle`),
    );
    if (targets.length > 1 && edge.target === undefined)
      problems.push(`${id}: several targets need a target function`);
    return problems;
  });
