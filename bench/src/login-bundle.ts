import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

/** Gzipped size of every script a page loads (each response gzipped at the default level). */
export interface ScriptWeight {
  scripts: { url: string; bytes: number; gzipBytes: number }[];
  totalGzipBytes: number;
}

/** Opens `url` in headless Chromium and weighs the JavaScript it loads until the network is idle. */
export async function weighPageScripts(url: string): Promise<ScriptWeight> {
  const profileDir = mkdtempSync(join(tmpdir(), 'curlew-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
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
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const pending: Promise<{ url: string; bytes: number; gzipBytes: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => ({
          url: new URL(response.url()).pathname,
          bytes: body.length,
          gzipBytes: gzipSync(body).length,
        })),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // The page's own chunks load after the entry: wait until the form is there, then for the network to settle.
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(pending);
    return { scripts, totalGzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0) };
  } finally {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
  }
}
