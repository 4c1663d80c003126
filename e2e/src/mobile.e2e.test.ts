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

/**
 * The pages on which the document is wider than the phone (so the whole page scrolls sideways), each with the
 * outermost elements reaching past its right edge; none is the answer wanted.
 */
async function sidewaysPages(page: Page, baseUrl: string, paths: readonly string[], shotPrefix: string) {
  const wide: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(`${baseUrl}${path}`);
    await waitForFinishedPage(page);
    await screenshot(page, `${shotPrefix}${path.replaceAll('/', '_') || '_home'}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width <= PHONE.width) continue;
    wide[path] = await page.evaluate((limit) => {
      const reaching = [...document.body.querySelectorAll('*')].filter(
        (element) => element.getBoundingClientRect().right > limit + 1,
      );
      return reaching
        .filter((element) => !reaching.includes(element.parentElement as Element))
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`);
    }, PHONE.width);
  }
  return wide;
}

/** A journey through many pages on a busy machine: longer than one test's usual limit. */
const MANY_PAGES_MS = 300_000;

describe('on a phone (390 px wide)', () => {
  it(
    'no page of a visitor or the operator scrolls sideways',
    async () => {
      const { page, baseUrl } = await openBrowser();
      await page.setViewportSize(PHONE);
      const wide: Record<string, Record<string, string[]>> = {};
      wide.visitor = await sidewaysPages(page, baseUrl, ['/login', '/signUp'], 'mobile-visitor');
      await signIn(page, baseUrl, 'admin', inject('demoPassword'));
      await waitForSignedInAs(page, 'Alex Admin');
      const round = await firstOf<{ id: string; market: { id: string } }>(
        page,
        '/api/rounds?page=1&pageSize=1',
      );
      const project = await firstOf<{ id: string }>(page, '/api/projects?page=1&pageSize=1');
      const requirement = await firstOf<{ id: string }>(page, '/api/requirements?page=1&pageSize=1');
      wide.admin = await sidewaysPages(
        page,
        baseUrl,
        [
          '/',
          '/markets',
          `/markets/${round.market.id}`,
          `/markets/${round.market.id}/round/${round.id}`,
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
      expect(wide).toEqual({ visitor: {}, admin: {} });
    },
    MANY_PAGES_MS,
  );

  it.each(['supplier', 'buyer', 'lpa'] as const)(
    'no page of the %s scrolls sideways',
    async (username) => {
      const { page, baseUrl } = await openBrowser();
      await page.setViewportSize(PHONE);
      await signIn(page, baseUrl, username, inject('demoPassword'));
      await waitForPathname(page, '/');
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).waitFor();
      const paths = ['/'];
      if (username === 'lpa') {
        const seen = await firstOf<{ id: string }>(page, '/api/projects?page=1&pageSize=1');
        paths.push('/projects', `/projects/${seen.id}`);
      } else {
        const own = await firstOf<{ id: string; market: { id: string } }>(
          page,
          '/api/rounds?page=1&pageSize=1',
        );
        paths.push(`/markets/${own.market.id}/round/${own.id}`);
        const record = username === 'buyer' ? 'requirements' : 'projects';
        const mine = await firstOf<{ id: string }>(page, `/api/${record}?page=1&pageSize=1`);
        paths.push(username === 'buyer' ? `/credit-requirements/${mine.id}` : `/projects/${mine.id}`);
      }
      expect(await sidewaysPages(page, baseUrl, paths, `mobile-${username}`)).toEqual({});
    },
    MANY_PAGES_MS,
  );

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
    // Signing in moves on to the home page; a change of page closes the menu, so open it once there.
    await waitForPathname(page, '/');
    await waitForFinishedPage(page);
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
    await screenshot(page, 'desktop-admin-markets');
    await page.keyboard.press('Tab');
    await screenshot(page, 'desktop-admin-skip-link');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
  });
});
