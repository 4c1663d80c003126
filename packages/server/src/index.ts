/** The server's public surface, for end-to-end tests and benchmarks. */
export { type AppDeps, type BuildAppOptions, buildApp } from './platform/app.ts';
export { type Clock, systemClock } from './platform/clock.ts';
export { type Config, ConfigError, loadConfig } from './platform/config.ts';
export {
  connect,
  connectPglite,
  connectPostgres,
  type Database,
  type DatabaseConnection,
} from './platform/db/connect.ts';
export { acquireDataFolderLock, DataFolderLockedError } from './platform/lock.ts';
export { type RunningServer, startServer } from './server.ts';
