import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ACTION_TIMEOUT_MS, openBrowser, requestsElsewhere, screenshot } from './browser.ts';
import { expectDrawnMap } from './map-helpers.ts';
import { actionPanel, expectToast, signInAs } from './org-helpers.ts';

const MARKET = 'Solent Nature Recovery Market';
/** The demo round open for bids and offers, with biodiversity, nitrogen and phosphorus: cleared by match.e2e. */
const ROUND = 'Round 3 2025';

const progress = (page: Page) => page.getByRole('list', { name: 'Round progress' });

/** Runs a round action from its button and confirms its dialog with `submit`. */
async function runAction(page: Page, title: string, submit: string): Promise<void> {
  await page.getByRole('button', { name: title, exact: true }).click();
  const panel = actionPanel(page, title);
  await panel.getByRole('button', { name: submit, exact: true }).click();
  await panel.waitFor({ state: 'detached' });
}

/** Whether the public registry holds units of more than one credit type (a nutrient round has been accepted). */
async function registryCreditTypes(baseUrl: string): Promise<Set<string>> {
  const answer = await fetch(`${baseUrl}/api/public/registry`);
  expect(answer.status).toBe(200);
  const registry = (await answer.json()) as { byLpa: { creditType: string }[] };
  return new Set(registry.byLpa.map((total) => total.creditType));
}

/**
 * Runs after match.e2e (sequencer.ts), which clears Round 3 2025 and accepts its result; run alone, it clears the
 * round itself first, the shortest way (close, match, accept), so that nutrient credits are in the registry.
 */
describe('the maps once a nutrient round is cleared', () => {
  it("the operator's round map draws the accepted flows of every credit type", async () => {
    const { page, baseUrl, close } = await signInAs('admin', inject('demoPassword'), 'Alex Admin');
    const elsewhere = requestsElsewhere(page, baseUrl);
    await page.getByRole('link', { name: 'Markets', exact: true }).click();
    await page.getByRole('link', { name: MARKET }).click();
    await page.getByRole('heading', { level: 1, name: MARKET }).waitFor();
    await page.getByRole('link', { name: ROUND, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: ROUND }).waitFor();
    const roundPath = new URL(page.url()).pathname;

    if (!(await registryCreditTypes(baseUrl)).has('NutrientMitigationNitrogen')) {
      await runAction(page, 'Close bids and offers', 'Close bids and offers');
      await runAction(page, 'Match bids and offers', 'Match');
      await page.getByRole('link', { name: 'Review matches' }).waitFor({ timeout: 180_000 });
      await page.getByRole('link', { name: 'Review matches' }).click();
      await page.getByRole('heading', { level: 2, name: 'Supply and demand' }).waitFor();
      await runAction(page, 'Accept match', 'Accept');
      await expectToast(page, `Match accepted: ${ROUND} is matched`);
      await page.goto(`${baseUrl}${roundPath}`);
    }
    await progress(page)
      .getByText(/^Matched/)
      .first()
      .waitFor();

    const section = page.getByRole('region', { name: 'Map', exact: true });
    await section.getByRole('button', { name: 'Show the map' }).click();
    const flows = section.getByRole('table', { name: 'Accepted flows' });
    await flows.waitFor();
    for (const credit of ['Biodiversity', 'Nitrogen'])
      await flows.getByRole('cell', { name: credit, exact: true }).first().waitFor();
    const lines = section.getByRole('list', { name: 'Flows from sites to developments' });
    await lines.getByRole('listitem').first().waitFor();
    // Each line says which site serves which development, with the units and the multiplier.
    for (const item of await lines.getByRole('listitem').allTextContents())
      expect(item).toMatch(/^.+ to .+: [\d,.]+ units × (1|0\.75|0\.5)$/);
    expect(await lines.getByRole('listitem').count()).toBe((await flows.getByRole('row').count()) - 1);
    await expectDrawnMap(page, section, 'map-after-01-operator-round-map');
    await screenshot(page, 'map-after-01-operator-round-page');
    expect(elsewhere).toEqual([]);
    await close();
  });

  it("the public registry's credit type changes the shading of the LPAs, signed out", async () => {
    const { page, baseUrl, close } = await openBrowser();
    const elsewhere = requestsElsewhere(page, baseUrl);
    await page.goto(`${baseUrl}/public/registry`);
    await page.getByRole('heading', { level: 1, name: 'Public registry' }).waitFor();
    const section = page.getByRole('region', { name: 'Units by local planning authority', exact: true });
    const table = section.getByRole('table', { name: 'Units by local planning authority' });
    await table.getByRole('columnheader', { name: 'Biodiversity units' }).waitFor();
    const before = await expectDrawnMap(page, section, 'map-after-02-public-biodiversity');

    await section
      .getByRole('radiogroup', { name: 'Credit type' })
      .getByText('Nitrogen', { exact: true })
      .click();
    await table.getByRole('columnheader', { name: 'Nitrogen units' }).waitFor();
    await section.getByText(/by the nitrogen units of its sites/).waitFor();
    const canvas = section.locator('canvas').first();
    await expect
      .poll(async () => (await canvas.screenshot()).equals(before), { timeout: ACTION_TIMEOUT_MS })
      .toBe(false);
    await expectDrawnMap(page, section, 'map-after-02-public-nitrogen');
    expect(elsewhere).toEqual([]);
    await close();
  });
});
