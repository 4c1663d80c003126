import { describe, expect, inject, it } from 'vitest';
import { createConfirmedParticipant } from './accounts.ts';
import { openBrowser, signIn, waitForPathname, waitForSignedInAs } from './browser.ts';

// Defects a new user met trying Curlew (issue: phone numbers, sign-out, pages showing technical text).
describe('what a new user meets', () => {
  it('saves a UK phone typed as people write it, in the dark, and signs out to plain /login', async () => {
    const account = await createConfirmedParticipant(inject('baseUrl'), 'phone');
    const { page, baseUrl } = await openBrowser({ colorScheme: 'dark' });
    await signIn(page, baseUrl, account.email, account.password);
    await waitForSignedInAs(page, account.displayName);
    await page.goto(`${baseUrl}/profile`);
    const phone = page.getByLabel('Phone', { exact: true });
    await expect.poll(() => phone.inputValue()).toBe('07700 900123');
    // No message before anything is typed.
    expect(await page.getByText('Field required').count()).toBe(0);

    // The phone box and its country button are dark like the other inputs; the flag is our own image.
    const background = (selector: string) =>
      page.locator(selector).evaluate((element) => getComputedStyle(element).backgroundColor);
    const nameBackground = await background('input[autocomplete="name"]');
    expect(await background('input[type="tel"]')).toBe(nameBackground);
    const countryButton = page.getByRole('button', { name: 'Phone country: United Kingdom +44' });
    expect(await countryButton.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      nameBackground,
    );
    const flag = page.locator('img[src*="GB"]').first();
    expect(await flag.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(new URL((await flag.getAttribute('src')) ?? '', baseUrl).origin).toBe(new URL(baseUrl).origin);

    await phone.fill('');
    await phone.pressSequentially('07700 900103');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your profile has been saved').waitFor();
    const saved = await page.evaluate(async () => (await (await fetch('/api/auth/user')).json()).phone);
    expect(saved).toBe('+447700900103');

    // A pasted French number chooses France and keeps its digits; '+44 123' is refused.
    await phone.fill('+33 1 23 45 67 89');
    await page.getByRole('button', { name: 'Phone country: France +33' }).waitFor();
    expect(await phone.inputValue()).toBe('+33 1 23 45 67 89');
    await phone.fill('+44 123');
    await page.getByText('Not a valid phone number').waitFor();

    await page.getByRole('banner').getByRole('button', { name: account.displayName, exact: true }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await waitForPathname(page, '/login');
    expect(new URL(page.url()).search).toBe('');
  });

  it('shows an organisation one may not see as not found at once, in words', async () => {
    const account = await createConfirmedParticipant(inject('baseUrl'), 'notfound');
    const { page, baseUrl } = await openBrowser();
    await signIn(page, baseUrl, account.email, account.password);
    await waitForPathname(page, '/');
    await waitForSignedInAs(page, account.displayName);
    const missing = '00000000-0000-4000-8000-000000000000';
    // Answers, not requests: a request the page abandons while it settles has no answer and is no retry.
    let answers = 0;
    page.on('response', (response) => {
      if (response.url().endsWith(`/api/organisation/${missing}`)) answers++;
    });
    await page.goto(`${baseUrl}/participants/${missing}`);
    await page.getByRole('heading', { level: 1, name: 'Sorry' }).waitFor({ timeout: 3_000 });
    await page.getByText('We could not find this organisation.', { exact: false }).waitFor();
    expect(await page.getByRole('main').textContent()).not.toContain(missing);
    expect(await page.getByRole('navigation', { name: 'Breadcrumbs' }).count()).toBe(0);
    // The 404 is an answer: it is not asked again. The page and its title bar may each ask once as it opens; a
    // retry would come a second after the not-found page shows, then two.
    const shownAfter = answers;
    expect(shownAfter).toBeGreaterThanOrEqual(1);
    await page.waitForTimeout(2_500);
    expect(answers).toBe(shownAfter);
  });

  it('keeps the operator light through a full page load, with no visitor header on the way', async () => {
    const { page, baseUrl } = await openBrowser({ colorScheme: 'dark' });
    await signIn(page, baseUrl, 'admin', inject('demoPassword'));
    await waitForSignedInAs(page, 'Alex Admin');
    // Every scheme the page shows and whether it ever offered 'Not logged in', from the first byte on.
    await page.addInitScript(() => {
      const seen: string[] = [];
      let visitorHeader = false;
      Object.assign(window, { curlewSchemes: seen, curlewVisitorHeader: () => visitorHeader });
      new MutationObserver(() => {
        // Nothing is painted before <body>: the head's inline colour-scheme script runs first.
        if (!document.body) return;
        const scheme = document.documentElement.getAttribute('data-mantine-color-scheme') ?? '';
        if (seen.at(-1) !== scheme) seen.push(scheme);
        if (document.body.textContent?.includes('Not logged in')) visitorHeader = true;
      }).observe(document, { attributes: true, childList: true, subtree: true });
    });
    await page.reload();
    await waitForSignedInAs(page, 'Alex Admin');
    const schemes = await page.evaluate(
      () => (window as unknown as { curlewSchemes: string[] }).curlewSchemes,
    );
    expect(schemes.filter((scheme) => scheme !== '')).toEqual(['light']);
    expect(
      await page.evaluate(() =>
        (window as unknown as { curlewVisitorHeader: () => boolean }).curlewVisitorHeader(),
      ),
    ).toBe(false);
  });
});
