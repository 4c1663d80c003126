import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/connect.ts';
import type { Mailer } from './mail.ts';

/** What every route handler can reach through `request.server.deps`. */
export interface AppDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  clock: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
