import path from 'node:path';
import { z } from 'zod';
import { SERVER_ROOT } from './paths.ts';

/** Where the web app's production build lands by default (`npm run build`). */
const DEFAULT_WEB_DIST_DIR = path.join(SERVER_ROOT, '../web/dist');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: () => 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * TRUST_PROXY: 'false', a hop count, or a comma-separated list of trusted proxy addresses. 'true' means one hop
 * (the proxy in front): trusting every hop would let a client choose its own address with X-Forwarded-For.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value): false | number | string[] => {
    if (value === 'false' || value === '0') return false;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value)) return Number(value);
    return value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
  });

const optionalUrl = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.url({ error: () => 'must be a URL' }).optional(),
);

/** A folder, made absolute against the working folder (the static file server needs an absolute root). */
const folder = z
  .string()
  .min(1, { error: 'must name a folder (unset it for the default)' })
  .transform((value) => path.resolve(value));

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(1).default('Curlew <no-reply@curlew.example>'),
  SIGN_UP_ENABLED: booleanFlag.default(true),
  PUBLIC_REGISTRY: z
    .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'], { error: () => 'must be on or off' })
    .transform((value) => ['on', 'true', '1', 'yes'].includes(value))
    .default(true),
  SIGN_UPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(60),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  CURLEW_DEMO_PASSWORD: z
    .string()
    .min(8, { error: 'must be at least 8 characters' })
    .default('curlew-demo-2026'),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: optionalUrl,
  WEB_DIST_DIR: folder.default(DEFAULT_WEB_DIST_DIR),
  METRICS_TOKEN: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  ),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().max(3600).default(20),
  BACKUP_DIR: folder.optional(),
  BACKUP_DAILY: booleanFlag.default(true),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
});

/** The server's configuration, read once from the environment at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  nodeEnv: 'development' | 'production' | 'test';
  production: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  signUpEnabled: boolean;
  /** Whether the public registry (`/api/public/registry`, no sign-in) answers; PUBLIC_REGISTRY=off gives 404. */
  publicRegistry: boolean;
  /** Sign-ups accepted from one address per hour (429 beyond). */
  signUpsPerAddressPerHour: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  demoPassword: string;
  /** Proxies trusted for X-Forwarded-*: none, the nearest `n` hops, or these addresses (never every hop). */
  trustProxy: false | number | string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Base address used in links inside e-mails (no trailing slash). */
  publicUrl: string;
  /** The built web app the server serves (absolute). */
  webDistDir: string;
  /** Bearer token that lets other machines read `/metrics` (loopback reads it without); unset: loopback only. */
  metricsToken: string | undefined;
  /** How long a stopping process waits for requests in flight before it closes them and exits. */
  shutdownGraceSeconds: number;
  /** Where backups are written and listed (absolute; default `{DATA_DIR}/backups`). */
  backupDir: string;
  /** Whether a running server on the embedded database makes a backup every day. */
  backupDaily: boolean;
  /** How many of the daily backups are kept (the oldest beyond are removed). */
  backupKeep: number;
}

/** Thrown when the environment holds an invalid value; the message names every offending variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates every environment variable the server uses. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    nodeEnv: env.NODE_ENV,
    production: env.NODE_ENV === 'production',
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    signUpEnabled: env.SIGN_UP_ENABLED,
    publicRegistry: env.PUBLIC_REGISTRY,
    signUpsPerAddressPerHour: env.SIGN_UPS_PER_ADDRESS_PER_HOUR,
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: env.SESSION_ABSOLUTE_HOURS,
    demoPassword: env.CURLEW_DEMO_PASSWORD,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    webDistDir: env.WEB_DIST_DIR,
    metricsToken: env.METRICS_TOKEN,
    shutdownGraceSeconds: env.SHUTDOWN_GRACE_SECONDS,
    backupDir: env.BACKUP_DIR ?? path.resolve(env.DATA_DIR, 'backups'),
    backupDaily: env.BACKUP_DAILY,
    backupKeep: env.BACKUP_KEEP,
  };
}
