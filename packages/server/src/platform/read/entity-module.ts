import type { EntityAction, ListQuery } from '@curlew/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { runnerCall } from '../actions/routes.ts';
import type { EntityActionRegistration, EntityActions } from '../actions/runner.ts';
import { notFoundInScope } from '../actions/status.ts';
import type { Access, Actor } from '../actions/types.ts';
import type { Queryable } from '../db/connect.ts';
import type { AppDeps } from '../deps.ts';
import type { AppModule } from '../module.ts';
import type { RouteDescription } from './describe.ts';
import { type DescribedList, describeListRoute, registerListRoute } from './list-route.ts';

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
  /** Only what is genuinely special (a certificate, a PDF): every other read route comes from `read`. */
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

/** Serves `GET /api/{entity}/:id`: the scoped load (404 outside the scope), the actions, the reader's presenter. */
function registerRecordRoute<Rec, Rel extends string, Answer>(
  app: FastifyInstance,
  registration: EntityActions<Rec, Rel>,
  record: RecordSpec<Rec, Rel, Answer>,
): void {
  const { kind } = registration;
  const readOnly: readonly string[] = record.readOnly ?? [];
  app.get<{ Params: { id: string } }>(`/api/${kind.entity}/:id`, async (request) => {
    const { actor, deps } = await runnerCall(request);
    const found = await kind.loadFor(deps.db, actor, request.params.id);
    if (found === undefined) throw notFoundInScope(kind.noun);
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
  const { entity: registration, read, routes, actions, records = [], ...module } = definition;
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
    ],
  };
}
