/** The server's public surface, for end-to-end tests and benchmarks. */

export { type BuildAppOptions, buildApp } from './app.ts';
export { currentSession, requireSession } from './auth/guard.ts';
export { createInvitedUser, type InvitedUserInput, requirePasswordReset } from './auth/managed-users.ts';
export { SESSION_COOKIE, type SessionUser } from './auth/sessions.ts';
export { type Clock, systemClock } from './platform/clock.ts';
export { type Config, ConfigError, loadConfig } from './platform/config.ts';
export {
  connect,
  connectPglite,
  connectPostgres,
  type Database,
  type DatabaseConnection,
} from './platform/db/connect.ts';
export type { AppDeps } from './platform/deps.ts';
export { AppError, type ErrorCode } from './platform/errors.ts';
export { acquireDataFolderLock, DataFolderLockedError } from './platform/lock.ts';
export { DEMO_ACCOUNTS, seedDemoData } from './seed/seed.ts';
export { type RunningServer, startServer } from './server.ts';
