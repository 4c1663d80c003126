import type { FastifyInstance } from 'fastify';
import { registerAccountRoutes } from './account.routes.ts';
import { registerApiTokenRoutes } from './api-tokens.routes.ts';
import { registerLoginRoutes } from './login.routes.ts';
import { registerProfileRoutes } from './profile.routes.ts';
import { registerTotpRoutes } from './totp.routes.ts';

/** Every /api/auth route. */
export async function registerAuthRoutes(app: FastifyInstance): Promise<void> {
  await registerLoginRoutes(app);
  await registerAccountRoutes(app);
  await registerProfileRoutes(app);
  await registerTotpRoutes(app);
  await registerApiTokenRoutes(app);
}
