import { describe, expect, inject, it } from 'vitest';
import { openBrowser, signIn, waitForPath, waitForSignedInAs } from './browser.ts';

/** The admin navigation groups of SPEC 2 that hold links (Markets is a plain link). */
const ADMIN_GROUPS = ['Records', 'Registries', 'Settings'];

describe('admin menu and admin routes', () => {
  it('shows the operator the admin menu and keeps participants out of the admin area', async () => {
    const admin = await openBrowser();
    await signIn(admin.page, admin.baseUrl, 'admin', inject('demoPassword'));
    await waitForSignedInAs(admin.page, 'Alex Admin');
    const adminMenu = admin.page.getByRole('navigation', { name: 'Main menu' });
    const settings = adminMenu.getByRole('button', { name: 'Settings' });
    await settings.waitFor();
    await settings.click();
    const settingsLinks = adminMenu
      .locator(`[id="${await settings.getAttribute('aria-controls')}"]`)
      .getByRole('link');
    await settingsLinks.first().waitFor();
    const adminOnlyPath = await settingsLinks.first().getAttribute('href');
    expect(adminOnlyPath).toMatch(/^\/(settings|lpas|operators)/);
    await admin.close();

    const participant = await openBrowser();
    const { page, baseUrl } = participant;
    await signIn(page, baseUrl, 'buyer', inject('demoPassword'));
    await waitForSignedInAs(page, 'Ben Marsh');
    const participantMenu = page.getByRole('navigation', { name: 'Main menu' });
    await participantMenu.getByRole('link', { name: 'Home' }).waitFor();
    for (const group of [...ADMIN_GROUPS, 'Markets']) {
      expect(await participantMenu.getByRole('button', { name: group }).count()).toBe(0);
      expect(await participantMenu.getByRole('link', { name: group }).count()).toBe(0);
    }

    await page.goto(`${baseUrl}${adminOnlyPath}`);
    await waitForPath(page, '/');
    await waitForSignedInAs(page, 'Ben Marsh');
  });
});
