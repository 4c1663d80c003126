import { describe, expect, it } from 'vitest';
import { strongPassword, uniqueEmail, uniqueTag } from './accounts.ts';
import { openBrowser, waitForCodeFor, waitForPath, waitForSignedInAs } from './browser.ts';

describe('sign-up journey', () => {
  it('signs up, keeps typed input through validation errors, confirms by code and lands on the participant home', async () => {
    const { page, baseUrl } = await openBrowser();
    const email = uniqueEmail('signup');
    const password = strongPassword();
    const displayName = `Signup Person ${uniqueTag()}`;
    const organisationName = `Signup Meadows ${uniqueTag()}`;

    await page.goto(`${baseUrl}/signUp`);
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Display name').fill(displayName);
    const phone = page.getByLabel('Phone', { exact: true });
    await phone.click();
    await phone.pressSequentially('12');
    await page.getByLabel('Organisation name').fill(organisationName);
    await page.getByRole('radio', { name: 'Participant' }).check();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(`${password}-typo`);
    await page.getByRole('button', { name: 'Sign up' }).click();

    // A participant organisation needs a mailing address (SPEC 5).
    const address = page.getByLabel('Mailing address');
    await page.getByText('Field required').waitFor();
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Passwords do not match').waitFor();
    await page.getByText('Not a valid phone number').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signUp');
    // Nothing typed is lost when the form refuses to submit.
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByLabel('Display name').inputValue()).toBe(displayName);
    expect(await phone.inputValue()).toBe('12');
    expect(await page.getByLabel('Organisation name').inputValue()).toBe(organisationName);
    expect(await page.getByRole('radio', { name: 'Participant' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(password);
    expect(await page.getByLabel('Confirm password').inputValue()).toBe(`${password}-typo`);

    await page.getByLabel('Confirm password').fill(password);
    await address.fill('Signup Farm\nMarsh Lane\nSnettisham PE31 7PU');
    await phone.pressSequentially('34567890');
    await page.getByText('Passwords do not match').waitFor({ state: 'detached' });
    await page.getByText('Not a valid phone number').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Sign up' }).click();

    await waitForPath(page, `/confirmSignUp?email=${encodeURIComponent(email)}`);
    await page.getByRole('heading', { name: 'Confirm your account' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Code').fill(await waitForCodeFor(baseUrl, email));
    await page.getByRole('button', { name: 'Confirm' }).click();

    await waitForPath(page, '/login');
    await page.getByText('Your account is confirmed. You can now sign in.').waitFor();
    expect(await page.getByLabel('Username or email address').inputValue()).toBe(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await waitForPath(page, '/');
    await waitForSignedInAs(page, displayName);
    await page.getByRole('main').getByText(organisationName, { exact: true }).first().waitFor();
  });
});
