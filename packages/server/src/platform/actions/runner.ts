import {
  type ActionFormData,
  type ActionResult,
  type AnyActionDefinition,
  activeValues,
  buildActionFormData,
  canRunAction,
  type EntityAction,
  type FormValues,
  InvalidStatusError,
  type JsonValue,
  lifecycleEdgeProblems,
  MESSAGES,
  toFieldErrors,
} from '@curlew/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../db/connect.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { Mailer, MailMessage } from '../mail.ts';
import { recordActivity } from './activity.ts';
import { assertFilesMatchFields, type Submission } from './submission.ts';
import type {
  Actor,
  CreateActionHandler,
  CreateHandlers,
  CreatePolicies,
  CreatePolicyRule,
  EntityKind,
  HandlerContextBase,
  PolicyDecision,
  PolicyRule,
  RecordActionHandler,
  RecordHandlers,
  RecordPolicies,
  Subject,
} from './types.ts';
import { inUnitOfWork } from './unit-of-work.ts';

/** Who calls the runner: the application, the signed-in user and the request's log. */
export interface RunnerCall {
  deps: AppDeps;
  actor: Actor;
  log: FastifyBaseLogger;
}

/** The untyped face of an entity's actions that the routes and the registry tests use. */
export interface EntityActionRegistration {
  entity: string;
  collection: string;
  definitions: readonly AnyActionDefinition[];
  createDefinitions: readonly AnyActionDefinition[];
  /** The policy rule and handler registered for an action id (record or create); undefined parts are missing. */
  implementationOf(actionId: string): { policy: unknown; handler: unknown };
  formData(call: RunnerCall, id: string, actionId: string): Promise<ActionFormData>;
  submit(call: RunnerCall, id: string, actionId: string, submission: Submission): Promise<ActionResult>;
  createFormData(call: RunnerCall, actionId: string): Promise<ActionFormData>;
  /** Runs a create action; without an id the collection's `pick` chooses one from the values. */
  create(call: RunnerCall, actionId: string | undefined, submission: Submission): Promise<ActionResult>;
}

/** An entity's actions with its record type: what its module uses to list actions on its responses. */
export interface EntityActions<Rec, Rel extends string> extends EntityActionRegistration {
  kind: EntityKind<Rec, Rel>;
  /** `actions: [{ id, title, enabled, reason? }]` of a record for the actor (applicable actions only). */
  actionsFor(subject: Subject<Rec, Rel>): EntityAction[];
  /** The collection's create actions for the actor. */
  collectionActionsFor(actor: Actor): EntityAction[];
}

/** Configuration of an entity's actions: its kind, record actions and create actions with their implementations. */
export interface EntityActionsConfig<
  Rec,
  Rel extends string,
  Defs extends readonly AnyActionDefinition[],
  CreateDefs extends readonly AnyActionDefinition[],
> {
  kind: EntityKind<Rec, Rel>;
  definitions: Defs;
  policies: RecordPolicies<Defs, Rec, Rel>;
  handlers: RecordHandlers<Defs, Rec, Rel>;
  create?: {
    definitions: CreateDefs;
    policies: CreatePolicies<CreateDefs>;
    handlers: CreateHandlers<CreateDefs>;
    /** Which create action a POST to the bare collection means; default: the only one. */
    pick?(values: FormValues): CreateDefs[number]['id'] | undefined;
  };
}

/** The self link of a record: `/{entity}/{id}`. */
export const selfLink = (entity: string, id: string): string => `/${entity}/${id}`;

const unknownAction = (actionId: string): AppError =>
  new AppError('not_found', `There is no action '${actionId}' here`);

const forbidden = (decision: PolicyDecision): void => {
  if (!decision.allowed) throw new AppError('forbidden', decision.reason);
};

const notAllowedInStatus = (definition: AnyActionDefinition, status: string): string =>
  `${definition.title} is not allowed when the status is ${status}`;

/** Parses the values with the action's schema (inactive fields left out); 422 with every field error. */
const parseValues = (definition: AnyActionDefinition, submission: Submission): unknown => {
  assertFilesMatchFields(definition.fields, submission.files);
  const parsed = definition.input.safeParse(activeValues(definition.fields, submission.values));
  if (!parsed.success) {
    const errors = toFieldErrors(parsed.error);
    throw new AppError('validation', errors[0]?.message ?? 'Invalid submission', { errors });
  }
  return parsed.data;
};

/** A mailer that holds messages until the transaction commits. */
const deferredMailer = (real: Mailer, afterCommit: (effect: () => Promise<void>) => void): Mailer => ({
  transport: real.transport,
  async send(message: MailMessage) {
    afterCommit(() => real.send(message));
  },
  close() {},
});

/**
 * Runs `work` in one unit of work with a handler context: e-mails wait for the commit, and what a rollback leaves
 * outside the database (stored bytes) is undone. A refused status change thrown by domain code becomes 409
 * invalid_status.
 */
async function inTransaction<T>(
  call: RunnerCall,
  work: (
    tx: Transaction,
    base: Omit<HandlerContextBase<unknown>, 'values' | 'files'>,
    details: Record<string, JsonValue>,
  ) => Promise<T>,
): Promise<T> {
  try {
    return await inUnitOfWork(call.deps.db, call.log, (tx, { afterCommit }) => {
      const details: Record<string, JsonValue> = {};
      // A transaction is a full query interface of the same schema; handlers reuse helpers written for a Database.
      const db: Database = tx;
      const deps: AppDeps = { ...call.deps, db, mailer: deferredMailer(call.deps.mailer, afterCommit) };
      const base = {
        deps,
        tx,
        actor: call.actor,
        now: call.deps.clock(),
        afterCommit,
        describe: (more: Record<string, JsonValue>) => Object.assign(details, more),
      };
      return work(tx, base, details);
    });
  } catch (error) {
    if (error instanceof InvalidStatusError) throw new AppError('invalid_status', error.message);
    throw error;
  }
}

const actorOf = (actor: Actor) => ({
  id: actor.id,
  displayName: actor.displayName,
  organisationId: actor.organisationId,
});

/**
 * Builds an entity's action runner: every action runs load record (404 when missing or outside the actor's
 * scope) -> policy (403) -> lifecycle (409) -> input parse (422) -> handler in one transaction -> activity entry
 * -> result. Throws at start-up when a definition has no implementation or an edge its lifecycle lacks.
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

  const problems: string[] = [];
  for (const definition of definitions) {
    if (!policies[definition.id]) problems.push(`${kind.entity}/${definition.id} has no policy rule`);
    if (!handlers[definition.id]) problems.push(`${kind.entity}/${definition.id} has no handler`);
    if (definition.lifecycle && !kind.lifecycle)
      problems.push(
        `${kind.entity}/${definition.id} has a lifecycle edge but ${kind.entity} has no lifecycle`,
      );
  }
  for (const definition of createDefinitions) {
    if (!createPolicies[definition.id])
      problems.push(`${kind.collection}/${definition.id} has no policy rule`);
    if (!createHandlers[definition.id]) problems.push(`${kind.collection}/${definition.id} has no handler`);
  }
  if (kind.lifecycle) problems.push(...lifecycleEdgeProblems(kind.lifecycle.definition, definitions));
  if (problems.length > 0) throw new Error(`Invalid actions of ${kind.entity}: ${problems.join('; ')}`);

  const recordAction = (actionId: string) => {
    const definition = definitions.find((candidate) => candidate.id === actionId);
    const policy = policies[actionId];
    const handler = handlers[actionId];
    if (!definition || !policy || !handler) throw unknownAction(actionId);
    return { definition, policy, handler };
  };
  const createAction = (actionId: string) => {
    const definition = createDefinitions.find((candidate) => candidate.id === actionId);
    const policy = createPolicies[actionId];
    const handler = createHandlers[actionId];
    if (!definition || !policy || !handler) throw unknownAction(actionId);
    return { definition, policy, handler };
  };

  const statusOf = (record: Rec): string | null => kind.lifecycle?.statusOf(record) ?? null;

  /** Why the action cannot run on the record for the actor now, as the error the runner answers; or null. */
  const refusal = (
    action: {
      definition: AnyActionDefinition;
      policy: PolicyRule<Rec, Rel>;
      handler: RecordActionHandler<AnyActionDefinition, Rec, Rel>;
    },
    subject: Subject<Rec, Rel>,
  ): AppError | null => {
    const { definition, handler } = action;
    if (handler.appliesTo && !handler.appliesTo(subject.record))
      return new AppError('forbidden', `${definition.title} does not apply to this ${kind.entity}`);
    const decision = action.policy(subject);
    if (!decision.allowed) return new AppError('forbidden', decision.reason);
    if (kind.lifecycle && definition.lifecycle) {
      const status = kind.lifecycle.statusOf(subject.record);
      if (!canRunAction(kind.lifecycle.definition, definition.lifecycle, status))
        return new AppError('invalid_status', notAllowedInStatus(definition, status));
    }
    return null;
  };

  const loadSubject = async (
    db: Database | Transaction,
    actor: Actor,
    id: string,
    forUpdate: boolean,
  ): Promise<Subject<Rec, Rel>> => {
    const record = await kind.load(db, id, { forUpdate });
    const relation = record === undefined ? null : await kind.relate(db, actor, record);
    if (record === undefined || relation === null) throw new AppError('not_found', `No ${kind.entity} ${id}`);
    return { actor, record, relation };
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

    actionsFor(subject) {
      return definitions.flatMap((definition): EntityAction[] => {
        const policy = policies[definition.id];
        const handler = handlers[definition.id];
        if (!policy || !handler || (handler.appliesTo && !handler.appliesTo(subject.record))) return [];
        const refused = refusal({ definition, policy, handler }, subject);
        return [
          refused
            ? { id: definition.id, title: definition.title, enabled: false, reason: refused.message }
            : { id: definition.id, title: definition.title, enabled: true },
        ];
      });
    },

    collectionActionsFor(actor) {
      return createDefinitions.flatMap((definition): EntityAction[] => {
        const policy = createPolicies[definition.id];
        if (!policy) return [];
        const decision = policy(actor);
        return [
          decision.allowed
            ? { id: definition.id, title: definition.title, enabled: true }
            : { id: definition.id, title: definition.title, enabled: false, reason: decision.reason },
        ];
      });
    },

    async formData(call, id, actionId) {
      const action = recordAction(actionId);
      const subject = await loadSubject(call.deps.db, call.actor, id, false);
      const refused = refusal(action, subject);
      if (refused) throw refused;
      const { load } = action.handler;
      const extras = load ? await load({ ...subject, deps: call.deps, db: call.deps.db }) : {};
      return buildActionFormData(action.definition, extras);
    },

    async submit(call, id, actionId, submission) {
      const action = recordAction(actionId);
      const { definition } = action;
      return inTransaction(call, async (tx, base, details) => {
        const subject = await loadSubject(tx, call.actor, id, true);
        const refused = refusal(action, subject);
        if (refused) throw refused;
        const values = parseValues(definition, submission);
        const statusBefore = statusOf(subject.record);
        const result = await action.handler.handle({ ...base, ...subject, values, files: submission.files });
        const after = await kind.load(tx, id);
        const self = selfLink(kind.entity, id);
        await recordActivity(tx, {
          subjectType: kind.entity,
          subjectId: id,
          action: definition.id,
          title: definition.title,
          actor: actorOf(call.actor),
          statusBefore,
          statusAfter: after === undefined ? null : statusOf(after),
          details,
          at: base.now,
        });
        return result ?? { context: { id, self } };
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
        const self = selfLink(kind.entity, id);
        await recordActivity(tx, {
          subjectType: kind.entity,
          subjectId: id,
          action: definition.id,
          title: definition.title,
          actor: actorOf(call.actor),
          statusBefore: null,
          statusAfter: created === undefined ? null : statusOf(created),
          details,
          at: base.now,
        });
        return result ?? { context: { id, self } };
      });
    },
  };
}
