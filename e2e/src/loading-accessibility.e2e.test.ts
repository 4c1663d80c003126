import { describe, expect, inject, it } from 'vitest';
import { expectAccessibleIn, loaders } from './accessibility.ts';
import { appColourScheme, expectNoAxeViolations, openBrowser, signIn, waitForSignedInAs } from './browser.ts';

describe('loading screen accessibility', () => {
  it("the loading screen keeps the operator's light scheme (no dark flash on a full load) and passes axe", async () => {
    const { page, baseUrl } = await openBrowser({ colorScheme: 'light' });
    await signIn(page, baseUrl, 'admin', inject('demoPassword'));
    await waitForSignedInAs(page, 'Alex Admin');
    await expectAccessibleIn(page, 'light');

    // Hold the signed-in user's details so the next load stays on the loading screen while axe looks at it.
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/user', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
    await loaders(page).first().waitFor();
    // A first visit loads dark (SPEC 1); afterwards the scheme the app last chose is applied before the first paint.
    expect(await appColourScheme(page)).toBe('light');
    // A loading screen has no page heading yet; every other rule applies to it.
    await expectNoAxeViolations(page, { disableRules: ['page-has-heading-one'] });

    release();
    await waitForSignedInAs(page, 'Alex Admin');
    await expectAccessibleIn(page, 'light');
  });
});
