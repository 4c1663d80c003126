import type { EntityAction, ListQuery } from '@curlew/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isRecordId } from '../actions/ids.ts';
import { runnerCall } from '../actions/routes.ts';
import type { EntityActionRegistration, EntityActions } from '../actions/runner.ts';
import { notFoundInScope } from '../actions/status.ts';
import type { Access, Actor } from '../actions/types.ts';
import type { Queryable } from '../db/connect.ts';
import type { AppDeps } from '../deps.ts';
import type { AppModule } from '../module.ts';
import type { RouteDescription } from './describe.ts';
import {
  type DescribedArrayList,
  type DescribedList,
  describeListRoute,
  registerListRoute,
} from './list-route.ts';

/** What a record presenter receives: the record, the reader's access to it and the actions offered them. */
export interface RecordRead<Rec, Rel extends string> {
  deps: AppDeps;
  db: Queryable;
  actor: Actor;
  record: Rec;
  access: Access<Rel>;
  actions: EntityAction[];
}

/** A record's answer for one reader relation: the sealed fields that relation may not see are left out here. */
export type RecordPresenter<Rec, Rel extends string, Answer> = (
  read: RecordRead<Rec, Rel>,
) => Promise<Answer>;

/** The record route's declaration: one presenter per reader relation (a missing relation is a compile error). */
export interface RecordSpec<Rec, Rel extends string, Answer> {
  /** Relations that only read: they are offered no action. */
  readOnly?: readonly Rel[];
  present: { readonly [R in Rel]: RecordPresenter<Rec, Rel, Answer> };
  /** The name of the domain type answered, for the route description. */
  answerType: string;
  answer?: z.ZodType;
}

/** The read model of an entity: its record route and its list with exports. */
export interface ReadModel<
  Rec,
  Rel extends string,
  Answer,
  Query extends ListQuery,
  Row,
  Item extends { id: string },
> {
  record: RecordSpec<Rec, Rel, Answer>;
  list: DescribedList<Query, Row, Item>;
}

/**
 * Another entity a module serves, read only as records (it has no list of its own): its actions and its record
 * route, paired by `entityRecord` so the presenters fit the entity.
 */
interface EntityRecordRead {
  registration: EntityActionRegistration;
  routes(app: FastifyInstance): Promise<void>;
  description: RouteDescription;
}

/** An entity module: the app module's parts, its entity's actions and its read model. */
interface EntityModuleDefinition<
  Rec,
  Rel extends string,
  Answer,
  Query extends ListQuery,
  Row,
  Item extends { id: string },
> extends Omit<AppModule, 'actions' | 'routeDescriptions'> {
  /** The entity's actions (their kind gives the entity, collection, noun and the scoped record load). */
  entity: EntityActions<Rec, Rel>;
  /** Other entities' actions the module serves (none for most). */
  actions?: AppModule['actions'];
  read: ReadModel<Rec, Rel, Answer, Query, Row, Item>;
  /** Other entities the module serves with a record route and no list (`entityRecord`); their actions are served too. */
  records?: readonly EntityRecordRead[];
  /** Lists and records of the module that are no entity's own (a round's declarations): `listRoute`, `recordRoute`. */
  reads?: readonly ReadRoute[];
  /** Only what is genuinely special (a certificate, a PDF): every other read route comes from `read` and `reads`. */
  routes?(app: FastifyInstance): Promise<void>;
}

const idParams = z.object({ id: z.string() });

/** The descriptions of the routes a read model generates. */
function describeReadRoutes(
  entity: string,
  collection: string,
  read: ReadModel<never, string, unknown, ListQuery, unknown, { id: string }>,
  createActions = true,
): RouteDescription[] {
  return [describeListRoute(collection, read.list, createActions), describeRecordRoute(entity, read.record)];
}

/** The description of a record route. */
function describeRecordRoute(entity: string, record: RecordSpec<never, string, unknown>): RouteDescription {
  return {
    method: 'GET',
    url: `/api/${entity}/:id`,
    summary: `One ${entity} for the reader (404 outside their scope), with the actions offered them`,
    params: idParams,
    ...(record.answer === undefined ? {} : { answer: record.answer }),
    answerType: record.answerType,
    produces: ['application/json'],
  };
}

/**
 * A record read route that is not an entity's own (an activity entry, a reserved credit, a credit's trace): how to
 * load one in the reader's scope and how to present it. `GET /api/{path}/:id` answers 404 for an id that cannot be
 * a record, one that does not exist and one outside the reader's scope alike.
 */
export interface ScopedRecord<Rec, Answer> {
  /** The path's collection segment(s): the route is `GET /api/{path}/:id`. */
  path: string;
  /** The record's noun in the 404's sentence ('This {noun} does not exist or you cannot see it'). */
  noun: string;
  /** The 404 answered instead, where the record has its own sentence (reference data no longer in use). */
  notFound?: () => Error;
  /** The record when it exists and the reader may see it (undefined: 404); `query` is the request's query. */
  load(read: { deps: AppDeps; actor: Actor; query: unknown }, id: string): Promise<Rec | undefined>;
  present(read: { deps: AppDeps; actor: Actor; record: Rec }): Answer | Promise<Answer>;
  /** The name of the domain type answered, for the route description. */
  answerType: string;
  answer?: z.ZodType;
  /** The query it reads besides the id, for the description. */
  query?: z.ZodType;
  summary?: string;
}

/**
 * The scoped record a request's `:id` names (the session, the id checked, the scoped load): 404 outside the scope.
 * A route serving the record another way (a file's download) loads it through this too.
 */
export async function loadScopedRecord<Rec>(
  spec: Pick<ScopedRecord<Rec, unknown>, 'load' | 'noun' | 'notFound'>,
  request: FastifyRequest<{ Params: { id: string } }>,
): Promise<{ deps: AppDeps; actor: Actor; record: Rec }> {
  const { actor, deps } = await runnerCall(request);
  const { id } = request.params;
  const record = isRecordId(id) ? await spec.load({ deps, actor, query: request.query }, id) : undefined;
  if (record === undefined) throw spec.notFound?.() ?? notFoundInScope(spec.noun);
  return { deps, actor, record };
}

/** Serves a scoped record: the id checked, the scoped load (404 outside the scope), the presenter. */
export function registerScopedRecord<Rec, Answer>(
  app: FastifyInstance,
  spec: ScopedRecord<Rec, Answer>,
): void {
  app.get<{ Params: { id: string } }>(`/api/${spec.path}/:id`, async (request) =>
    spec.present(await loadScopedRecord(spec, request)),
  );
}

/** The description of a scoped record's route. */
export function describeScopedRecord(spec: ScopedRecord<never, unknown>): RouteDescription {
  return {
    method: 'GET',
    url: `/api/${spec.path}/:id`,
    summary: spec.summary ?? `One ${spec.noun} for the reader (404 outside their scope)`,
    params: idParams,
    ...(spec.query === undefined ? {} : { query: spec.query }),
    ...(spec.answer === undefined ? {} : { answer: spec.answer }),
    answerType: spec.answerType,
    produces: ['application/json'],
  };
}

/** Serves `GET /api/{entity}/:id`: the scoped load (404 outside the scope), the actions, the reader's presenter. */
function registerRecordRoute<Rec, Rel extends string, Answer>(
  app: FastifyInstance,
  registration: EntityActions<Rec, Rel>,
  record: RecordSpec<Rec, Rel, Answer>,
): void {
  const { kind } = registration;
  const readOnly: readonly string[] = record.readOnly ?? [];
  registerScopedRecord(app, {
    path: kind.entity,
    noun: kind.noun,
    answerType: record.answerType,
    load: ({ deps, actor }, id) => kind.loadFor(deps.db, actor, id),
    present: async ({ deps, actor, record: found }) => {
      const { access } = found;
      const offered = readOnly.includes(access.relation)
        ? []
        : await registration.actionsFor(deps, { actor, record: found.record, ...access });
      return record.present[access.relation]({
        deps,
        db: deps.db,
        actor,
        record: found.record,
        access,
        actions: offered,
      });
    },
  });
}

/** Another entity of a module read only as records: its actions and `GET /api/{entity}/:id` from its presenters. */
export function entityRecord<Rec, Rel extends string, Answer>(
  registration: EntityActions<Rec, Rel>,
  record: RecordSpec<Rec, Rel, Answer>,
): EntityRecordRead {
  return {
    registration,
    routes: async (app) => registerRecordRoute(app, registration, record),
    description: describeRecordRoute(
      registration.kind.entity,
      record as unknown as RecordSpec<never, string, unknown>,
    ),
  };
}

/**
 * Declares an entity module: from its read model the platform serves `GET /api/{collection}` (one page, ids first,
 * with the collection's create actions; `format=csv|xlsx` exports the same filtered, scoped list, capped and
 * formula-guarded), `GET /api/{entity}/:id` (the scoped load, 404 outside the scope, the actions, the reader's
 * presenter), and describes both routes; the entity's actions get their generated action routes as before.
 */
export function defineEntityModule<
  Rec,
  Rel extends string,
  Answer,
  Query extends ListQuery,
  Row,
  Item extends { id: string },
>(definition: EntityModuleDefinition<Rec, Rel, Answer, Query, Row, Item>): AppModule {
  const { entity: registration, read, routes, actions, records = [], reads = [], ...module } = definition;
  const { kind } = registration;
  const { list, record } = read;
  const carriesCreateActions = registration.createDefinitions.length > 0 && list.collectionActions !== false;

  async function registerReadRoutes(app: FastifyInstance): Promise<void> {
    registerListRoute(
      app,
      kind.collection,
      list,
      carriesCreateActions ? (actor) => registration.collectionActionsFor(actor) : undefined,
    );
    registerRecordRoute(app, registration, record);
    for (const other of records) await other.routes(app);
    for (const route of reads) route.register(app);
    if (routes) await routes(app);
  }

  return {
    ...module,
    actions: [registration, ...records.map((other) => other.registration), ...(actions ?? [])],
    routes: registerReadRoutes,
    routeDescriptions: [
      ...describeReadRoutes(
        kind.entity,
        kind.collection,
        read as unknown as ReadModel<never, string, unknown, ListQuery, unknown, { id: string }>,
        carriesCreateActions,
      ),
      ...records.map((other) => other.description),
      ...reads.map((route) => route.description),
    ],
  };
}

/** One read route of a module, served and described (a declared list or a scoped record). */
export interface ReadRoute {
  register(app: FastifyInstance): void;
  description: RouteDescription;
}

/**
 * A declared list that is no entity's collection (a record's activity, the credits registry, a round review's
 * unmatched projects) as a read route: on a table, or worked out in memory (`ArrayListSpec`).
 */
export const listRoute = <Query extends ListQuery, Item>(
  collection: string,
  list: DescribedList<Query, unknown, Item & { id: string }> | DescribedArrayList<Query, Item>,
): ReadRoute => ({
  register: (app) => registerListRoute(app, collection, list),
  description: describeListRoute(collection, list, false),
});

/** A scoped record as a read route. */
export const recordRoute = <Rec, Answer>(spec: ScopedRecord<Rec, Answer>): ReadRoute => ({
  register: (app) => registerScopedRecord(app, spec),
  description: describeScopedRecord(spec as unknown as ScopedRecord<never, unknown>),
});

/**
 * The read routes of a module with no entity of its own (activity, comments, the registry): its declared lists and
 * scoped records, served and described, then whatever special routes it has.
 */
export const readRoutes = (
  routes: readonly ReadRoute[],
  special?: (app: FastifyInstance) => Promise<void>,
): Required<Pick<AppModule, 'routes' | 'routeDescriptions'>> => ({
  routes: async (app) => {
    for (const route of routes) route.register(app);
    if (special) await special(app);
  },
  routeDescriptions: routes.map((route) => route.description),
});
