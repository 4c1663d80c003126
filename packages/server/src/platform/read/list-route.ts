import type { EntityAction, ListQuery } from '@curlew/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { runnerCall } from '../actions/routes.ts';
import type { Actor } from '../actions/types.ts';
import { sendFile } from '../send-file.ts';
import { type ArrayListSpec, arrayExportItems, arrayListItems } from './array-list.ts';
import type { RouteAccess, RouteDescription } from './describe.ts';
import { csvStream, EXPORT_CONTENT_TYPES, EXPORT_FORMATS, xlsxStream } from './export.ts';
import { exportItems, type ListContext, type ListSpec, listItems } from './list.ts';

/** The `format` of a list query: the JSON page (default) or an export of every matching row up to the cap. */
const formatQuery = z.object({ format: z.enum(['json', ...EXPORT_FORMATS]).default('json') });

/** What a list's description needs besides its query and export: its item type, and who may call it. */
interface ListDescription {
  itemType: string;
  item?: z.ZodType;
  /** Whether the page carries the collection's create actions (`actions`) when the entity has any; true when absent. */
  collectionActions?: boolean;
  /** Who may call the list, when fewer than every signed-in user (the reader's scope decides the rest). */
  access?: RouteAccess;
}

/** A declared list with the name of its item type (and its schema where the domain has one), for its description. */
export type DescribedList<Query extends ListQuery, Row, Item extends { id: string }> = ListSpec<
  Query,
  Row,
  Item
> &
  ListDescription;

/** A declared list worked out in memory, described. */
export type DescribedArrayList<Query extends ListQuery, Item> = ArrayListSpec<Query, Item> & ListDescription;

/** Any declared list: on a table (ids first), or worked out in memory from an array. */
export type DeclaredList<Query extends ListQuery, Item> =
  | ListSpec<Query, unknown, Item & { id: string }>
  | ArrayListSpec<Query, Item>;

const inMemory = <Query extends ListQuery, Item>(
  list: DeclaredList<Query, Item>,
): list is ArrayListSpec<Query, Item> => 'source' in list;

/**
 * Serves `GET /api/{collection}` from a declared list: the page (ids first, or sliced from the in-memory list)
 * with, when `createActions` is given, the collection's create actions for the reader; `format=csv|xlsx` exports the
 * same filtered, scoped list, capped and formula-guarded.
 */
export function registerListRoute<Query extends ListQuery, Item>(
  app: FastifyInstance,
  collection: string,
  list: DeclaredList<Query, Item>,
  createActions?: (actor: Actor) => EntityAction[],
): void {
  app.get(`/api/${collection}`, async (request, reply) => {
    const { actor, deps } = await runnerCall(request);
    // A list under a record takes the record's id from its path (`:organisationId`) as one of its filters.
    const given = { ...(request.query as object), ...(request.params as object) };
    const query = list.query.parse(given);
    const { format } = formatQuery.parse(given);
    const context: ListContext = { db: deps.db, actor, now: deps.clock() };
    await list.guard?.(query, context);
    if (format !== 'json') {
      const { chunks, cutAt } = inMemory(list)
        ? await arrayExportItems(list, query, context)
        : await exportItems(list, query, context);
      const { columns, filename, sheet } = list.export;
      return sendFile(reply, {
        filename: `${filename}.${format}`,
        contentType: EXPORT_CONTENT_TYPES[format],
        body:
          format === 'csv' ? csvStream(columns, chunks, cutAt) : xlsxStream(sheet, columns, chunks, cutAt),
      });
    }
    const { items, total } = inMemory(list)
      ? await arrayListItems(list, query, context)
      : await listItems(list, query, context);
    const page = { items, total, page: query.page, pageSize: query.pageSize };
    return createActions === undefined ? page : { ...page, actions: createActions(actor) };
  });
}

/** The schema of a path's `:param` segments, each a string. */
const pathParams = (path: string): z.ZodType =>
  z.object(
    Object.fromEntries(
      path
        .split('/')
        .filter((segment) => segment.startsWith(':'))
        .map((segment) => [segment.slice(1), z.string()]),
    ),
  );

/** The description of a list route (`createActions`: whether its answer carries the collection's create actions). */
export function describeListRoute(
  collection: string,
  list: ListDescription & { query: z.ZodType; export: { maxRows: number } },
  createActions: boolean,
): RouteDescription {
  return {
    method: 'GET',
    url: `/api/${collection}`,
    ...(list.access === undefined ? {} : { access: list.access }),
    ...(collection.includes('/:') ? { params: pathParams(collection) } : {}),
    summary: `A page of ${collection} in the reader's scope (filtered, searched, sorted)${createActions ? " with the collection's create actions" : ''}, or with format=csv|xlsx every matching row up to ${list.export.maxRows.toLocaleString('en-GB')} (a last row says when the cap cut it)`,
    query: z.intersection(list.query, formatQuery),
    ...(list.item === undefined ? {} : { answer: list.item }),
    answerType: createActions
      ? `Page<${list.itemType}> & { actions: EntityAction[] }`
      : `Page<${list.itemType}>`,
    produces: ['application/json', ...EXPORT_FORMATS.map((format) => EXPORT_CONTENT_TYPES[format])],
  };
}
