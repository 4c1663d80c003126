import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject, onTestFinished } from 'vitest';

import { CHROMIUM_PATH } from './chromium.ts';

const executablePath = CHROMIUM_PATH;

/** How long a locator waits for its element (clicks, fills, waitFor). */
export const ACTION_TIMEOUT_MS = 45_000;
/** How long a navigation may take; the first page load of a run also compiles and caches the app. */
export const NAVIGATION_TIMEOUT_MS = 90_000;

/** A fresh Chromium profile with one page, pointed at the e2e server. */
export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  close(): Promise<void>;
}

/** Starts headless Chromium with an empty profile (flags per the machine's notes: no background networking). */
export async function openBrowser(options: { colorScheme?: 'light' | 'dark' } = {}): Promise<BrowserSession> {
  const profileDir = mkdtempSync(join(tmpdir(), 'curlew-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    headless: true,
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: 1280, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      // WebGL (the maps) on the software renderer, as there is no GPU.
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // The machine running the suite is often busy: waits are generous, never fixed sleeps.
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  const page = context.pages()[0] ?? (await context.newPage());
  trackNetwork(page);
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
  };
  // Closed when the test ends; a failed journey first reports where the browser was and what it showed.
  onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail' && !closed) console.error(await describePage(page));
    await close();
  });
  return { context, page, baseUrl: inject('baseUrl'), close };
}

/**
 * Collects the address of every http(s) request the page makes from now on to a host other than the e2e server's
 * own, so a journey can assert that Curlew alone served it (no map tiles, fonts or scripts from elsewhere).
 */
export function requestsElsewhere(page: Page, baseUrl: string): string[] {
  const own = new URL(baseUrl).host;
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.host !== own) elsewhere.push(request.url());
  });
  return elsewhere;
}

/** Requests in flight on a page and when the last one started or ended. */
interface NetworkActivity {
  inFlight: number;
  lastChangeAt: number;
}

const networkActivity = new WeakMap<Page, NetworkActivity>();

/** Counts a page's requests, so tests can tell when a single-page app has stopped fetching. */
function trackNetwork(page: Page): void {
  const activity: NetworkActivity = { inFlight: 0, lastChangeAt: Date.now() };
  networkActivity.set(page, activity);
  const change = (delta: number) => {
    activity.inFlight += delta;
    activity.lastChangeAt = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
}

/**
 * Waits until the page has had no request in flight for `quietMs`. Playwright's 'networkidle' load state is
 * reached once per document, so it says nothing about fetches after a client-side navigation.
 */
export async function waitForQuietNetwork(page: Page, quietMs = 500): Promise<void> {
  const activity = networkActivity.get(page);
  if (!activity) throw new Error('waitForQuietNetwork needs a page from openBrowser');
  await expect
    .poll(() => activity.inFlight === 0 && Date.now() - activity.lastChangeAt >= quietMs, {
      timeout: ACTION_TIMEOUT_MS,
      interval: 100,
    })
    .toBe(true);
}

/** The address and accessibility tree of a page, for failure reports. */
async function describePage(page: Page): Promise<string> {
  const text = await page
    .locator('body')
    .ariaSnapshot({ timeout: 5_000 })
    .catch((error: unknown) => `(no page text: ${error instanceof Error ? error.message : String(error)})`);
  return `Browser was at ${page.url()} showing:\n${text.slice(0, 3_000)}`;
}

/** Runs axe on the current page and fails with the violations listed when there are any. */
export async function expectNoAxeViolations(
  page: Page,
  options: { disableRules?: string[] } = {},
): Promise<void> {
  const results = await new AxeBuilder({ page }).disableRules(options.disableRules ?? []).analyze();
  // Each offending element with its markup, so a failure says what to fix without rerunning.
  const summary = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.html.slice(0, 200)}`),
  );
  expect(summary).toEqual([]);
}

/** One development-outbox e-mail. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

const sysadminSessions = new Map<string, Promise<string>>();

/** Signs the demo system administrator in through the API and answers the session's Cookie header. */
async function signInSysadmin(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'sysadmin', password: inject('demoPassword') }),
  });
  if (!response.ok) throw new Error(`signing in as sysadmin answered ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .filter((pair) => pair.startsWith('curlew_session='))
    .join('; ');
  if (!cookie) throw new Error('signing in as sysadmin set no session cookie');
  return cookie;
}

/**
 * The development-outbox e-mails sent to an address, newest first. The outbox is for system administrators
 * only (its codes open any account), so this reads it as the demo sysadmin would, signed in.
 */
export async function outboxFor(baseUrl: string, to: string): Promise<OutboxMail[]> {
  const read = async (): Promise<Response> => {
    let session = sysadminSessions.get(baseUrl);
    if (!session) {
      session = signInSysadmin(baseUrl);
      sysadminSessions.set(baseUrl, session);
    }
    return fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`, {
      headers: { cookie: await session },
    });
  };
  let response = await read();
  if (response.status === 401) {
    // The session ended (idle timeout): sign in again once.
    sysadminSessions.delete(baseUrl);
    response = await read();
  }
  if (!response.ok) throw new Error(`outbox answered ${response.status} for ${to}`);
  return (await response.json()) as OutboxMail[];
}

/** Reads the newest development-outbox e-mail sent to an address and returns its 6-digit code. */
export async function latestCodeFor(baseUrl: string, to: string): Promise<string> {
  const mails = await outboxFor(baseUrl, to);
  const code = mails[0]?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** Waits until the outbox holds a code for the address (mail is written after the answer on a busy server). */
export async function waitForCodeFor(baseUrl: string, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        code = await latestCodeFor(baseUrl, to).catch((error: unknown) => {
          if (error instanceof Error && error.message.startsWith('no code')) return '';
          throw error;
        });
        return code;
      },
      { timeout: ACTION_TIMEOUT_MS, interval: 250 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** Waits until the page's path and query (e.g. '/profile?x=1') equal `pathWithSearch`. */
export async function waitForPath(page: Page, pathWithSearch: string): Promise<void> {
  await page.waitForURL((url) => `${url.pathname}${url.search}` === pathWithSearch, {
    timeout: NAVIGATION_TIMEOUT_MS,
  });
}

/** Waits until the page's path (whatever the query) equals `pathname`. */
export async function waitForPathname(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: NAVIGATION_TIMEOUT_MS });
}

/** Waits until the header's profile menu names the signed-in user (their display name). */
export async function waitForSignedInAs(page: Page, userLabel: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: userLabel, exact: true }).waitFor();
}

/** The colour scheme the app forced on the document ('light' or 'dark'). */
export async function appColourScheme(page: Page): Promise<string | null> {
  return page.locator('html').getAttribute('data-mantine-color-scheme');
}

/** Signs in through the real sign-in page. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Saves a full-page PNG named `name` in the folder E2E_SCREENSHOTS names, when it is set, so a person can look at
 * what a journey showed at its key steps; without it nothing is written.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder === undefined || folder === '') return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}
