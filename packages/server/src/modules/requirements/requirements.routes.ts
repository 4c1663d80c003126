import {
  CREDIT_REQUIREMENT_STATUSES,
  CREDIT_REQUIREMENT_TYPES,
  CREDIT_TYPE_LABELS,
  CREDIT_TYPES,
  formatIsoDate,
  queryFlag,
  REGISTRY_REQUIREMENT_STATUSES,
  REQUIREMENT_SORT_KEYS,
  type RequirementListItem,
} from '@curlew/domain';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { containsPattern, listQuerySchema } from '../../platform/actions/paging.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import type { Actor } from '../../platform/actions/types.ts';
import { csvField } from '../../platform/csv.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { listOwnerFiles } from '../files/files.repo.ts';
import { requirementOutcome } from '../match/outcome.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { requirementActions } from './requirements.actions.ts';
import { requirementKind } from './requirements.kind.ts';
import { presentRequirement, presentRequirementListItem } from './requirements.present.ts';
import { creditsOf, findBid, requirementInScope, selectRequirementsFor } from './requirements.repo.ts';
import { requirementScope, seesBid } from './requirements.scope.ts';
import { creditRequirements } from './requirements.tables.ts';

const listQuery = listQuerySchema(REQUIREMENT_SORT_KEYS, 'createdAt').extend({
  roundId: z.uuid().optional(),
  status: z.enum(CREDIT_REQUIREMENT_STATUSES).optional(),
  type: z.enum(CREDIT_REQUIREMENT_TYPES).optional(),
  creditType: z.enum(CREDIT_TYPES).optional(),
  lpaId: z.uuid().optional(),
  /** The registry: requirements from RightsCreated on. */
  registry: queryFlag,
  /** Requirements past their redemption date and not redeemed. */
  lateRedemptions: queryFlag,
  format: z.enum(['json', 'csv']).optional(),
});

type RequirementListQuery = z.infer<typeof listQuery>;

const SORT_COLUMNS = {
  name: creditRequirements.name,
  status: creditRequirements.status,
  type: creditRequirements.type,
  buyer: creditRequirements.buyerName,
  round: marketRounds.name,
  createdAt: creditRequirements.createdAt,
} as const;

/** Past the redemption date on `today` and not redeemed or retired (the late-redemption registry). */
const lateOn = (today: string): SQL =>
  sql`${creditRequirements.redemptionDate} < ${today} and ${creditRequirements.status} not in ('Draft', 'CreditsRedeemed', 'Retired')`;

/** The list's filters as one condition (every one on the requirements table, so the count needs no join). */
const filtersOf = (query: RequirementListQuery, today: string): SQL | undefined =>
  and(
    query.registry === true
      ? inArray(creditRequirements.status, [...REGISTRY_REQUIREMENT_STATUSES])
      : undefined,
    query.lateRedemptions === true ? lateOn(today) : undefined,
    query.q === undefined
      ? undefined
      : or(
          ilike(creditRequirements.name, containsPattern(query.q)),
          ilike(creditRequirements.planningRef, containsPattern(query.q)),
        ),
    query.roundId === undefined ? undefined : eq(creditRequirements.marketRoundId, query.roundId),
    query.status === undefined ? undefined : eq(creditRequirements.status, query.status),
    query.type === undefined ? undefined : eq(creditRequirements.type, query.type),
    query.creditType === undefined
      ? undefined
      : sql`${creditRequirements.creditTypes} @> array[${query.creditType}]::text[]`,
    query.lpaId === undefined ? undefined : eq(creditRequirements.lpaId, query.lpaId),
  );

const orderOf = (query: RequirementListQuery) => [
  (query.order === 'desc' ? desc : asc)(SORT_COLUMNS[query.sort]),
  asc(creditRequirements.id),
];

type PageSlice = { limit: number; offset: number };

/** The page's ids on the requirements table alone, joined only to what the sort names. */
async function sortedPage(
  db: Queryable,
  query: RequirementListQuery,
  where: SQL | undefined,
  slice: PageSlice,
): Promise<string[]> {
  const base = db.select({ id: creditRequirements.id }).from(creditRequirements).$dynamic();
  // The buyer's name is kept on the requirement (indexed with the id), so only a round sort joins.
  const joined =
    query.sort === 'round'
      ? base.leftJoin(marketRounds, eq(marketRounds.id, creditRequirements.marketRoundId))
      : base;
  const ordered = joined.where(where).orderBy(...orderOf(query));
  const page = await ordered.limit(slice.limit).offset(slice.offset);
  return page.map((row) => row.id);
}

/**
 * The page's ids of a text search: the matches first (the trigram indexes find them; the subquery's OFFSET 0 keeps
 * the planner from walking the sort's index past every row that does not match instead), then sorted.
 */
async function searchedPage(
  db: Queryable,
  query: RequirementListQuery,
  where: SQL | undefined,
  slice: PageSlice,
): Promise<string[]> {
  // A round sort needs the rounds joined: `sortedPage` serves it.
  const key = SORT_COLUMNS[query.sort === 'round' ? 'name' : query.sort];
  const matched = db
    .select({ id: creditRequirements.id, key: sql`${key}`.as('sort_key') })
    .from(creditRequirements)
    .where(where)
    .offset(0)
    .as('matched');
  const page = await db
    .select({ id: matched.id })
    .from(matched)
    .orderBy((query.order === 'desc' ? desc : asc)(matched.key), asc(matched.id))
    .limit(slice.limit)
    .offset(slice.offset);
  return page.map((row) => row.id);
}

/**
 * The rows of the list in the actor's scope, filtered and sorted; one page unless `slice` is absent. The page's ids
 * are chosen on the requirements table alone (joined only to what the sort names), then read with their names.
 */
async function listRows(
  db: Queryable,
  actor: Actor,
  query: RequirementListQuery,
  today: string,
  slice?: PageSlice,
): Promise<RequirementListItem[]> {
  if (slice === undefined) {
    // Every matching row (CSV): one scoped, joined select in the list's order.
    const rows = await selectRequirementsFor(db, actor, filtersOf(query, today)).orderBy(...orderOf(query));
    return rows.flatMap((row) => {
      const found = requirementInScope(row);
      return found === null ? [] : [presentRequirementListItem(found.record)];
    });
  }
  const where = and(requirementScope(actor).where, filtersOf(query, today));
  const ids =
    query.q !== undefined && query.sort !== 'round'
      ? await searchedPage(db, query, where, slice)
      : await sortedPage(db, query, where, slice);
  if (ids.length === 0) return [];
  const rows = await selectRequirementsFor(db, actor, inArray(creditRequirements.id, ids));
  const byId = new Map(
    rows.flatMap((row) => {
      const found = requirementInScope(row);
      return found === null ? [] : [[found.record.id, presentRequirementListItem(found.record)] as const];
    }),
  );
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item === undefined ? [] : [item];
  });
}

const CSV_HEADERS = [
  'Name',
  'Type',
  'Status',
  'Buyer or investor',
  'Agent',
  'Market',
  'Market round',
  'Credit types',
  'Units',
  'Local planning authority',
  'Planning reference',
  'Redemption date',
  'Group',
  'Created',
] as const;

/** The list as CSV (never a bid: list rows carry none). */
export const requirementsCsv = (items: readonly RequirementListItem[]): string => {
  const lines = [
    CSV_HEADERS.join(','),
    ...items.map((item) =>
      [
        item.name,
        item.type,
        item.status,
        item.buyer.name,
        item.agent?.name ?? null,
        item.market?.name ?? null,
        item.round?.name ?? null,
        item.creditTypes.map((type) => CREDIT_TYPE_LABELS[type]).join('; '),
        item.units,
        item.lpa?.name ?? null,
        item.planningRef,
        item.redemptionDate,
        item.group?.name ?? null,
        item.createdAt,
      ]
        .map(csvField)
        .join(','),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
};

/**
 * `GET /api/requirements` (q, roundId, status, type, creditType, lpaId, registry, lateRedemptions, sort, order, page, pageSize; `format=csv`
 * for every matching row as CSV) and `GET /api/requirement/{id}`, scoped; the bid only for those who may see it.
 */
export async function registerRequirementRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/requirements', async (request, reply) => {
    const { actor, deps } = await runnerCall(request);
    const query = listQuery.parse(request.query);
    const today = formatIsoDate(deps.clock());
    if (query.format === 'csv') {
      const items = await listRows(deps.db, actor, query, today);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="credit-requirements.csv"')
        .send(requirementsCsv(items));
    }
    const items = await listRows(deps.db, actor, query, today, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    const [total] = await deps.db
      .select({ value: count() })
      .from(creditRequirements)
      .where(and(requirementScope(actor).where, filtersOf(query, today)));
    return {
      items,
      total: total?.value ?? 0,
      page: query.page,
      pageSize: query.pageSize,
      actions: requirementActions.collectionActionsFor(actor),
    };
  });

  app.get<{ Params: { id: string } }>('/api/requirement/:id', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const found = await requirementKind.loadFor(deps.db, actor, request.params.id);
    if (found === undefined) throw notFoundInScope(requirementKind.noun);
    const { record, access } = found;
    // An LPA reads only: it is offered no action, as on projects.
    const actions =
      access.relation === 'lpa'
        ? []
        : await requirementActions.actionsFor(deps, { actor, record, ...access });
    const credits = (await creditsOf(deps.db, [record.id])).get(record.id) ?? [];
    const files = await listOwnerFiles(deps.db, { ownerType: 'requirement', ownerId: record.id });
    const bid = seesBid(access) ? ((await findBid(deps.db, record.id)) ?? null) : undefined;
    const presented = presentRequirement(record, {
      credits,
      documents: files.map((file) => ({
        tag: file.tag,
        fileId: file.id,
        name: file.filename,
        uploadedAt: file.uploadedAt,
      })),
      bid,
      actions,
      now: deps.clock(),
      checklist: access.relation !== 'lpa',
    });
    if (seesBid(access)) presented.outcome = await requirementOutcome(deps.db, record);
    return presented;
  });
}
