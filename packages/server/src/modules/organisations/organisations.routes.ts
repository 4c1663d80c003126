import { ORGANISATION_SORT_KEYS, type Organisation, organisationTypeSchema } from '@curlew/domain';
import { and, eq, ilike, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  containsPattern,
  listOrder,
  listPage,
  listQuerySchema,
  type Page,
} from '../../platform/actions/paging.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import type { Actor, Subject } from '../../platform/actions/types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { organisationActions } from './organisations.actions.ts';
import {
  type OrganisationRelation,
  type OrganisationRow,
  organisationKind,
  presentOrganisation,
} from './organisations.kind.ts';
import { countOrganisationsFor, organisationInScope, selectOrganisationsFor } from './organisations.repo.ts';
import { organisations } from './organisations.tables.ts';
import { userActions } from './users.actions.ts';
import { listOrganisationUsersFor, presentOrganisationUser } from './users.kind.ts';

const organisationListQuery = listQuerySchema(ORGANISATION_SORT_KEYS, 'name').extend({
  type: organisationTypeSchema.optional(),
});

const SORT_COLUMNS = {
  name: organisations.name,
  type: organisations.type,
  createdAt: organisations.createdAt,
} as const satisfies Record<(typeof ORGANISATION_SORT_KEYS)[number], unknown>;

/** A record of `/organisation/{id}` with the actor's access; 404 when missing or out of scope. */
async function organisationSubject(
  deps: AppDeps,
  actor: Actor,
  id: string,
): Promise<Subject<OrganisationRow, OrganisationRelation>> {
  const found = await organisationKind.loadFor(deps.db, actor, id);
  if (found === undefined) throw notFoundInScope(organisationKind.noun);
  return { actor, record: found.record, ...found.access };
}

/**
 * `GET /api/organisations` (type, q, sort, order, page, pageSize; scoped, with each row's access computed in the
 * same query), `GET /api/organisation/{id}` and `GET /api/organisation/{id}/users` (operator and members).
 */
export async function registerOrganisationRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/organisations', async (request): Promise<Page<Organisation> & { actions: unknown }> => {
    const { actor, deps } = await runnerCall(request);
    const query = organisationListQuery.parse(request.query);
    const where = and(
      query.type === undefined ? undefined : eq(organisations.type, query.type),
      query.q === undefined
        ? undefined
        : or(
            ilike(organisations.name, containsPattern(query.q)),
            ilike(organisations.email, containsPattern(query.q)),
          ),
    );
    const page = await listPage(
      query,
      {
        rows: ({ limit, offset }) =>
          selectOrganisationsFor(deps.db, actor, where)
            .orderBy(...listOrder(SORT_COLUMNS, query, organisations.id))
            .limit(limit)
            .offset(offset),
        total: () => countOrganisationsFor(deps.db, actor, where),
      },
      async (rows) => {
        const items: Organisation[] = [];
        for (const row of rows) {
          const found = organisationInScope(row);
          if (found === null) continue;
          const subject = { actor, record: found.record, ...found.access };
          items.push(presentOrganisation(found.record, await organisationActions.actionsFor(deps, subject)));
        }
        return items;
      },
    );
    return { ...page, actions: organisationActions.collectionActionsFor(actor) };
  });

  app.get<{ Params: { id: string } }>('/api/organisation/:id', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const subject = await organisationSubject(deps, actor, request.params.id);
    return presentOrganisation(subject.record, await organisationActions.actionsFor(deps, subject));
  });

  app.get<{ Params: { id: string } }>('/api/organisation/:id/users', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const { record, relation } = await organisationSubject(deps, actor, request.params.id);
    if (relation !== 'operator' && relation !== 'member')
      throw new AppError(
        'forbidden',
        'Only the market operator and members of the organisation can see its users',
      );
    const members = await listOrganisationUsersFor(deps.db, actor, record.id);
    const items = [];
    for (const found of members) {
      const subject = { actor, record: found.record, ...found.access };
      items.push(presentOrganisationUser(found.record, await userActions.actionsFor(deps, subject)));
    }
    return { items, total: items.length, page: 1, pageSize: items.length };
  });
}
