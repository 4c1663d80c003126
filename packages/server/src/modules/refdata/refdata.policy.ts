import type { FastifyRequest } from 'fastify';
import { requireSession } from '../../auth/guard.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import { AppError } from '../../platform/errors.ts';

/** Whether a signed-in user acts for the market operator (admin or sysadmin group). */
export const isOperator = (session: SessionUser): boolean =>
  session.user.groups.includes('admin') || session.user.groups.includes('sysadmin');

/** Reads of reference data: any signed-in user (forms need option lists); 401 otherwise. */
export const requireReader = (request: FastifyRequest): Promise<SessionUser> => requireSession(request);

/** Writes of reference data: the market operator only; 401 when signed out, 403 for everyone else. */
export async function requireOperator(request: FastifyRequest): Promise<SessionUser> {
  const session = await requireSession(request);
  if (!isOperator(session))
    throw new AppError('forbidden', 'Only the market operator may change reference data');
  return session;
}
