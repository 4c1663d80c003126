import { describe, expect, inject, it } from 'vitest';
import { openBrowser, waitForPath, waitForSignedInAs } from './browser.ts';

describe('anonymous deep link', () => {
  it('sends an anonymous visitor to sign in and brings them back to the page they asked for', async () => {
    const { page, baseUrl } = await openBrowser();

    await page.goto(`${baseUrl}/profile?x=1`);
    await waitForPath(page, `/login?redirect=${encodeURIComponent('/profile?x=1')}`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    await page.getByLabel('Username').fill('supplier');
    await page.getByLabel('Password', { exact: true }).fill(inject('demoPassword'));
    await page.getByRole('button', { name: 'Sign in' }).click();

    await waitForPath(page, '/profile?x=1');
    await waitForSignedInAs(page, 'Sophie Fielding');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await expect.poll(() => page.getByText('Signed in as').textContent()).toContain('supplier');
  });

  it('ignores a redirect to another origin and goes home after signing in', async () => {
    const { page, baseUrl } = await openBrowser();

    await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent('//evil.example/steal')}`);
    await page.getByLabel('Username').fill('buyer');
    await page.getByLabel('Password', { exact: true }).fill(inject('demoPassword'));
    await page.getByRole('button', { name: 'Sign in' }).click();

    await waitForPath(page, '/');
    await waitForSignedInAs(page, 'Ben Marsh');
    expect(new URL(page.url()).origin).toBe(baseUrl);
  });
});
