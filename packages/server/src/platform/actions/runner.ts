import {
  type AnyActionDefinition,
  buildActionFormData,
  canRunAction,
  type EntityAction,
  edgeTargets,
  fileFieldIds,
  type JsonValue,
  lifecycleEdgeProblems,
  MESSAGES,
} from '@curlew/domain';
import type { Queryable } from '../db/connect.ts';
import { AppError } from '../errors.ts';
import { recordActivity } from './activity.ts';
import { fieldChanges } from './changes.ts';
import { refusedAction } from './policy.ts';
import { actorOf, inTransaction, parseValues, type RunnerCall } from './run-context.ts';
import type { EntityActions, EntityActionsConfig } from './runner.types.ts';
import { chooseTarget, notFoundInScope, refusedInStatus } from './status.ts';
import type {
  Actor,
  CreateActionHandler,
  CreatePolicyRule,
  Guard,
  PolicyDecision,
  PolicyRule,
  RecordActionHandler,
  Subject,
} from './types.ts';

export type { EntityActionRegistration, EntityActions } from './runner.types.ts';
export type { RunnerCall };

/** The self link of a record: `/{entity}/{id}`. */
export const selfLink = (entity: string, id: string): string => `/${entity}/${id}`;

/** The problems of a set of definitions: each action id needs a policy rule and a handler (`owner/id has no …`). */
const missingImplementations = (
  owner: string,
  definitions: readonly AnyActionDefinition[],
  policies: Readonly<Record<string, unknown>>,
  handlers: Readonly<Record<string, unknown>>,
): string[] =>
  definitions.flatMap((definition) => [
    ...(policies[definition.id] ? [] : [`${owner}/${definition.id} has no policy rule`]),
    ...(handlers[definition.id] ? [] : [`${owner}/${definition.id} has no handler`]),
  ]);

/** An action's definition with its policy rule and handler; 404 when the action id is not one of them. */
const implementationOf = <Policy, Handler>(
  definitions: readonly AnyActionDefinition[],
  policies: Readonly<Record<string, Policy | undefined>>,
  handlers: Readonly<Record<string, Handler | undefined>>,
  actionId: string,
): { definition: AnyActionDefinition; policy: Policy; handler: Handler } => {
  const definition = definitions.find((candidate) => candidate.id === actionId);
  const policy = policies[actionId];
  const handler = handlers[actionId];
  if (!definition || !policy || !handler)
    throw new AppError('not_found', `There is no action '${actionId}' on this kind of record`);
  return { definition, policy, handler };
};

const forbidden = (decision: PolicyDecision): void => {
  if (!decision.allowed) throw new AppError('forbidden', decision.reason);
};

/** The message of a status a handler wrote itself: a programming error, never a user's. */
export const HANDLER_WROTE_STATUS = 'changed the status itself: the runner writes it from the lifecycle edge';

/**
 * Builds an entity's action runner: every action runs load record with the actor's access (404 when missing or
 * outside the actor's scope) -> policy (403) -> lifecycle (409) -> guard (409) -> input parse (422) -> handler ->
 * status write (the edge's target) -> activity entry (with the fields that changed), in one transaction -> result. Throws at start-up when a definition has no implementation or an edge its lifecycle lacks.
 */
export function defineEntityActions<
  Rec,
  Rel extends string,
  const Defs extends readonly AnyActionDefinition[],
  const CreateDefs extends readonly AnyActionDefinition[] = readonly [],
>(config: EntityActionsConfig<Rec, Rel, Defs, CreateDefs>): EntityActions<Rec, Rel> {
  const { kind } = config;
  // The maps are typed per action id where they are written (satisfies); here the runner only needs each entry's
  // shape, and the values it hands a handler have been parsed by that same action's schema.
  const policies: Readonly<Record<string, PolicyRule<Rec, Rel> | undefined>> = config.policies;
  const guards: Readonly<Record<string, Guard<Rec, Rel> | undefined>> = config.guards ?? {};
  const handlers = config.handlers as unknown as Readonly<
    Record<string, RecordActionHandler<AnyActionDefinition, Rec, Rel> | undefined>
  >;
  const createPolicies: Readonly<Record<string, CreatePolicyRule | undefined>> =
    config.create?.policies ?? {};
  const createHandlers = (config.create?.handlers ?? {}) as unknown as Readonly<
    Record<string, CreateActionHandler<AnyActionDefinition> | undefined>
  >;
  const definitions: readonly AnyActionDefinition[] = config.definitions;
  const createDefinitions: readonly AnyActionDefinition[] = config.create?.definitions ?? [];

  const problems = [
    ...missingImplementations(kind.entity, definitions, policies, handlers),
    ...missingImplementations(kind.collection, createDefinitions, createPolicies, createHandlers),
  ];
  for (const definition of definitions) {
    if (definition.lifecycle && !kind.lifecycle)
      problems.push(
        `${kind.entity}/${definition.id} has a lifecycle edge but ${kind.entity} has no lifecycle`,
      );
  }
  for (const id of Object.keys(guards)) {
    if (!definitions.some((definition) => definition.id === id))
      problems.push(`${kind.entity}/${id} has a guard but no definition`);
  }
  if (kind.lifecycle) problems.push(...lifecycleEdgeProblems(kind.lifecycle.definition, definitions));
  if (problems.length > 0) throw new Error(`Invalid actions of ${kind.entity}: ${problems.join('; ')}`);

  const recordAction = (actionId: string) => implementationOf(definitions, policies, handlers, actionId);
  const createAction = (actionId: string) =>
    implementationOf(createDefinitions, createPolicies, createHandlers, actionId);

  const statusOf = (record: Rec): string | null => kind.lifecycle?.statusOf(record) ?? null;

  /** Why an action is refused: the error answered, and whether the policy refused it for the reader's role. */
  type Refusal = { error: AppError; byRole?: true | undefined };

  type RecordAction = {
    definition: AnyActionDefinition;
    policy: PolicyRule<Rec, Rel>;
    handler: RecordActionHandler<AnyActionDefinition, Rec, Rel>;
  };

  /**
   * Why the action cannot run on the record for the actor now, as the error the runner answers (and whether the
   * policy refused it by role), or null: applies-to and policy (403), lifecycle (409), then the guard (409).
   */
  const refusal = async (
    action: RecordAction,
    subject: Subject<Rec, Rel>,
    db: Queryable,
    now: Date,
  ): Promise<Refusal | null> => {
    const { definition, handler } = action;
    if (handler.appliesTo && !handler.appliesTo(subject.record))
      return { error: new AppError('forbidden', `${definition.title} does not apply to this ${kind.noun}`) };
    const decision = action.policy(subject);
    if (!decision.allowed)
      return { error: new AppError('forbidden', decision.reason), byRole: decision.byRole };
    if (kind.lifecycle && definition.lifecycle) {
      const status = kind.lifecycle.statusOf(subject.record);
      if (!canRunAction(kind.lifecycle.definition, definition.lifecycle, status))
        return { error: new AppError('invalid_status', refusedInStatus(kind, definition.title, status)) };
    }
    const guard = guards[definition.id];
    if (guard) {
      const answer = await guard({ ...subject, db, now });
      if (!answer.ok) return { error: new AppError('invalid_status', answer.reason) };
    }
    return null;
  };

  /** Whether the record's status allows the action and the action moves the record on (a lifecycle step). */
  const isNextStep = (definition: AnyActionDefinition, record: Rec): boolean =>
    kind.lifecycle !== undefined &&
    definition.lifecycle !== undefined &&
    edgeTargets(definition.lifecycle).length > 0 &&
    canRunAction(kind.lifecycle.definition, definition.lifecycle, kind.lifecycle.statusOf(record));

  const loadSubject = async (
    db: Queryable,
    actor: Actor,
    id: string,
    forUpdate: boolean,
  ): Promise<Subject<Rec, Rel>> => {
    const found = await kind.loadFor(db, actor, id, { forUpdate });
    if (found === undefined) throw notFoundInScope(kind.noun);
    return { actor, record: found.record, ...found.access };
  };

  const fieldsOf = (record: Rec | undefined): Record<string, JsonValue> =>
    record === undefined || !kind.fields ? {} : kind.fields(record);

  /** Records an action run on record `id` in the activity log: its status before and after, the fields it changed. */
  const recordRun = (
    tx: Queryable,
    run: {
      actor: Actor;
      definition: AnyActionDefinition;
      id: string;
      before: Rec | undefined;
      after: Rec | undefined;
      details: Record<string, JsonValue>;
      now: Date;
    },
  ) => {
    const changes = fieldChanges(fieldsOf(run.before), fieldsOf(run.after), {
      fields: run.definition.fields,
      ...(kind.fieldLabels ? { extra: kind.fieldLabels } : {}),
    });
    return recordActivity(tx, {
      subjectType: kind.entity,
      subjectId: run.id,
      action: run.definition.id,
      title: run.definition.title,
      actor: actorOf(run.actor),
      statusBefore: run.before === undefined ? null : statusOf(run.before),
      statusAfter: run.after === undefined ? null : statusOf(run.after),
      details: changes.length > 0 ? { changes, ...run.details } : run.details,
      at: run.now,
    });
  };

  return {
    kind,
    entity: kind.entity,
    collection: kind.collection,
    definitions,
    createDefinitions,

    implementationOf(actionId) {
      return {
        policy: policies[actionId] ?? createPolicies[actionId],
        handler: handlers[actionId] ?? createHandlers[actionId],
      };
    },

    async actionsFor(deps, subject) {
      const now = deps.clock();
      const answers: EntityAction[] = [];
      for (const definition of definitions) {
        const policy = policies[definition.id];
        const handler = handlers[definition.id];
        if (!policy || !handler || (handler.appliesTo && !handler.appliesTo(subject.record))) continue;
        const refused = await refusal({ definition, policy, handler }, subject, deps.db, now);
        if (!refused) {
          answers.push({ id: definition.id, title: definition.title, enabled: true });
          continue;
        }
        const answer = refusedAction(definition, refused.error.message, refused.byRole);
        answers.push(
          !refused.byRole && isNextStep(definition, subject.record) ? { ...answer, next: true } : answer,
        );
      }
      return answers;
    },

    collectionActionsFor(actor) {
      return createDefinitions.flatMap((definition): EntityAction[] => {
        const policy = createPolicies[definition.id];
        if (!policy) return [];
        const decision = policy(actor);
        return [
          decision.allowed
            ? { id: definition.id, title: definition.title, enabled: true }
            : refusedAction(definition, decision.reason, decision.byRole),
        ];
      });
    },

    async formData(call, id, actionId) {
      const action = recordAction(actionId);
      const subject = await loadSubject(call.deps.db, call.actor, id, false);
      const refused = await refusal(action, subject, call.deps.db, call.deps.clock());
      if (refused) throw refused.error;
      const { load } = action.handler;
      const extras = load ? await load({ ...subject, deps: call.deps, db: call.deps.db }) : {};
      return buildActionFormData(action.definition, extras);
    },

    async authorise(call, id, actionId) {
      const action = recordAction(actionId);
      const subject = await loadSubject(call.deps.db, call.actor, id, false);
      const refused = await refusal(action, subject, call.deps.db, call.deps.clock());
      if (refused) throw refused.error;
      return fileFieldIds(action.definition.fields);
    },

    async authoriseCreate(call, actionId) {
      const chosen =
        actionId === undefined
          ? createDefinitions.filter((definition) => createPolicies[definition.id]?.(call.actor).allowed)
          : [createAction(actionId).definition];
      if (actionId !== undefined) forbidden(createAction(actionId).policy(call.actor));
      if (chosen.length === 0) throw new AppError('forbidden', `You cannot add ${kind.collection}`);
      return [...new Set(chosen.flatMap((definition) => fileFieldIds(definition.fields)))];
    },

    async submit(call, id, actionId, submission) {
      const action = recordAction(actionId);
      const { definition } = action;
      return inTransaction(call, async (tx, base, details) => {
        const subject = await loadSubject(tx, call.actor, id, true);
        const refused = await refusal(action, subject, tx, base.now);
        if (refused) throw refused.error;
        const values = parseValues(definition, submission);
        const statusBefore = statusOf(subject.record);
        const target = await chooseTarget(tx, kind, definition, subject.record, values);
        const result = await action.handler.handle({ ...base, ...subject, values, files: submission.files });
        let after = await kind.load(tx, id);
        if (after !== undefined && statusOf(after) !== statusBefore)
          throw new Error(`${kind.entity}/${definition.id} ${HANDLER_WROTE_STATUS}`);
        if (after !== undefined && kind.lifecycle && target !== null && target !== statusBefore) {
          await kind.lifecycle.writeStatus(tx, after, target, base.now);
          after = await kind.load(tx, id);
        }
        const { actor } = call;
        await recordRun(tx, { actor, definition, id, before: subject.record, after, details, now: base.now });
        return result ?? { context: { id, self: selfLink(kind.entity, id) } };
      });
    },

    async createFormData(call, actionId) {
      const { definition, policy, handler } = createAction(actionId);
      forbidden(policy(call.actor));
      const extras = handler.load
        ? await handler.load({ deps: call.deps, db: call.deps.db, actor: call.actor })
        : {};
      return buildActionFormData(definition, extras);
    },

    async create(call, actionId, submission) {
      let chosen = actionId;
      if (chosen === undefined) {
        const only = createDefinitions.length === 1 ? createDefinitions[0]?.id : undefined;
        chosen = config.create?.pick ? config.create.pick(submission.values) : only;
      }
      if (chosen === undefined) {
        const mayCreate = createDefinitions.some(
          (definition) => createPolicies[definition.id]?.(call.actor).allowed === true,
        );
        if (!mayCreate) throw new AppError('forbidden', `You cannot add ${kind.collection}`);
        // Nothing in the body says which kind of record to create: the form's type is missing or unknown.
        throw new AppError('validation', MESSAGES.required, {
          errors: [{ path: 'type', message: MESSAGES.required }],
        });
      }
      const { definition, policy, handler } = createAction(chosen);
      forbidden(policy(call.actor));
      const values = parseValues(definition, submission);
      return inTransaction(call, async (tx, base, details) => {
        const { id, result } = await handler.handle({ ...base, values, files: submission.files });
        const created = await kind.load(tx, id);
        const { actor } = call;
        await recordRun(tx, {
          actor,
          definition,
          id,
          before: undefined,
          after: created,
          details,
          now: base.now,
        });
        return result ?? { context: { id, self: selfLink(kind.entity, id) } };
      });
    },
  };
}
