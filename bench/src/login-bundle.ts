import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium } from './chromium.ts';

/** One script a page loaded: its path, its size and its size gzipped at the default level. */
export interface LoadedScript {
  url: string;
  bytes: number;
  gzipBytes: number;
}

/** Gzipped size of every script a page loads (each response gzipped at the default level). */
export interface ScriptWeight {
  scripts: LoadedScript[];
  totalGzipBytes: number;
}

/** Starts collecting the scripts `page` loads from now on; `done()` answers them once their bodies are read. */
export function collectScripts(page: Page): { done(): Promise<LoadedScript[]> } {
  const pending: Promise<LoadedScript>[] = [];
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
  return { done: () => Promise.all(pending) };
}

/** Opens `url` in headless Chromium and weighs the JavaScript it loads until the network is idle. */
export async function weighPageScripts(url: string): Promise<ScriptWeight> {
  const browser = await launchChromium();
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const collected = collectScripts(page);
    await page.goto(url, { waitUntil: 'networkidle' });
    // The page's own chunks load after the entry: wait until the form is there, then for the network to settle.
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = await collected.done();
    return { scripts, totalGzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0) };
  } finally {
    await browser.close();
  }
}
