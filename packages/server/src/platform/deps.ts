import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/connect.ts';
import type { Workers } from './health.ts';
import type { Mailer } from './mail.ts';
import type { AppMetrics } from './metrics.ts';

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

/** What operating the process needs: its workers' states (readiness) and its metrics. */
export interface AppOps {
  workers: Workers;
  metrics: AppMetrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    ops: AppOps;
  }
}
