import { describe, inject, it } from 'vitest';
import { waitForFinishedPage } from './accessibility.ts';
import { expectNoAxeViolations, openBrowser, signIn, waitForSignedInAs } from './browser.ts';
import { actionPanel, expectToast, field } from './org-helpers.ts';

const MARKET = 'Solent Nature Recovery Market';
const DRAFT_ROUND = 'Round 2 2026';
const OPEN_ROUND = 'Round 1 2026';
const RESERVE_WARNING = 'The recommended range is 10% to 20%';

describe('markets and rounds in the browser', () => {
  it('lets the operator find a draft round and set a 25% reserve past the warning; a participant sees the open round', async () => {
    const admin = await openBrowser();
    const { page, baseUrl } = admin;
    await signIn(page, baseUrl, 'admin', inject('demoPassword'));
    await waitForSignedInAs(page, 'Alex Admin');

    await page.getByRole('link', { name: 'Markets', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Markets' }).waitFor();
    await page.getByRole('link', { name: MARKET }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: MARKET }).click();
    await page.getByRole('heading', { level: 1, name: MARKET }).waitFor();
    await page.getByRole('link', { name: DRAFT_ROUND }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: DRAFT_ROUND }).click();
    await page.getByRole('heading', { level: 1, name: DRAFT_ROUND }).waitFor();
    await page.getByRole('list', { name: 'Round progress' }).getByText('Draft · Now').waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: MARKET }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Set credit reserve' }).click();
    const reserve = actionPanel(page, 'Set credit reserve');
    const percentage = field(reserve, 'Credit reserve');
    await percentage.fill('25');
    await reserve.getByText(RESERVE_WARNING).waitFor();
    await field(reserve, 'Reserve applies to').click();
    await page.getByRole('option', { name: 'All demand', exact: true }).click();
    await field(reserve, 'The reserve has been agreed with the EMB').check();
    await reserve.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Set credit reserve succeeded');
    await page.getByText('25%', { exact: true }).waitFor();
    await admin.close();

    const supplier = await openBrowser();
    await signIn(supplier.page, supplier.baseUrl, 'supplier', inject('demoPassword'));
    await waitForSignedInAs(supplier.page, 'Sophie Fielding');
    const open = supplier.page.getByRole('heading', { name: 'Rounds open for registration' });
    await open.waitFor();
    await supplier.page.getByRole('link', { name: OPEN_ROUND }).first().click();
    await supplier.page.getByRole('heading', { level: 1, name: OPEN_ROUND }).waitFor();
    await supplier.page.getByRole('heading', { name: 'Your registration' }).waitFor();
    await waitForFinishedPage(supplier.page);
    await expectNoAxeViolations(supplier.page);
    await supplier.close();
  });
});
