import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { waitForFinishedPage } from './accessibility.ts';
import { expectNoAxeViolations } from './browser.ts';
import { actionPanel, chooseOption, field, signInAs } from './org-helpers.ts';

const MARKET = 'Solent Nature Recovery Market';
/** The demo round open for bids and offers, with offered projects and bid requirements. */
const ROUND = 'Round 3 2025';

describe('the CSV path in the browser', () => {
  it('lets the operator download the suppliers data set and check it for import, row by row', async () => {
    const { page } = await signInAs('admin', inject('demoPassword'), 'Alex Admin');
    await page.getByRole('link', { name: 'Markets', exact: true }).click();
    await page.getByRole('link', { name: MARKET }).click();
    await page.getByRole('link', { name: ROUND }).click();
    await page.getByRole('heading', { level: 1, name: ROUND }).waitFor();
    const card = page.getByRole('region', { name: 'Data sets' });
    await card.waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('link', { name: 'Suppliers as CSV' }).click(),
    ]);
    const file = await download.path();
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toMatch(/^projectId,project,supplierId,supplier,projectType,serviceId,creditType,/);
    expect(lines.length).toBeGreaterThan(1);

    await page.getByRole('button', { name: 'Import data' }).click();
    const panel = actionPanel(page, 'Import data');
    await chooseOption(page, field(panel, 'Credit type'), 'Biodiversity');
    await panel
      .locator('input[type="file"]')
      .nth(1)
      .setInputFiles({ name: download.suggestedFilename(), mimeType: 'text/csv', buffer: Buffer.from(text) });
    await panel.getByRole('button', { name: 'Check the files' }).click();
    await panel.getByRole('table', { name: 'Offers to set' }).waitFor();
    await expect(panel.getByText(/rows read: \d+ offers? and 0 bids to set/).count()).resolves.toBe(1);
    await expectNoAxeViolations(page);
  });
});
