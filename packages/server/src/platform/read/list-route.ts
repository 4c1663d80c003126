import type { EntityAction, ListQuery } from '@curlew/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { runnerCall } from '../actions/routes.ts';
import type { Actor } from '../actions/types.ts';
import { sendFile } from '../send-file.ts';
import type { RouteDescription } from './describe.ts';
import { csvStream, EXPORT_CONTENT_TYPES, EXPORT_FORMATS, xlsxStream } from './export.ts';
import { exportItems, type ListContext, type ListSpec, listItems } from './list.ts';

/** The `format` of a list query: the JSON page (default) or an export of every matching row up to the cap. */
const formatQuery = z.object({ format: z.enum(['json', ...EXPORT_FORMATS]).default('json') });

/** A declared list with the name of its item type (and its schema where the domain has one), for its description. */
export type DescribedList<Query extends ListQuery, Row, Item extends { id: string }> = ListSpec<
  Query,
  Row,
  Item
> & {
  itemType: string;
  item?: z.ZodType;
  /** Whether the page carries the collection's create actions (`actions`) when the entity has any; true when absent. */
  collectionActions?: boolean;
};

/**
 * Serves `GET /api/{collection}` from a declared list: the page (ids first) with, when `createActions` is given,
 * the collection's create actions for the reader; `format=csv|xlsx` exports the same filtered, scoped list, capped
 * and formula-guarded.
 */
export function registerListRoute<Query extends ListQuery, Row, Item extends { id: string }>(
  app: FastifyInstance,
  collection: string,
  list: ListSpec<Query, Row, Item>,
  createActions?: (actor: Actor) => EntityAction[],
): void {
  app.get(`/api/${collection}`, async (request, reply) => {
    const { actor, deps } = await runnerCall(request);
    const query = list.query.parse(request.query);
    const { format } = formatQuery.parse(request.query);
    const context: ListContext = { db: deps.db, actor, now: deps.clock() };
    if (format !== 'json') {
      const chunks = await exportItems(list, query, context);
      const { columns, filename, sheet } = list.export;
      return sendFile(reply, {
        filename: `${filename}.${format}`,
        contentType: EXPORT_CONTENT_TYPES[format],
        body: format === 'csv' ? csvStream(columns, chunks) : xlsxStream(sheet, columns, chunks),
      });
    }
    const { items, total } = await listItems(list, query, context);
    const page = { items, total, page: query.page, pageSize: query.pageSize };
    return createActions === undefined ? page : { ...page, actions: createActions(actor) };
  });
}

/** The description of a list route (`createActions`: whether its answer carries the collection's create actions). */
export function describeListRoute(
  collection: string,
  list: DescribedList<ListQuery, unknown, { id: string }>,
  createActions: boolean,
): RouteDescription {
  return {
    method: 'GET',
    url: `/api/${collection}`,
    summary: `A page of ${collection} in the reader's scope (filtered, searched, sorted)${createActions ? " with the collection's create actions" : ''}, or with format=csv|xlsx every matching row up to ${list.export.maxRows.toLocaleString('en-GB')}`,
    query: z.intersection(list.query, formatQuery),
    ...(list.item === undefined ? {} : { answer: list.item }),
    answerType: createActions
      ? `Page<${list.itemType}> & { actions: EntityAction[] }`
      : `Page<${list.itemType}>`,
    produces: ['application/json', ...EXPORT_FORMATS.map((format) => EXPORT_CONTENT_TYPES[format])],
  };
}
