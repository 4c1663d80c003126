import { afterEach, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, waitForPath } from './browser.ts';

describe('anonymous deep link', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('sends an anonymous visitor to sign in and brings them back to the page they asked for', async () => {
    session = await openBrowser();
    const { page, baseUrl } = session;

    await page.goto(`${baseUrl}/profile?x=1`);
    await waitForPath(page, `/login?redirect=${encodeURIComponent('/profile?x=1')}`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    await page.getByLabel('Username').fill('supplier');
    await page.getByLabel('Password', { exact: true }).fill(inject('demoPassword'));
    await page.getByRole('button', { name: 'Sign in' }).click();

    await waitForPath(page, '/profile?x=1');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await expect.poll(() => page.getByText('Signed in as').textContent()).toContain('supplier');
  });

  it('ignores a redirect to another origin and goes home after signing in', async () => {
    session = await openBrowser();
    const { page, baseUrl } = session;

    await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent('//evil.example/steal')}`);
    await page.getByLabel('Username').fill('buyer');
    await page.getByLabel('Password', { exact: true }).fill(inject('demoPassword'));
    await page.getByRole('button', { name: 'Sign in' }).click();

    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    expect(new URL(page.url()).origin).toBe(baseUrl);
  });
});
