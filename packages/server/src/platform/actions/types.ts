import type {
  ActionResult,
  ActionValues,
  AgentPermission,
  AnyActionDefinition,
  FormDataExtras,
  JsonValue,
  Lifecycle,
} from '@curlew/domain';
import type { UserWithOrganisation } from '../../auth/users.repo.ts';
import type { Queryable, Transaction } from '../db/connect.ts';
import type { AppDeps } from '../deps.ts';

/** The signed-in user an action runs for. */
export type Actor = UserWithOrganisation;

/** What scopes look at: who the user is, their groups and their organisation. */
export type ScopeReader = Pick<Actor, 'id' | 'groups' | 'organisationId' | 'organisation'>;

/** A policy's answer: allowed, or refused with the reason shown to the user (403 and the disabled action's reason). */
/**
 * A policy's answer. A refusal `byRole` says the reader's role or relation to the record never takes this action
 * (the operator's own actions, for a participant): `actions[]` marks it so that pages leave it out.
 */
export type PolicyDecision = { allowed: true } | { allowed: false; reason: string; byRole?: true };

export type { ReceivedFile } from './uploads.ts';

import type { ReceivedFile } from './uploads.ts';

/**
 * The actor's access to one record, computed by the entity's scope in the record's own query: how the actor
 * relates to it and, for an agent, the permissions its approved authority gives for the record's round.
 */
export interface Access<Rel extends string> {
  relation: Rel;
  /** An agent's approved permissions for the record's round; empty for everyone else and for records of no round. */
  permissions: readonly AgentPermission[];
}

/** Who acts on what: the actor, the record and the actor's access to it (computed by the entity's scope). */
export interface Subject<Rec, Rel extends string> extends Access<Rel> {
  actor: Actor;
  record: Rec;
}

/** A record of one kind with the actor's access to it. */
export interface RecordInScope<Rec, Rel extends string> {
  record: Rec;
  access: Access<Rel>;
}

/** How the runner reads and writes a kind's status; the only place its status column is written. */
export interface KindLifecycle<Rec, Status extends string> {
  definition: Lifecycle<Status>;
  statusOf(record: Rec): Status;
  /** Writes the new status of the record (the runner and `transition` call it, never a handler). */
  writeStatus(tx: Transaction, record: Rec, status: Status, now: Date): Promise<void>;
  /** The sentence of a refused action or change, when the runner's default would not say enough. */
  refusal?(title: string, status: Status): string;
  /** How many records move at once (`transitionAll`), for kinds whose records a round moves together. */
  batch?: BatchLifecycle<Status>;
}

/** A kind's status read and write for many records in a few statements. */
export interface BatchLifecycle<Status extends string> {
  /** The statuses of some records by id, their rows locked until the transaction ends; a missing id is absent. */
  lockStatuses(tx: Transaction, ids: readonly string[]): Promise<Map<string, Status>>;
  /** Writes one status to several records, as `writeStatus` does for one. */
  writeStatuses(tx: Transaction, ids: readonly string[], status: Status, now: Date): Promise<void>;
}

/**
 * How the runner reaches one kind of entity: load by id (unscoped, for system work), load with the actor's access
 * in one query (undefined = missing or outside the actor's scope, answered 404), and optionally its lifecycle.
 */
export interface EntityKind<Rec, Rel extends string, Status extends string = string> {
  /** First segment of the self link (`organisation` in `/organisation/{id}`); also the activity subject type. */
  entity: string;
  /** The collection segment (`organisations`), where create actions live. */
  collection: string;
  /** What a person calls one record ('organisation', 'agent authority'), in messages. */
  noun: string;
  /** Loads a record; undefined when there is none (malformed ids included). `forUpdate` locks the row. */
  load(db: Queryable, id: string, options?: { forUpdate?: boolean }): Promise<Rec | undefined>;
  /** Loads a record with the actor's access (the entity's scope); undefined when missing or outside the scope. */
  loadFor(
    db: Queryable,
    actor: ScopeReader,
    id: string,
    options?: { forUpdate?: boolean },
  ): Promise<RecordInScope<Rec, Rel> | undefined>;
  idOf(record: Rec): string;
  /** The entity's lifecycle; required when any action declares an edge. */
  lifecycle?: KindLifecycle<Rec, Status>;
  /** The record's fields as the activity trail compares them before and after an action (label by field id). */
  fields?(record: Rec): Record<string, JsonValue>;
  /** Labels of fields that no action form names. */
  fieldLabels?: Readonly<Record<string, string>>;
}

/** What a form-data loader receives. */
export interface LoaderContext<Rec, Rel extends string> extends Subject<Rec, Rel> {
  deps: AppDeps;
  db: Queryable;
}

/** What every handler receives, whether on a record or a collection. */
export interface HandlerContextBase<Values> {
  /** The application's dependencies with `db` bound to the action's transaction and e-mails queued in its outbox. */
  deps: AppDeps;
  tx: Transaction;
  actor: Actor;
  values: Values;
  files: readonly ReceivedFile[];
  now: Date;
  /** Runs a side effect once the transaction has committed (never when it rolls back). */
  afterCommit(effect: () => Promise<void>): void;
  /** Adds details to the action's activity entry (e.g. the invited user's e-mail address). */
  describe(details: Record<string, JsonValue>): void;
}

/** What a handler on a record receives. */
export interface HandlerContext<Rec, Rel extends string, Values>
  extends HandlerContextBase<Values>,
    Subject<Rec, Rel> {}

/** A policy rule of an action on a record: who may run it, given their access to the record. */
export type PolicyRule<Rec, Rel extends string> = (subject: Subject<Rec, Rel>) => PolicyDecision;

/** A guard's answer: the action may run now, or a sentence saying what is missing (409, and the disabled reason). */
export type GuardAnswer = { ok: true } | { ok: false; reason: string };

/** What a guard reads: the subject, the database (or the action's transaction) and the time. */
export interface GuardContext<Rec, Rel extends string> extends Subject<Rec, Rel> {
  db: Queryable;
  now: Date;
}

/**
 * A guard of an action on a record: whether it may run now, judged from other records, dates and windows (the
 * round open for bids, both agreements uploaded), apart from who may run it (the policy).
 */
export type Guard<Rec, Rel extends string> = (context: GuardContext<Rec, Rel>) => Promise<GuardAnswer>;

/** The guards of a kind's actions, by action id: an action without one has no condition; an unknown id is a compile error. */
export type RecordGuards<Defs extends readonly AnyActionDefinition[], Rec, Rel extends string> = {
  [Def in Defs[number] as Def['id']]?: Guard<Rec, Rel>;
};

/** The handler half of an action on a record: where it applies, its optional form loader, and the work. */
export interface RecordActionHandler<Def extends AnyActionDefinition, Rec, Rel extends string> {
  /** Whether the action exists for this record at all (e.g. AddParticipantClient only on agents); default yes. */
  appliesTo?(record: Rec): boolean;
  /** Initial values, options, settings, declarations and warnings of the form for this record and actor. */
  load?(context: LoaderContext<Rec, Rel>): Promise<FormDataExtras>;
  /** Does the work inside the action's transaction; answers the result (default: context of the record). */
  handle(context: HandlerContext<Rec, Rel, ActionValues<Def>>): Promise<ActionResult | undefined>;
}

/** The policy rule of every action on a record of one kind, by action id: a missing or extra id is a compile error. */
export type RecordPolicies<Defs extends readonly AnyActionDefinition[], Rec, Rel extends string> = {
  [Def in Defs[number] as Def['id']]: PolicyRule<Rec, Rel>;
};

/** The handler of every action on a record of one kind, by action id: a missing or extra id is a compile error. */
export type RecordHandlers<Defs extends readonly AnyActionDefinition[], Rec, Rel extends string> = {
  [Def in Defs[number] as Def['id']]: RecordActionHandler<Def, Rec, Rel>;
};

/** What a create action's form loader receives. */
export interface CreateLoaderContext {
  deps: AppDeps;
  db: Queryable;
  actor: Actor;
}

/** A policy rule of a create action: who may add records to the collection. */
export type CreatePolicyRule = (actor: Actor) => PolicyDecision;

/** The handler half of a create action on a collection. */
export interface CreateActionHandler<Def extends AnyActionDefinition> {
  load?(context: CreateLoaderContext): Promise<FormDataExtras>;
  /** Creates the record in the transaction and answers its id (and optionally a result). */
  handle(context: HandlerContextBase<ActionValues<Def>>): Promise<{ id: string; result?: ActionResult }>;
}

/** The policy rule of every create action of one collection, by action id. */
export type CreatePolicies<Defs extends readonly AnyActionDefinition[]> = {
  [Def in Defs[number] as Def['id']]: CreatePolicyRule;
};

/** The handler of every create action of one collection, by action id. */
export type CreateHandlers<Defs extends readonly AnyActionDefinition[]> = {
  [Def in Defs[number] as Def['id']]: CreateActionHandler<Def>;
};
