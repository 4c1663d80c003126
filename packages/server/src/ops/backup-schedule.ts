import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../platform/db/connect.ts';
import { type BackupConfig, listBackups, makeBackup, pruneDailyBackups } from './backup.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * The daily backup of a server on the embedded database: checked at start and every hour, a backup is made when
 * the newest daily one is a day old (or there is none), then the daily ones beyond BACKUP_KEEP are removed.
 */
export class DailyBackups {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(
    private readonly config: BackupConfig,
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    const check = () => {
      this.#running ??= this.runIfDue()
        .then(() => undefined)
        .finally(() => {
          this.#running = undefined;
        });
    };
    check();
    this.#timer = setInterval(check, CHECK_EVERY_MS);
    this.#timer.unref();
  }

  /** Makes the daily backup when it is due; answers its name, or undefined when none was due. */
  async runIfDue(now = new Date()): Promise<string | undefined> {
    try {
      const newest = (await listBackups(this.config)).find((backup) => backup.name.includes('-daily.'));
      if (newest && now.getTime() - newest.createdAt.getTime() < DAY_MS) return undefined;
      const backup = await makeBackup(this.config, this.db, { daily: true, now });
      const removed = await pruneDailyBackups(this.config);
      this.log.info(
        { event: 'backup_made', backup: backup.name, bytes: backup.bytes, removed },
        'daily backup made',
      );
      return backup.name;
    } catch (error) {
      this.log.error({ err: error, event: 'backup_failed' }, 'the daily backup failed');
      return undefined;
    }
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    await this.#running;
  }
}
