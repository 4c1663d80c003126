import { afterEach, describe, expect, inject, it } from 'vitest';
import { expectAccessibleIn, waitForFinishedPage } from './accessibility.ts';
import { type BrowserSession, screenshot } from './browser.ts';
import { signInAs } from './org-helpers.ts';

describe('search', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('the operator searches a planning reference from the header and lands on the requirement', async () => {
    session = await signInAs('admin', inject('demoPassword'), 'Alex Admin');
    const { page } = session;
    await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
    const box = page.getByRole('banner').getByRole('textbox', { name: 'Search' });
    await box.fill('P/24/0412/OA');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search/P%2F24%2F0412%2FOA');
    const main = page.getByRole('main');
    expect(await main.getByRole('textbox', { name: 'Search for' }).inputValue()).toBe('P/24/0412/OA');
    const requirements = main.getByRole('region', { name: /^Credit requirements \(\d+\)$/ });
    await requirements.waitFor();
    const link = requirements.getByRole('link', { name: 'Whiteley Farm housing', exact: true });
    expect(await requirements.locator('mark', { hasText: 'P/24/0412/OA' }).count()).toBeGreaterThan(0);
    await expectAccessibleIn(page, 'light');
    await screenshot(page, 'search-operator');
    await link.click();
    await page.waitForURL((url) => /^\/credit-requirements\/[^/]+$/.test(url.pathname));
    await waitForFinishedPage(page);
    await page
      .getByRole('main')
      .getByRole('heading', { level: 1, name: 'Whiteley Farm housing', exact: true })
      .waitFor();
  });

  it("the LPA officer finds its area's development, and none of another area", async () => {
    session = await signInAs('eastleigh', inject('demoPassword'), 'Elin Hart');
    const { page } = session;
    await page.goto(`${session.baseUrl}/search/Botley`);
    const main = page.getByRole('main');
    const requirements = main.getByRole('region', { name: /^Credit requirements \(\d+\)$/ });
    await requirements.getByRole('link', { name: 'Botley Road homes', exact: true }).waitFor();
    await expectAccessibleIn(page, 'light');
    await screenshot(page, 'search-lpa');
    await main.getByRole('textbox', { name: 'Search for' }).fill('Whiteley Farm');
    await main.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/search/Whiteley%20Farm');
    await main.getByText('Nothing you can see matches “Whiteley Farm”.').waitFor();
  });
});
