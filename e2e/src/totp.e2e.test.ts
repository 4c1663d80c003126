import { Secret, TOTP } from 'otpauth';
import { describe, expect, inject, it } from 'vitest';
import { createConfirmedParticipant } from './accounts.ts';
import { openBrowser, signIn, waitForPath, waitForPathname, waitForSignedInAs } from './browser.ts';

const PERIOD_SECONDS = 30;

/** What an authenticator app holding `secret` shows at `at`. */
const authenticatorCode = (secret: string, at = Date.now()): string =>
  new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  }).generate({
    timestamp: at,
  });

/** The authenticator's time step: a code is accepted once, so the next sign-in needs a later step. */
const timeStep = (at = Date.now()): number => Math.floor(at / 1000 / PERIOD_SECONDS);

describe('two-factor authentication', () => {
  it('turns on TOTP from the profile, then asks for a code at the next sign-in', async () => {
    const account = await createConfirmedParticipant(inject('baseUrl'), 'totp');
    const { page, baseUrl } = await openBrowser();

    await signIn(page, baseUrl, account.email, account.password);
    await waitForSignedInAs(page, account.displayName);
    await page.goto(`${baseUrl}/profile`);
    await page.getByText('Two-factor authentication is off.').waitFor();
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();

    const secret = ((await page.getByLabel('Secret key').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
    // The set-up address is a QR code drawn in the page (no request leaves it), not raw otpauth:// text.
    const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await page.getByText('otpauth://').count()).toBe(0);
    const verifiedStep = timeStep();
    await page.getByLabel('Authenticator code').fill(authenticatorCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Two-factor authentication is on').first().waitFor();

    await page.getByRole('banner').getByRole('button', { name: account.displayName, exact: true }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await waitForPathname(page, '/login');
    await page.getByRole('button', { name: 'Not logged in' }).waitFor();

    await signIn(page, baseUrl, account.email, account.password);
    await waitForPath(page, '/checkTOTP');
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();

    const currentCode = authenticatorCode(secret);
    const wrongCode = `${currentCode.slice(0, 5)}${(Number(currentCode[5]) + 1) % 10}`;
    await page.getByLabel('Code').fill(wrongCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').waitFor();
    expect(new URL(page.url()).pathname).toBe('/checkTOTP');

    // The code used to verify cannot be used again: wait for the authenticator's next code.
    await expect
      .poll(() => timeStep(), { timeout: (PERIOD_SECONDS + 10) * 1000, interval: 500 })
      .toBeGreaterThan(verifiedStep);
    await page.getByLabel('Code').fill(authenticatorCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();

    await waitForPath(page, '/');
    await waitForSignedInAs(page, account.displayName);
    await page.getByRole('main').getByText(account.organisationName, { exact: true }).first().waitFor();
  });
});
