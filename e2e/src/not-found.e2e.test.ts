import { describe, inject, it } from 'vitest';
import { openBrowser, signIn, waitForPath, waitForSignedInAs } from './browser.ts';

describe('unknown paths', () => {
  it("shows 'Sorry' and 'Page not found' to a signed-in user", async () => {
    const { page, baseUrl } = await openBrowser();
    await signIn(page, baseUrl, 'supplier', inject('demoPassword'));
    await waitForSignedInAs(page, 'Sophie Fielding');

    await page.goto(`${baseUrl}/no-such-page/at-all?x=1`);
    await page.getByRole('heading', { name: 'Sorry', level: 1 }).waitFor();
    await page.getByRole('main').getByText('Page not found', { exact: true }).waitFor();
    await waitForPath(page, '/no-such-page/at-all?x=1');
  });

  it('sends an anonymous visitor on an unknown path to sign in first', async () => {
    const { page, baseUrl } = await openBrowser();
    await page.goto(`${baseUrl}/no-such-page`);
    await waitForPath(page, `/login?redirect=${encodeURIComponent('/no-such-page')}`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });
});
