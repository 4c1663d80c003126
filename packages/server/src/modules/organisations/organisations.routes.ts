import type { FastifyInstance } from 'fastify';
import { runnerCall } from '../../platform/actions/routes.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import { AppError } from '../../platform/errors.ts';
import { organisationKind } from './organisations.kind.ts';
import { userActions } from './users.actions.ts';
import { listOrganisationUsersFor, presentOrganisationUser } from './users.kind.ts';

/**
 * `GET /api/organisation/{id}/users`: the organisation's users for the operator and its members (404 outside the
 * reader's scope, 403 for an agent), all on one page. Special: a list under a record, readable by two relations.
 */
export async function registerOrganisationUsersRoute(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/organisation/:id/users', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const found = await organisationKind.loadFor(deps.db, actor, request.params.id);
    if (found === undefined) throw notFoundInScope(organisationKind.noun);
    const { relation } = found.access;
    if (relation !== 'operator' && relation !== 'member')
      throw new AppError(
        'forbidden',
        'Only the market operator and members of the organisation can see its users',
      );
    const members = await listOrganisationUsersFor(deps.db, actor, found.record.id);
    const items = [];
    for (const member of members) {
      const subject = { actor, record: member.record, ...member.access };
      items.push(presentOrganisationUser(member.record, await userActions.actionsFor(deps, subject)));
    }
    return { items, total: items.length, page: 1, pageSize: items.length };
  });
}
