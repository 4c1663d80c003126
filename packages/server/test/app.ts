import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Clock } from '../src/platform/clock.ts';
import { type Config, loadConfig } from '../src/platform/config.ts';
import type { Database, DatabaseConnection } from '../src/platform/db/connect.ts';
import type { MailSenderOptions, MailTransport } from '../src/platform/mail.sender.ts';
import { openTestDatabase, type TestDriver, testDrivers } from './database.ts';

/** A clock that stands still until a test moves it. */
export interface TestClock {
  now: Clock;
  advance(milliseconds: number): void;
}

/** A clock starting at the real current time. */
function createTestClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(milliseconds) {
      current += milliseconds;
    },
  };
}

const TEST_DATA_PREFIX = path.join(tmpdir(), 'curlew-test-data-');

/** A configuration for tests: test mode, silent logs, a throwaway data folder; overrides win. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: overrides.dataDir ?? mkdtempSync(TEST_DATA_PREFIX),
  });
  return { ...base, ...overrides };
}

/** Removes a data folder `testConfig` made (never one a test brought). */
function removeTestDataDir(config: Config): void {
  if (config.dataDir.startsWith(TEST_DATA_PREFIX)) rmSync(config.dataDir, { recursive: true, force: true });
}

/** Options of a test application. */
export interface TestAppOptions {
  config?: Partial<Config>;
  /** Sends the outbox through this instead of SMTP_URL's server. */
  mailTransport?: MailTransport;
  mailSender?: MailSenderOptions;
  logDestination?: DestinationStream;
  webDistDir?: string;
}

/** A running test application on its own fresh database. */
export interface TestApp {
  driver: TestDriver;
  app: FastifyInstance;
  db: Database;
  clock: TestClock;
  config: Config;
  /** Applies the migrations again (they are already applied once). */
  migrate(): Promise<void>;
  /** Another application (other configuration) on the same database and clock, closed with this one. */
  withConfig(overrides: Partial<Config>, options?: Omit<TestAppOptions, 'config'>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** Opens a fresh migrated database on `driver` and builds the application on it (not listening). */
export async function createTestApp(driver: TestDriver, options: TestAppOptions = {}): Promise<TestApp> {
  const connection: DatabaseConnection = await openTestDatabase(driver);
  const clock = createTestClock();
  const extraApps: FastifyInstance[] = [];
  const build = (config: Config, extra: Omit<TestAppOptions, 'config'>) =>
    buildApp({
      config,
      db: connection.db,
      clock: clock.now,
      ...(extra.mailTransport ? { mailTransport: extra.mailTransport } : {}),
      ...(extra.mailSender ? { mailSender: extra.mailSender } : {}),
      ...(extra.logDestination ? { logDestination: extra.logDestination } : {}),
      // Tests serve no web app unless they bring one, whatever packages/web/dist holds.
      webDistDir: extra.webDistDir ?? path.join(tmpdir(), 'curlew-test-no-web-build'),
    });
  const config = testConfig(options.config);
  const configs = [config];
  const app = await build(config, options);
  return {
    driver,
    app,
    db: connection.db,
    clock,
    config,
    migrate: () => connection.migrate(),
    async withConfig(overrides, extra = {}) {
      const otherConfig = testConfig({ ...options.config, ...overrides });
      configs.push(otherConfig);
      const other = await build(otherConfig, extra);
      extraApps.push(other);
      return other;
    },
    async close() {
      for (const other of extraApps) await other.close();
      await app.close();
      await connection.close();
      for (const each of configs) removeTestDataDir(each);
    },
  };
}

/**
 * Declares a suite that runs once per test driver (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
 * each on its own fresh database. `body` receives a handle whose members are ready inside tests and hooks.
 */
export function describeWithApp(
  title: string,
  body: (t: TestApp) => void,
  options: TestAppOptions = {},
): void {
  describe.each(testDrivers())(`${title} [%s]`, (driver) => {
    let current: TestApp | undefined;
    const ready = (): TestApp => {
      if (!current) throw new Error('The test application is only available inside tests and hooks');
      return current;
    };
    const handle: TestApp = {
      driver,
      get app() {
        return ready().app;
      },
      get db() {
        return ready().db;
      },
      get clock() {
        return ready().clock;
      },
      get config() {
        return ready().config;
      },
      migrate: () => ready().migrate(),
      withConfig: (overrides, extra) => ready().withConfig(overrides, extra),
      close: () => ready().close(),
    };
    beforeAll(async () => {
      current = await createTestApp(driver, options);
    });
    afterAll(async () => {
      await current?.close();
    });
    body(handle);
  });
}

/** Options of a JSON request made with `app.inject`. */
export interface JsonRequestOptions {
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** Sends a JSON request through the application (real routing, hooks and serialisation). */
export function requestJson(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  options: JsonRequestOptions = {},
): Promise<LightMyRequestResponse> {
  const request: InjectOptions = {
    method,
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(method === 'GET' ? {} : { payload: JSON.stringify(body ?? {}) }),
  };
  return app.inject(request);
}

/** The `name=value` pairs a response sets, as a Cookie header for the next request. */
export function cookiesFrom(response: LightMyRequestResponse): string {
  return response.cookies
    .filter((cookie) => cookie.value !== '')
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}
