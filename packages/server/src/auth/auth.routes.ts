import type { FastifyInstance } from 'fastify';

/** The /api/auth routes. */
export async function registerAuthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/auth/env.js', async (_request, reply) => {
    const { config } = app.deps;
    const environment = { signUpEnabled: config.signUpEnabled, production: config.production };
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`window.CURLEW_ENV = ${JSON.stringify(environment)};\n`);
  });
}
