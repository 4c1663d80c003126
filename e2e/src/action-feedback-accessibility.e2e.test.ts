import { describe, inject, it } from 'vitest';
import { waitForFinishedPage } from './accessibility.ts';
import { createConfirmedParticipant, uniqueTag } from './accounts.ts';
import { expectNoAxeViolations } from './browser.ts';
import { actionPanel, expectToast, field, signInAs } from './org-helpers.ts';

describe('action panel feedback and settings accessibility', () => {
  it('has no axe violations with the action panel open', async () => {
    const { page, baseUrl } = await signInAs('admin', inject('demoPassword'), 'Alex Admin');
    await page.goto(`${baseUrl}/participants`);
    await page.getByRole('button', { name: 'Add participant' }).click();
    const create = actionPanel(page, 'Add participant');
    await field(create, 'Name').fill(`E2E Panel Check ${uniqueTag()}`);
    await expectNoAxeViolations(page);
  });

  it('toasts the success of an action', async () => {
    const account = await createConfirmedParticipant(inject('baseUrl'), 'toast');
    const { page } = await signInAs(account.email, account.password, account.displayName);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: account.organisationName }).waitFor();
    await main.getByRole('button', { name: 'Update organisation' }).click();
    const update = actionPanel(page, 'Update organisation');
    await field(update, 'Contact name').fill('Toast Contact');
    await field(update, 'Email').fill(account.email);
    await field(update, 'Mailing address').fill('3 Shingle Street');
    await update.getByRole('button', { name: 'Update', exact: true }).click();
    await expectToast(page, 'Update organisation succeeded');
  });

  it('has no axe violations on the settings page', async () => {
    const { page, baseUrl } = await signInAs('admin', inject('demoPassword'), 'Alex Admin');
    await page.goto(`${baseUrl}/settings`);
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);
  });
});
