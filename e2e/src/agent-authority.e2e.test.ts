import { describe, expect, inject, it } from 'vitest';
import { waitForFinishedPage } from './accessibility.ts';
import { createConfirmedParticipant } from './accounts.ts';
import { expectNoAxeViolations, waitForQuietNetwork } from './browser.ts';
import { actionPanel, chooseOption, closeDropdown, field, signInAs, writeSmallPdf } from './org-helpers.ts';

/** The demo agent organisation and the demo market's open round. */
const DEMO_AGENT = 'Estuary Land Agents';
const DEMO_ROUND = 'Solent Nature Recovery Market - Round 1 2026';

describe('agent authority', () => {
  it('lets a participant give an agent authority for a round, which the operator approves with a permission', async () => {
    const account = await createConfirmedParticipant(inject('baseUrl'), 'client');
    const client = await signInAs(account.email, account.password, account.displayName);
    const clientMain = client.page.getByRole('main');
    await clientMain.getByRole('heading', { level: 1, name: account.organisationName }).waitFor();

    await clientMain.getByRole('button', { name: 'Provide agent authority' }).click();
    const provide = actionPanel(client.page, 'Provide agent authority');
    await chooseOption(client.page, field(provide, 'Market round'), DEMO_ROUND);
    await chooseOption(client.page, field(provide, 'Agent'), DEMO_AGENT);
    await provide.locator('input[type="file"]').setInputFiles(writeSmallPdf('authority-to-act.pdf'));
    await provide.getByText('authority-to-act.pdf').waitFor();
    await chooseOption(client.page, field(provide, 'Permissions'), 'Make offers or bids');
    await closeDropdown(provide);
    await provide.getByRole('button', { name: 'Provide authority' }).click();
    await provide.waitFor({ state: 'detached' });

    const clientAuthorities = clientMain.getByRole('region', { name: 'Agent authorities' });
    const pendingRow = clientAuthorities.getByRole('row').filter({ hasText: DEMO_AGENT });
    await pendingRow.filter({ hasText: 'Pending' }).waitFor();
    expect(await pendingRow.textContent()).toContain('Make offers or bids');
    await pendingRow.getByRole('link', { name: /Authority to act/ }).waitFor();
    await client.close();

    const operator = await signInAs('admin', inject('demoPassword'), 'Alex Admin');
    const { page } = operator;
    await page.goto(`${operator.baseUrl}/participants`);
    await page.getByLabel('Search participants').fill(account.organisationName);
    // The search is in the address once typing pauses; the list then holds only this client.
    await page.waitForURL((url) => url.searchParams.get('q') === account.organisationName);
    await waitForQuietNetwork(page);
    await page.getByRole('link', { name: account.organisationName, exact: true }).click();
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: account.organisationName }).waitFor();
    const authorities = main.getByRole('region', { name: 'Agent authorities' });
    const row = authorities.getByRole('row').filter({ hasText: DEMO_AGENT });
    await row.filter({ hasText: 'Pending' }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);

    await row.getByRole('button', { name: 'Set approval' }).click();
    const approval = actionPanel(page, 'Set approval');
    const confirm = approval.getByRole('button', { name: 'Confirm' });
    await approval.getByRole('radio', { name: 'Yes' }).check();
    // Approving without any permission is refused: remove the permission the client asked for.
    const permissions = field(approval, 'Permissions');
    await permissions.focus();
    await permissions.press('Backspace');
    await approval.getByText('Empty array').waitFor();
    await approval.getByText('Correct the errors before you can save').waitFor();
    expect(await confirm.isDisabled()).toBe(true);

    await chooseOption(page, permissions, 'Register for round');
    await closeDropdown(approval);
    await approval.getByText('Empty array').waitFor({ state: 'detached' });
    await confirm.click();
    await approval.waitFor({ state: 'detached' });

    const approved = row.filter({ hasText: 'Approved' });
    await approved.waitFor();
    expect(await approved.textContent()).toContain('Register for round');
    expect(await approved.textContent()).not.toContain('Make offers or bids');
    await page.reload();
    await approved.waitFor();
    expect(await approved.textContent()).toContain('Register for round');
  });

  it('lets the client decline what its agent filed, after which the operator can never approve it', async () => {
    // The demo agent filed an authority to make the supplier's offers in Round 1 2026; the supplier was asked.
    const supplier = await signInAs('supplier', inject('demoPassword'), 'Sophie Fielding');
    const supplierMain = supplier.page.getByRole('main');
    const authorities = supplierMain.getByRole('region', { name: 'Agent authorities' });
    await authorities.getByText('An authority filed for your organisation awaits your answer').waitFor();
    const filed = authorities.getByRole('row').filter({ hasText: 'Round 1 2026' });
    await filed.filter({ hasText: 'Awaiting the client' }).waitFor();
    expect(await filed.textContent()).toContain('Aled Morgan');
    await waitForFinishedPage(supplier.page);
    await expectNoAxeViolations(supplier.page);
    await filed.getByRole('button', { name: 'Decline authority' }).click();
    const decline = actionPanel(supplier.page, 'Decline authority');
    await decline.getByLabel('Reason (optional)').fill('We did not sign this letter');
    await decline.getByRole('button', { name: 'Decline', exact: true }).click();
    await decline.waitFor({ state: 'detached' });
    await filed.filter({ hasText: 'Declined by the client' }).waitFor();
    expect(await filed.getByRole('button', { name: 'Confirm authority' }).isDisabled()).toBe(true);
    await supplier.close();

    const operator = await signInAs('admin', inject('demoPassword'), 'Alex Admin');
    const { page } = operator;
    await page.goto(`${operator.baseUrl}/participants`);
    await page.getByRole('link', { name: 'Tamar Valley Habitat Bank', exact: true }).click();
    const row = page
      .getByRole('main')
      .getByRole('region', { name: 'Agent authorities' })
      .getByRole('row')
      .filter({ hasText: 'Round 1 2026' });
    await row.filter({ hasText: 'Declined by the client' }).waitFor();
    expect(await row.textContent()).toContain('by Sophie Fielding');
    expect(await row.getByRole('button', { name: 'Set approval' }).isDisabled()).toBe(true);
    await operator.close();
  });
});
