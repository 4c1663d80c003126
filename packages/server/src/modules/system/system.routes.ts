import { createReadStream, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { RESET_CONFIRMATION, RESTORE_CONFIRMATION, type SystemState, type SystemTasks } from '@curlew/domain';
import { count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sessions } from '../../auth/auth.tables.ts';
import { requireSession } from '../../auth/guard.ts';
import { backupPath, listBackups, makeBackup, pgliteOf, restoreBackup } from '../../ops/backup.ts';
import { MIGRATIONS_FOLDER, queryRows } from '../../platform/db/connect.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { mailOutbox } from '../../platform/mail.tables.ts';
import { SERVER_ROOT } from '../../platform/paths.ts';
import { sendFile } from '../../platform/send-file.ts';
import { solverTasks } from '../match/match.tables.ts';
import { moveRoundOnTaskEnd } from '../match/round-status.ts';
import { CANCELLED_REASON } from '../match/runner.ts';
import { cancelSolverTask } from '../match/tasks.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { resetToDemoData } from './reset.ts';

const SYSADMIN_ONLY = 'Only a system administrator may use the System page';

/** 403 unless a system administrator is signed in. */
async function requireSysadmin(request: FastifyRequest) {
  const session = await requireSession(request);
  if (!session.user.groups.includes('sysadmin')) throw new AppError('forbidden', SYSADMIN_ONLY);
  return session;
}

/** The product's version (the root package.json) and the migrations this build carries. */
const VERSION: string = JSON.parse(
  readFileSync(path.join(SERVER_ROOT, '..', '..', 'package.json'), 'utf8'),
).version;
const MIGRATIONS_IN_BUILD: number = JSON.parse(
  readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
).entries.length;

const confirmationBody = z.object({ confirmation: z.string().max(100) });
const taskParams = z.object({ id: z.uuid() });
const backupParams = z.object({ name: z.string().max(200) });

/** Refuses in production, with the reason. */
const outsideProduction = (production: boolean, what: string): void => {
  if (production)
    throw new AppError(
      'forbidden',
      `${what} is turned off in production (NODE_ENV=production): it would replace the market's data.`,
    );
};

/**
 * The System page (sysadmin only, 403 for every other role): `GET /api/system` (database health, migration level,
 * version, sessions in use, mail and solver counts, backups), solver tasks and their cancel, backups (make,
 * download, restore outside production) and `POST /api/sysadmin/reset-database` (outside production, typed
 * confirmation, back to the demo data).
 */
export async function registerSystemRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const embedded = () => pgliteOf(deps.db) !== undefined;

  app.get('/api/system', async (request): Promise<SystemState> => {
    await requireSysadmin(request);
    const now = deps.clock();
    const started = performance.now();
    let database: {
      ok: boolean;
      driver: string;
      milliseconds: number | null;
      migrationsApplied: number | null;
    };
    try {
      const [applied] = await queryRows<{ n: number }>(
        deps.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      database = {
        ok: true,
        driver: embedded() ? 'Embedded (PGlite)' : 'PostgreSQL',
        milliseconds: Math.round((performance.now() - started) * 10) / 10,
        migrationsApplied: applied?.n ?? 0,
      };
    } catch {
      database = {
        ok: false,
        driver: embedded() ? 'Embedded (PGlite)' : 'PostgreSQL',
        milliseconds: null,
        migrationsApplied: null,
      };
    }
    const [[activeSessions], mailCounts, taskCounts, backups] = await Promise.all([
      deps.db.select({ n: count() }).from(sessions).where(gt(sessions.expiresAt, now)),
      deps.db.select({ status: mailOutbox.status, n: count() }).from(mailOutbox).groupBy(mailOutbox.status),
      deps.db
        .select({ status: solverTasks.status, n: count() })
        .from(solverTasks)
        .groupBy(solverTasks.status),
      listBackups(deps.config),
    ]);
    return {
      version: VERSION,
      environment: deps.config.nodeEnv,
      database: { ...database, migrationsInBuild: MIGRATIONS_IN_BUILD },
      sessionsInUse: activeSessions?.n ?? 0,
      mail: Object.fromEntries(mailCounts.map((row) => [row.status, row.n])),
      solverTasks: Object.fromEntries(taskCounts.map((row) => [row.status, row.n])),
      backups: {
        items: backups.map((backup) => ({ ...backup, createdAt: backup.createdAt.toISOString() })),
        daily: embedded() && deps.config.backupDaily,
        keep: deps.config.backupKeep,
        restoreHere: !deps.config.production && !embedded(),
      },
      resetAllowed: !deps.config.production,
    };
  });

  app.get('/api/system/tasks', async (request): Promise<SystemTasks> => {
    await requireSysadmin(request);
    const rows = await deps.db
      .select({
        id: solverTasks.id,
        status: solverTasks.status,
        roundName: marketRounds.name,
        reason: solverTasks.reason,
        attempts: solverTasks.attempts,
        queuedAt: solverTasks.queuedAt,
        startedAt: solverTasks.startedAt,
        finishedAt: solverTasks.finishedAt,
        cancelRequested: solverTasks.cancelRequested,
      })
      .from(solverTasks)
      .innerJoin(marketRounds, eq(marketRounds.id, solverTasks.marketRoundId))
      .where(inArray(solverTasks.status, ['Queued', 'Running', 'Failed', 'Cancelled', 'Succeeded']))
      .orderBy(desc(solverTasks.queuedAt))
      .limit(50);
    return {
      items: rows.map((row) => ({
        ...row,
        queuedAt: row.queuedAt.toISOString(),
        startedAt: row.startedAt?.toISOString() ?? null,
        finishedAt: row.finishedAt?.toISOString() ?? null,
      })),
    };
  });

  app.post('/api/system/tasks/:id/cancel', async (request) => {
    await requireSysadmin(request);
    const parsed = taskParams.safeParse(request.params);
    if (!parsed.success) throw new AppError('not_found', 'This solver task does not exist');
    const now = deps.clock();
    const [task] = await deps.db
      .select({ id: solverTasks.id })
      .from(solverTasks)
      .where(eq(solverTasks.id, parsed.data.id));
    if (!task) throw new AppError('not_found', 'This solver task does not exist');
    const cancelled = await cancelSolverTask(
      deps.db,
      { id: task.id, now, reason: CANCELLED_REASON },
      (tx, row) => moveRoundOnTaskEnd(tx, row, now),
    );
    if (!cancelled) throw new AppError('invalid_status', 'This solver task has already ended');
    return {
      status: cancelled.status,
      message:
        cancelled.status === 'Cancelled'
          ? 'The task was cancelled'
          : 'The task will stop at its next heartbeat',
    };
  });

  app.post('/api/system/backups', async (request) => {
    await requireSysadmin(request);
    const backup = await makeBackup(deps.config, deps.db);
    request.log.info({ event: 'backup_made', backup: backup.name }, 'backup made from the System page');
    return { name: backup.name, bytes: backup.bytes, createdAt: backup.createdAt.toISOString() };
  });

  const existingBackup = async (request: FastifyRequest): Promise<{ name: string; file: string }> => {
    const parsed = backupParams.safeParse(request.params);
    const file = parsed.success ? backupPath(deps.config, parsed.data.name) : undefined;
    if (!parsed.success || !file) throw new AppError('not_found', 'This backup does not exist');
    try {
      await stat(file);
    } catch {
      throw new AppError('not_found', 'This backup does not exist');
    }
    return { name: parsed.data.name, file };
  };

  app.get('/api/system/backups/:name/download', async (request, reply) => {
    await requireSysadmin(request);
    const { name, file } = await existingBackup(request);
    const { size } = await stat(file);
    return sendFile(reply, {
      filename: name,
      contentType: 'application/octet-stream',
      body: createReadStream(file),
      headers: { 'content-length': String(size), 'cache-control': 'private, no-store' },
    });
  });

  app.post('/api/system/backups/:name/restore', async (request) => {
    await requireSysadmin(request);
    outsideProduction(deps.config.production, 'Restoring from the System page');
    const { name, file } = await existingBackup(request);
    const body = confirmationBody.safeParse(request.body);
    if (!body.success || body.data.confirmation !== RESTORE_CONFIRMATION)
      throw validationError('confirmation', `Type ${RESTORE_CONFIRMATION} to confirm`);
    if (embedded())
      throw new AppError(
        'invalid_status',
        'The embedded database is restored with the server stopped: npm run restore -- <backup file>',
      );
    await restoreBackup(deps.config, file);
    request.log.warn({ event: 'backup_restored', backup: name }, 'backup restored from the System page');
    return { message: `Restored ${name}. Everyone, you included, signs in again.` };
  });

  app.post('/api/sysadmin/reset-database', async (request) => {
    await requireSysadmin(request);
    outsideProduction(deps.config.production, 'Resetting the database');
    const body = confirmationBody.safeParse(request.body);
    if (!body.success || body.data.confirmation !== RESET_CONFIRMATION)
      throw validationError('confirmation', `Type ${RESET_CONFIRMATION} to confirm`);
    await resetToDemoData(deps);
    request.log.warn({ event: 'database_reset' }, 'database reset to the demo data');
    return { message: 'The database is back to the demo data. Sign in again with a demo account.' };
  });
}
