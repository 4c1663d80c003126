import { type CurrentUserAnswer, profileSchemaFor } from '@curlew/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../platform/errors.ts';
import { users } from './auth.tables.ts';
import { currentSession, requireSession } from './guard.ts';
import { PASSWORD_POLICY_ANSWER } from './passwords.ts';
import { findUserById, presentCurrentUser, presentUserListItem } from './users.repo.ts';

/** The signed-in user, the profile, the users list, the password policy and the client configuration. */
export async function registerProfileRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.get('/api/auth/user', async (request): Promise<CurrentUserAnswer> => {
    const session = await currentSession(request);
    // Being signed out is an answer, not an error (no failed request on every page a visitor opens); it
    // carries nothing but that.
    if (!session) return { user: null };
    return presentCurrentUser(session.user);
  });

  app.put('/api/auth/user', async (request) => {
    const { user } = await requireSession(request);
    const input = profileSchemaFor(user).parse(request.body);
    await deps.db
      .update(users)
      .set({ displayName: input.displayName, phone: input.phone ?? null, updatedAt: deps.clock() })
      .where(eq(users.id, user.id));
    const updated = await findUserById(deps.db, user.id);
    if (!updated) throw new AppError('not_found', 'User not found');
    return presentCurrentUser(updated);
  });

  app.get('/api/auth/users', async (request) => {
    const { user } = await requireSession(request);
    const operatorAdmin = user.groups.includes('admin') || user.groups.includes('sysadmin');
    const scope = operatorAdmin
      ? undefined
      : user.organisationId
        ? eq(users.organisationId, user.organisationId)
        : eq(users.id, user.id);
    const rows = await deps.db.select().from(users).where(scope).orderBy(asc(users.username));
    return rows.map(presentUserListItem);
  });

  app.get('/api/auth/password-policy', async () => PASSWORD_POLICY_ANSWER);

  app.get('/api/auth/env.js', async (_request, reply) => {
    const environment = {
      signUpEnabled: deps.config.signUpEnabled,
      production: deps.config.production,
      publicRegistry: deps.config.publicRegistry,
    };
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`window.CURLEW_ENV = ${JSON.stringify(environment)};\n`);
  });
}
