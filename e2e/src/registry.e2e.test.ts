import { describe, expect, inject, it } from 'vitest';
import { expectAccessibleIn } from './accessibility.ts';
import { openBrowser, signIn, waitForPath, waitForSignedInAs } from './browser.ts';

describe('registry', () => {
  it('the public registry opens from the sign-in footer without signing in, with no price, and passes axe', async () => {
    const { page, baseUrl, close } = await openBrowser();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Public registry' }).click();
    await waitForPath(page, '/public/registry');
    await page.getByRole('heading', { level: 1, name: 'Public registry' }).waitFor();
    await page.getByRole('heading', { name: 'Units by National Character Area' }).waitFor();
    expect(await page.locator('main').textContent()).not.toMatch(/£/);
    await expectAccessibleIn(page, 'dark');
    await close();
  });

  it("the operator's Registries pages load from the menu and pass axe", async () => {
    const { page, baseUrl, close } = await openBrowser();
    await signIn(page, baseUrl, 'admin', inject('demoPassword'));
    await waitForSignedInAs(page, 'Alex Admin');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const pages = [
      { link: 'Credits', path: '/registry/credits', heading: 'Credits' },
      { link: 'Projects', path: '/registry/projects', heading: 'Projects registry' },
      {
        link: 'Credit requirements',
        path: '/registry/credit-requirements',
        heading: 'Credit requirements registry',
      },
      { link: 'Credit reserve', path: '/registry/reserve', heading: 'Credit reserve' },
    ];
    for (const { link, path, heading } of pages) {
      const registries = menu.getByRole('button', { name: 'Registries' });
      await registries.click();
      await menu
        .locator(`[id="${await registries.getAttribute('aria-controls')}"]`)
        .getByRole('link', { name: link, exact: true })
        .click();
      await waitForPath(page, path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await expectAccessibleIn(page, 'light');
    }
    await close();
  });
});
