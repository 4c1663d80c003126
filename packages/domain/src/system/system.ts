import type { MailStatus } from '../mail/mail.ts';
import type { SolverTaskStatus } from '../market/solver-task.ts';

/** The word a system administrator types to reset the database to the demo data. */
export const RESET_CONFIRMATION = 'RESET';

/** The word a system administrator types to restore a backup from the System page. */
export const RESTORE_CONFIRMATION = 'RESTORE';

/** One backup file as the System page lists it. */
export interface SystemBackup {
  /** Its file name, e.g. `curlew-20260101-120000000.tar`. */
  name: string;
  bytes: number;
  createdAt: string;
}

/** The answer of `GET /api/system` (sysadmin only). */
export interface SystemState {
  version: string;
  /** NODE_ENV, e.g. development or production. */
  environment: string;
  database: {
    /** The database answered a query just now. */
    ok: boolean;
    /** 'Embedded (PGlite)' or 'PostgreSQL'. */
    driver: string;
    /** How long that query took; null when it failed. */
    milliseconds: number | null;
    migrationsApplied: number | null;
    migrationsInBuild: number;
  };
  sessionsInUse: number;
  /** E-mails of the outbox per status; a status with none is left out. */
  mail: Partial<Record<MailStatus, number>>;
  /** Solver tasks per status; a status with none is left out. */
  solverTasks: Partial<Record<SolverTaskStatus, number>>;
  backups: {
    /** Newest first. */
    items: SystemBackup[];
    /** The server makes a backup every day (embedded database). */
    daily: boolean;
    /** How many daily backups are kept. */
    keep: number;
    /** A backup can be restored from the System page (PostgreSQL, outside production). */
    restoreHere: boolean;
  };
  /** The database can be reset to the demo data (outside production). */
  resetAllowed: boolean;
}

/** One solver task of `GET /api/system/tasks`, newest first. */
export interface SystemTask {
  id: string;
  status: SolverTaskStatus;
  roundName: string;
  /** Why it failed or was cancelled; null otherwise. */
  reason: string | null;
  attempts: number;
  queuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** A cancel was asked for; a running task stops at its next heartbeat. */
  cancelRequested: boolean;
}

/** The answer of `GET /api/system/tasks`. */
export interface SystemTasks {
  items: SystemTask[];
}
