import type {
  ActionFormData,
  ActionResult,
  AnyActionDefinition,
  EntityAction,
  FormValues,
} from '@curlew/domain';
import type { AppDeps } from '../deps.ts';
import type { RunnerCall } from './run-context.ts';
import type { Submission } from './submission.ts';
import type {
  Actor,
  CreateHandlers,
  CreatePolicies,
  EntityKind,
  RecordGuards,
  RecordHandlers,
  RecordPolicies,
  Subject,
} from './types.ts';

/** The untyped face of an entity's actions that the routes and the registry tests use. */
export interface EntityActionRegistration {
  entity: string;
  collection: string;
  definitions: readonly AnyActionDefinition[];
  createDefinitions: readonly AnyActionDefinition[];
  /** The policy rule and handler registered for an action id (record or create); undefined parts are missing. */
  implementationOf(actionId: string): { policy: unknown; handler: unknown };
  formData(call: RunnerCall, id: string, actionId: string): Promise<ActionFormData>;
  /**
   * Every check of a submission that needs no values (scope 404, policy 403, lifecycle 409, guard 409), made before
   * a multipart body is read; answers the action's File fields.
   */
  authorise(call: RunnerCall, id: string, actionId: string): Promise<readonly string[]>;
  /** The same for a create action (without an id: any create action the actor may run); answers its File fields. */
  authoriseCreate(call: RunnerCall, actionId: string | undefined): Promise<readonly string[]>;
  submit(call: RunnerCall, id: string, actionId: string, submission: Submission): Promise<ActionResult>;
  createFormData(call: RunnerCall, actionId: string): Promise<ActionFormData>;
  /** Runs a create action; without an id the collection's `pick` chooses one from the values. */
  create(call: RunnerCall, actionId: string | undefined, submission: Submission): Promise<ActionResult>;
}

/** An entity's actions with its record type: what its module uses to list actions on its responses. */
export interface EntityActions<Rec, Rel extends string> extends EntityActionRegistration {
  kind: EntityKind<Rec, Rel>;
  /**
   * `actions: [{ id, title, enabled, reason? }]` of a record for the actor (applicable actions only), with the
   * same reasons a submission would be refused with (policy, lifecycle, guard).
   */
  actionsFor(deps: Pick<AppDeps, 'db' | 'clock'>, subject: Subject<Rec, Rel>): Promise<EntityAction[]>;
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
  /** When each action may run (other records, dates, windows); actions without a guard have no condition. */
  guards?: RecordGuards<Defs, Rec, Rel>;
  handlers: RecordHandlers<Defs, Rec, Rel>;
  create?: {
    definitions: CreateDefs;
    policies: CreatePolicies<CreateDefs>;
    handlers: CreateHandlers<CreateDefs>;
    /** Which create action a POST to the bare collection means; default: the only one. */
    pick?(values: FormValues): CreateDefs[number]['id'] | undefined;
  };
}
