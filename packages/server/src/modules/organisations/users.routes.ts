import type { FastifyInstance } from 'fastify';
import { runnerCall } from '../../platform/actions/routes.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import { userActions } from './users.actions.ts';
import { presentOrganisationUser, userKind } from './users.kind.ts';

/** The short addresses of the account actions, run by the same action runner as `/user/{id}/action/{id}`. */
const ACCOUNT_ACTION_PATHS = {
  disable: 'Disable',
  enable: 'Enable',
  'force-password-reset': 'ForcePasswordReset',
} as const;

/**
 * `GET /api/user/{id}` (the user, colleagues and the operator) and the operator's account actions
 * `POST /api/user/{id}/disable`, `/enable` and `/force-password-reset`.
 */
export async function registerUserRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/user/:id', async (request) => {
    const { actor, deps } = await runnerCall(request);
    const found = await userKind.loadFor(deps.db, actor, request.params.id);
    if (found === undefined) throw notFoundInScope(userKind.noun);
    const subject = { actor, record: found.record, ...found.access };
    return presentOrganisationUser(found.record, await userActions.actionsFor(deps, subject));
  });

  for (const [path, actionId] of Object.entries(ACCOUNT_ACTION_PATHS)) {
    app.post<{ Params: { id: string } }>(`/api/user/:id/${path}`, async (request) => {
      const call = await runnerCall(request);
      return userActions.submit(call, request.params.id, actionId, { values: {}, files: [] });
    });
  }
}
