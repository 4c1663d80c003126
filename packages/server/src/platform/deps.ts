import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/connect.ts';
import type { Mailer } from './mail.ts';

/** What every route handler can reach through `request.server.deps`. */
export interface AppDeps {
  config: Config;
  db: Database;
  /** Queues e-mails in the outbox (inside an action: in its transaction). */
  mailer: Mailer;
  /** Tells this process's outbox sender that e-mails were queued (sends them at once; a no-op without SMTP_URL). */
  wakeMailSender(): void;
  clock: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
