import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, requestsElsewhere, screenshot } from './browser.ts';
import { signInAs } from './org-helpers.ts';

const MARKET = 'Solent Nature Recovery Market';
/** Accepted a year ago: its projects, requirements and the flows of its result are on the map. */
const ROUND = 'Round 1 2025';

describe("a round's map", () => {
  it('the operator shows the map of an accepted round, drawn by Curlew alone, with no axe violations', async () => {
    const operator = await signInAs('admin', inject('demoPassword'), 'Alex Admin');
    const { page, baseUrl } = operator;
    const elsewhere = requestsElsewhere(page, baseUrl);

    await page.getByRole('link', { name: 'Markets', exact: true }).click();
    await page.getByRole('link', { name: MARKET }).click();
    await page.getByRole('heading', { level: 1, name: MARKET }).waitFor();
    await page.getByRole('link', { name: ROUND, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: ROUND }).waitFor();

    await page.getByRole('button', { name: 'Show the map' }).click();
    await page.locator('[data-map-ready="true"]').waitFor();
    const places = page.getByRole('list', { name: 'Places on the map' });
    await places.waitFor();
    expect(await places.getByRole('button', { name: /^Project / }).count()).toBeGreaterThan(0);
    expect(await places.getByRole('button', { name: /^Credit requirement / }).count()).toBeGreaterThan(0);
    expect(
      await page
        .getByRole('list', { name: 'Flows from sites to developments' })
        .getByRole('listitem')
        .count(),
    ).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/Contains OS data © Crown copyright/).count()).toBeGreaterThan(0);
    await page.getByText('The map cannot be shown in this browser').waitFor({ state: 'detached' });
    await screenshot(page, 'round-map-operator');
    const folder = process.env.E2E_SCREENSHOTS;
    if (folder)
      await page
        .locator('#round-map-title')
        .locator('../..')
        .screenshot({ path: `${folder}/round-map-operator-section.png` });

    await expectNoAxeViolations(page);
    expect(elsewhere).toEqual([]);
  });
});
