import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** Debian's Chromium unless CHROMIUM_PATH says otherwise. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    baseUrl: inject('baseUrl'),
    async close() {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/** Runs axe on the current page and fails with the violations listed when there are any. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

/** Reads the newest development-outbox e-mail sent to an address and returns its 6-digit code. */
export async function latestCodeFor(baseUrl: string, to: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const mails = (await response.json()) as { text: string }[];
  const code = mails[0]?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** Signs in through the real sign-in page. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
