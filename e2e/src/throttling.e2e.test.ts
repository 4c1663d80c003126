import { describe, expect, inject, it } from 'vitest';
import { createConfirmedParticipant } from './accounts.ts';
import { ACTION_TIMEOUT_MS, openBrowser, waitForPath, waitForSignedInAs } from './browser.ts';

/** SPEC: after 5 failures the account waits; within the 5-minute window at most 10 guesses count. */
const FREE_FAILURES = 5;
const MAX_GUESSES_IN_WINDOW = 10;

describe('sign-in throttling', () => {
  it('shows the wait on the form after repeated wrong passwords, and lets the right one in once it is over', async () => {
    const account = await createConfirmedParticipant(inject('baseUrl'), 'throttle');
    const { page, baseUrl } = await openBrowser();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Username').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(`${account.password}-wrong`);
    const signInButton = page.getByRole('button', { name: 'Sign in' });
    const submit = async (): Promise<number> => {
      const answer = page.waitForResponse(
        (response) => response.url().endsWith('/api/auth/login') && response.request().method() === 'POST',
      );
      await signInButton.click();
      return (await answer).status();
    };

    const statuses: number[] = [];
    while (!statuses.includes(429) && statuses.length <= MAX_GUESSES_IN_WINDOW) statuses.push(await submit());
    // The first five wrong guesses are answered normally; a later one (the sixth when they come quickly) waits.
    expect(statuses.slice(0, FREE_FAILURES)).toEqual(Array(FREE_FAILURES).fill(401));
    expect(statuses.at(-1)).toBe(429);

    const alert = page.getByRole('main').getByRole('alert');
    await expect.poll(() => alert.textContent()).toMatch(/Too many attempts\. Try again in \d+ seconds?\./);
    const alertText = (await alert.textContent()) ?? '';
    expect(alertText.match(/Try again in/g), alertText).toHaveLength(1);
    expect(await page.getByLabel('Username').inputValue()).toBe(account.email);
    expect(new URL(page.url()).pathname).toBe('/login');

    // Never a permanent lockout: once the wait is over the right password signs in.
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await expect.poll(submit, { timeout: ACTION_TIMEOUT_MS, interval: 1_000 }).toBe(200);
    await waitForPath(page, '/');
    await waitForSignedInAs(page, account.displayName);
  });
});
