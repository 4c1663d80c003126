import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ACTION_TIMEOUT_MS, appColourScheme, expectNoAxeViolations, waitForQuietNetwork } from './browser.ts';

/** The app's loading indicators (a labelled spinner, or a status region named 'Loading'). */
export const loaders = (page: Page) =>
  page.locator('[aria-label="Loading"]').or(page.getByRole('status', { name: 'Loading' }));

/** Waits until the page has its heading and nothing on it is still loading, so axe sees the finished page. */
export async function waitForFinishedPage(page: Page): Promise<void> {
  await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
  await waitForQuietNetwork(page);
  await expect.poll(() => loaders(page).count(), { timeout: ACTION_TIMEOUT_MS }).toBe(0);
}

/** Checks the scheme the app chose, then runs axe on the finished page. */
export async function expectAccessibleIn(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await waitForFinishedPage(page);
  expect(await appColourScheme(page)).toBe(scheme);
  await expectNoAxeViolations(page);
}
