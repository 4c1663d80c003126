import type { FastifyInstance } from 'fastify';
import { runnerCall } from '../../platform/actions/routes.ts';
import { userActions } from './users.actions.ts';

/** The short addresses of the account actions, run by the same action runner as `/user/{id}/action/{id}`. */
export const ACCOUNT_ACTION_PATHS = {
  disable: 'Disable',
  enable: 'Enable',
  'force-password-reset': 'ForcePasswordReset',
} as const;

/** The operator's account actions `POST /api/user/{id}/disable`, `/enable` and `/force-password-reset`. */
export async function registerUserRoutes(app: FastifyInstance): Promise<void> {
  for (const [path, actionId] of Object.entries(ACCOUNT_ACTION_PATHS)) {
    app.post<{ Params: { id: string } }>(`/api/user/:id/${path}`, async (request) => {
      const call = await runnerCall(request);
      return userActions.submit(call, request.params.id, actionId, { values: {}, files: [] });
    });
  }
}
