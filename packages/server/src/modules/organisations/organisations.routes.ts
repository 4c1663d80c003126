import { ORGANISATION_SORT_KEYS, type Organisation, organisationTypeSchema } from '@curlew/domain';
import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { containsPattern, listQuerySchema, type Page } from '../../platform/actions/paging.ts';
import { isOperator } from '../../platform/actions/policy.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import { organisationScopeCondition, visibleOrganisationIds } from '../../platform/actions/scope.ts';
import type { Actor } from '../../platform/actions/types.ts';
import { AppError } from '../../platform/errors.ts';
import { organisationActions } from './organisations.actions.ts';
import {
  type OrganisationRelation,
  type OrganisationRow,
  organisationKind,
  presentOrganisation,
} from './organisations.kind.ts';
import { organisations } from './organisations.tables.ts';
import { userActions } from './users.actions.ts';
import { listOrganisationUsers, presentOrganisationUser, userKind } from './users.kind.ts';

const organisationListQuery = listQuerySchema(ORGANISATION_SORT_KEYS, 'name').extend({
  type: organisationTypeSchema.optional(),
});

const SORT_COLUMNS = {
  name: organisations.name,
  type: organisations.type,
  createdAt: organisations.createdAt,
} as const satisfies Record<(typeof ORGANISATION_SORT_KEYS)[number], unknown>;

/** The relation of a listed organisation, known from the scope without another query. */
const listedRelation = (actor: Actor, row: OrganisationRow): OrganisationRelation => {
  if (isOperator(actor)) return 'operator';
  return row.id === actor.organisationId ? 'member' : 'agent';
};

/** A record of `/organisation/{id}` and the actor's relation to it; 404 when missing or out of scope. */
async function organisationInScope(app: FastifyInstance, actor: Actor, id: string) {
  const { db } = app.deps;
  const record = await organisationKind.load(db, id);
  const relation = record === undefined ? null : await organisationKind.relate(db, actor, record);
  if (record === undefined || relation === null) throw new AppError('not_found', `No organisation ${id}`);
  return { actor, record, relation };
}

/**
 * `GET /api/organisations` (type, q, sort, order, page, pageSize; scoped), `GET /api/organisation/{id}` and
 * `GET /api/organisation/{id}/users` (operator and members).
 */
export async function registerOrganisationRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/organisations', async (request): Promise<Page<Organisation> & { actions: unknown }> => {
    const { actor, deps } = await runnerCall(request);
    const query = organisationListQuery.parse(request.query);
    const visible = await visibleOrganisationIds(deps.db, actor);
    const where = and(
      organisationScopeCondition(organisations.id, visible),
      query.type === undefined ? undefined : eq(organisations.type, query.type),
      query.q === undefined
        ? undefined
        : or(
            ilike(organisations.name, containsPattern(query.q)),
            ilike(organisations.email, containsPattern(query.q)),
          ),
    );
    const direction = query.order === 'desc' ? desc : asc;
    const rows = await deps.db
      .select()
      .from(organisations)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), asc(organisations.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const [total] = await deps.db.select({ value: count() }).from(organisations).where(where);
    return {
      items: rows.map((row) =>
        presentOrganisation(
          row,
          organisationActions.actionsFor({ actor, record: row, relation: listedRelation(actor, row) }),
        ),
      ),
      total: total?.value ?? 0,
      page: query.page,
      pageSize: query.pageSize,
      actions: organisationActions.collectionActionsFor(actor),
    };
  });

  app.get<{ Params: { id: string } }>('/api/organisation/:id', async (request) => {
    const { actor } = await runnerCall(request);
    const subject = await organisationInScope(app, actor, request.params.id);
    return presentOrganisation(subject.record, organisationActions.actionsFor(subject));
  });

  app.get<{ Params: { id: string } }>('/api/organisation/:id/users', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const { record, relation } = await organisationInScope(app, actor, request.params.id);
    if (relation !== 'operator' && relation !== 'member')
      throw new AppError(
        'forbidden',
        'Only the market operator and members of the organisation can see its users',
      );
    const members = await listOrganisationUsers(deps.db, record.id);
    const items = [];
    for (const user of members) {
      const userRelation = await userKind.relate(deps.db, actor, user);
      items.push(
        presentOrganisationUser(
          user,
          userRelation === null
            ? []
            : userActions.actionsFor({ actor, record: user, relation: userRelation }),
        ),
      );
    }
    return { items, total: items.length, page: 1, pageSize: items.length };
  });
}
