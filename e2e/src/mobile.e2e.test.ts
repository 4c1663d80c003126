import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { waitForFinishedPage } from './accessibility.ts';
import { openBrowser, screenshot, signIn, waitForPathname, waitForSignedInAs } from './browser.ts';

/** A phone's width in CSS pixels (an iPhone 12 to 15). */
const PHONE = { width: 390, height: 844 };

/** The first item's id of a list the signed-in user may read, asked of the API from the page. */
async function firstOf<T>(page: Page, path: string): Promise<T> {
  const answer = await page.evaluate(async (url) => (await fetch(url)).json(), path);
  const item = (answer as { items: T[] }).items[0];
  if (item === undefined) throw new Error(`${path} lists nothing`);
  return item;
}

/** The widest the document gets on each page: nothing may make the whole page scroll sideways. */
async function pageWidths(page: Page, baseUrl: string, paths: readonly string[], shotPrefix: string) {
  const widths: Record<string, number> = {};
  for (const path of paths) {
    await page.goto(`${baseUrl}${path}`);
    await waitForFinishedPage(page);
    widths[path] = await page.evaluate(() => document.documentElement.scrollWidth);
    await screenshot(page, `${shotPrefix}${path.replaceAll('/', '_') || '_home'}`);
  }
  return widths;
}

const within = (widths: Record<string, number>) =>
  Object.fromEntries(Object.keys(widths).map((path) => [path, PHONE.width]));
const capped = (widths: Record<string, number>) =>
  Object.fromEntries(Object.entries(widths).map(([path, width]) => [path, Math.max(width, PHONE.width)]));

describe('on a phone (390 px wide)', () => {
  it('no page of the operator, a supplier, a buyer or an LPA scrolls sideways', async () => {
    const { page, baseUrl } = await openBrowser();
    await page.setViewportSize(PHONE);
    const password = inject('demoPassword');

    const visitor = await pageWidths(page, baseUrl, ['/login', '/signUp'], 'mobile-visitor');
    expect(capped(visitor)).toEqual(within(visitor));

    await signIn(page, baseUrl, 'admin', password);
    await waitForSignedInAs(page, 'Alex Admin');
    const round = await firstOf<{ id: string; market: { id: string } }>(
      page,
      '/api/rounds?page=1&pageSize=1',
    );
    const project = await firstOf<{ id: string }>(page, '/api/projects?page=1&pageSize=1');
    const requirement = await firstOf<{ id: string }>(page, '/api/requirements?page=1&pageSize=1');
    const roundPath = `/markets/${round.market.id}/round/${round.id}`;
    const admin = await pageWidths(
      page,
      baseUrl,
      [
        '/',
        '/markets',
        `/markets/${round.market.id}`,
        roundPath,
        '/projects',
        `/projects/${project.id}`,
        '/credit-requirements',
        `/credit-requirements/${requirement.id}`,
        '/participants',
        '/registry/credits',
        '/settings',
      ],
      'mobile-admin',
    );
    expect(capped(admin)).toEqual(within(admin));

    for (const [username, name] of [
      ['supplier', undefined],
      ['buyer', 'Ben Marsh'],
      ['lpa', 'Lowenna Pascoe'],
    ] as const) {
      const session = await openBrowser();
      await session.page.setViewportSize(PHONE);
      await signIn(session.page, baseUrl, username, password);
      await waitForPathname(session.page, '/');
      if (name) await waitForSignedInAs(session.page, name);
      const paths = ['/'];
      if (username === 'lpa') {
        const seen = await firstOf<{ id: string }>(session.page, '/api/projects?page=1&pageSize=1');
        paths.push('/projects', `/projects/${seen.id}`);
      } else {
        const own = await firstOf<{ id: string; market: { id: string } }>(
          session.page,
          '/api/rounds?page=1&pageSize=1',
        );
        paths.push(`/markets/${own.market.id}/round/${own.id}`);
        const record = username === 'buyer' ? 'requirements' : 'projects';
        const mine = await firstOf<{ id: string }>(session.page, `/api/${record}?page=1&pageSize=1`);
        paths.push(username === 'buyer' ? `/credit-requirements/${mine.id}` : `/projects/${mine.id}`);
      }
      const widths = await pageWidths(session.page, baseUrl, paths, `mobile-${username}`);
      expect(capped(widths)).toEqual(within(widths));
      await session.close();
    }
  });

  it('the menu button opens the menu, and choosing a page closes it', async () => {
    const { page, baseUrl } = await openBrowser();
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const banner = page.getByRole('banner');
    // The header's own menu is hidden at this width: one row, no wrapping navigation.
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    const menuButton = banner.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Sign up' }).waitFor();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'mobile-menu-visitor');

    await signIn(page, baseUrl, 'admin', inject('demoPassword'));
    await waitForSignedInAs(page, 'Alex Admin');
    await menuButton.click();
    await menu.getByRole('link', { name: 'Reference data' }).waitFor();
    await screenshot(page, 'mobile-menu-admin');
    await menu.getByRole('link', { name: 'Participants' }).click();
    await waitForPathname(page, '/participants');
    await expect.poll(() => menu.count()).toBe(0);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the skip link', () => {
  it('is the first thing the keyboard reaches, shows when focused and moves the focus to the main content', async () => {
    const { page, baseUrl } = await openBrowser();
    for (const path of ['/login', '/signUp']) {
      await page.goto(`${baseUrl}${path}`);
      await waitForFinishedPage(page);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
      const box = await skip.boundingBox();
      expect(box !== null && box.y >= 0 && box.height > 0).toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    }
    await signIn(page, baseUrl, 'admin', inject('demoPassword'));
    await waitForSignedInAs(page, 'Alex Admin');
    await page.goto(`${baseUrl}/markets`);
    await waitForFinishedPage(page);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
  });
});
