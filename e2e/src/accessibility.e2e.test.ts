import { describe, inject, it } from 'vitest';
import { expectAccessibleIn } from './accessibility.ts';
import { openBrowser, signIn, waitForPath, waitForSignedInAs } from './browser.ts';

// The app picks the scheme from the role (SPEC 1), not from the browser's preference: each test below asks the
// browser for the opposite scheme, so a page that followed prefers-color-scheme would fail the scheme check.
describe('accessibility in both colour schemes', () => {
  it('public pages are dark and pass axe: sign-in, sign-up (also with errors showing)', async () => {
    const { page, baseUrl } = await openBrowser({ colorScheme: 'light' });
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expectAccessibleIn(page, 'dark');

    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Field required').first().waitFor();
    await expectAccessibleIn(page, 'dark');

    await page.goto(`${baseUrl}/signUp`);
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    await expectAccessibleIn(page, 'dark');

    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Field required').first().waitFor();
    await expectAccessibleIn(page, 'dark');
  });

  it('Page not found for a participant is dark and passes axe', async () => {
    const { page, baseUrl } = await openBrowser({ colorScheme: 'light' });
    await signIn(page, baseUrl, 'buyer', inject('demoPassword'));
    await waitForSignedInAs(page, 'Ben Marsh');
    await page.goto(`${baseUrl}/no-such-page`);
    await page.getByRole('heading', { name: 'Sorry' }).waitFor();
    await expectAccessibleIn(page, 'dark');
  });

  it('the operator home and Page not found are light and pass axe', async () => {
    const { page, baseUrl } = await openBrowser({ colorScheme: 'dark' });
    await signIn(page, baseUrl, 'admin', inject('demoPassword'));
    await waitForPath(page, '/');
    await waitForSignedInAs(page, 'Alex Admin');
    await expectAccessibleIn(page, 'light');

    await page.goto(`${baseUrl}/no-such-page`);
    await page.getByRole('heading', { name: 'Sorry' }).waitFor();
    await expectAccessibleIn(page, 'light');
  });

  it('the LPA home is light and passes axe', async () => {
    const { page, baseUrl } = await openBrowser({ colorScheme: 'dark' });
    await signIn(page, baseUrl, 'lpa', inject('demoPassword'));
    await waitForPath(page, '/');
    await waitForSignedInAs(page, 'Lowenna Pascoe');
    await expectAccessibleIn(page, 'light');
  });
});
