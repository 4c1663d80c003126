import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/** Headless Chromium on a throwaway profile, closed with its profile removed. */
export interface BenchBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Starts headless Chromium (CHROMIUM_PATH, else Debian's) with an empty profile and no background networking.
 * `webgl` turns on the software WebGL renderer (SwiftShader) the maps need on a machine without a GPU.
 */
export async function launchChromium(options: { webgl?: boolean } = {}): Promise<BenchBrowser> {
  const profileDir = mkdtempSync(join(tmpdir(), 'curlew-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      ...(options.webgl ? ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'] : []),
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
