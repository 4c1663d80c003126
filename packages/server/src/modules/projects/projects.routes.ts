import {
  CREDIT_TYPES,
  PROJECT_SORT_KEYS,
  PROJECT_STATUSES,
  queryFlag,
  REGISTRY_PROJECT_STATUSES,
} from '@curlew/domain';
import { and, arrayContains, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { containsPattern, listOrder, listPage, listQuerySchema } from '../../platform/actions/paging.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import { projectOutcome } from '../match/outcome.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { projectActions } from './projects.actions.ts';
import { projectsCsv } from './projects.csv.ts';
import { projectKind } from './projects.kind.ts';
import { presentProject, presentProjectListItem, seesOffer } from './projects.present.ts';
import { projectInScope, selectProjectsFor, supplierOrganisations } from './projects.repo.ts';
import { projectScope } from './projects.scope.ts';
import { projects } from './projects.tables.ts';

/** The query of `GET /api/projects`: search, filters, sort and page, or `format=csv` for every matching row. */
export const projectListQuery = listQuerySchema(PROJECT_SORT_KEYS, 'name').extend({
  roundId: z.uuid().optional(),
  status: z.enum(PROJECT_STATUSES).optional(),
  typeId: z.uuid().optional(),
  creditType: z.enum(CREDIT_TYPES).optional(),
  lpaId: z.uuid().optional(),
  supplierId: z.uuid().optional(),
  /** The registry: projects from Matched on. */
  registry: queryFlag,
  /** Projects whose latest compliance check failed. */
  nonCompliant: queryFlag,
  format: z.enum(['json', 'csv']).default('json'),
});

const SORT_COLUMNS = {
  name: projects.name,
  status: projects.status,
  supplier: supplierOrganisations.name,
  round: marketRounds.name,
  createdAt: projects.createdAt,
} as const;

/** A project whose latest compliance monitoring check failed (the non-compliant registry). */
const nonCompliant = sql`(select o->>'outcome' from jsonb_array_elements(${projects.outcomes}) with ordinality as e(o, n) where o->>'kind' = 'compliance' order by n desc limit 1) = 'Fail'`;

/** The most rows one CSV export answers. */
export const CSV_MAX_ROWS = 100_000;

/**
 * `GET /api/projects` (q, roundId, status, typeId, creditType, lpaId, supplierId, registry, nonCompliant; sort by PROJECT_SORT_KEYS; paged;
 * `format=csv` answers every matching row as CSV) with the collection's create `actions`, and `GET /api/project/{id}`;
 * both scoped to what the reader may see (404 outside it). No list or CSV row carries an offer or a cost.
 */
export async function registerProjectRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/projects', async (request, reply) => {
    const { actor, deps } = await runnerCall(request);
    const query = projectListQuery.parse(request.query);
    const where = and(
      query.q === undefined ? undefined : ilike(projects.name, containsPattern(query.q)),
      query.roundId === undefined ? undefined : eq(projects.marketRoundId, query.roundId),
      query.status === undefined ? undefined : eq(projects.status, query.status),
      query.typeId === undefined ? undefined : eq(projects.typeId, query.typeId),
      query.creditType === undefined ? undefined : arrayContains(projects.serviceTypes, [query.creditType]),
      query.lpaId === undefined ? undefined : eq(projects.lpaId, query.lpaId),
      query.supplierId === undefined ? undefined : eq(projects.supplierId, query.supplierId),
      query.registry === true ? inArray(projects.status, [...REGISTRY_PROJECT_STATUSES]) : undefined,
      query.nonCompliant === true ? nonCompliant : undefined,
    );
    const order = listOrder(SORT_COLUMNS, query, projects.id);
    const present = (rows: Awaited<ReturnType<ReturnType<typeof selectProjectsFor>['orderBy']>>) =>
      rows.flatMap((row) => {
        const found = projectInScope(row);
        return found === null ? [] : [presentProjectListItem(found.record)];
      });
    if (query.format === 'csv') {
      const rows = await selectProjectsFor(deps.db, actor, where)
        .orderBy(...order)
        .limit(CSV_MAX_ROWS);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="projects.csv"')
        .send(projectsCsv(present(rows)));
    }
    const page = await listPage(
      query,
      {
        rows: ({ limit, offset }) =>
          selectProjectsFor(deps.db, actor, where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        total: async () => {
          const [row] = await deps.db
            .select({ value: count() })
            .from(projects)
            .where(and(projectScope(actor).where, where));
          return row?.value ?? 0;
        },
      },
      present,
    );
    return { ...page, actions: projectActions.collectionActionsFor(actor) };
  });

  app.get<{ Params: { id: string } }>('/api/project/:id', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const found = await projectKind.loadFor(deps.db, actor, request.params.id);
    if (found === undefined) throw notFoundInScope(projectKind.noun);
    const actions =
      found.access.relation === 'lpa'
        ? []
        : await projectActions.actionsFor(deps, { actor, record: found.record, ...found.access });
    const project = await presentProject(deps.db, found.record, found.access, actions);
    if (seesOffer(found.access)) project.outcome = await projectOutcome(deps.db, found.record);
    return project;
  });
}
