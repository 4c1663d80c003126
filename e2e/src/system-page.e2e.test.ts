import { describe, expect, inject, it } from 'vitest';
import { openBrowser, signIn, waitForPath, waitForSignedInAs } from './browser.ts';

describe('System page', () => {
  it('shows the system administrator the mail outbox, and keeps every other operator out', async () => {
    const baseUrl = inject('baseUrl');
    const address = `system-page-${Date.now()}@example.org`;
    // Someone asks for a confirmation code: the e-mail lands in the outbox.
    const signUp = await fetch(`${baseUrl}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        password: 'whimbrel-shore-44',
        confirmPassword: 'whimbrel-shore-44',
        displayName: 'Sys Page',
        phone: '+447700900555',
        email: address,
        organisationName: 'System Page Farm',
        organisationType: 'PARTICIPANT',
        mailingAddress: '1 Marsh Lane, Snettisham',
      }),
    });
    expect(signUp.status).toBe(200);

    const sysadmin = await openBrowser();
    await signIn(sysadmin.page, sysadmin.baseUrl, 'sysadmin', inject('demoPassword'));
    await waitForSignedInAs(sysadmin.page, 'Sam Sysadmin');
    await sysadmin.page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'System' })
      .click();
    await waitForPath(sysadmin.page, '/system');
    await sysadmin.page.getByRole('heading', { level: 1, name: 'System' }).waitFor();
    await sysadmin.page.getByLabel('Recipient', { exact: false }).fill(address);
    await sysadmin.page.getByRole('button', { name: 'Filter' }).click();
    const table = sysadmin.page.getByRole('table', { name: 'Recent e-mails, newest first' });
    const row = table.getByRole('row').filter({ hasText: address });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Your Curlew confirmation code');
    expect(await row.getByRole('cell').nth(3).textContent()).toMatch(/Your confirmation code is \d{6}/);
    await sysadmin.close();

    const admin = await openBrowser();
    await signIn(admin.page, admin.baseUrl, 'admin', inject('demoPassword'));
    await waitForSignedInAs(admin.page, 'Alex Admin');
    const menu = admin.page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('button', { name: 'Settings' }).waitFor();
    expect(await menu.getByRole('link', { name: 'System' }).count()).toBe(0);
    const outbox = await admin.page.evaluate(async () => (await fetch('/api/dev/outbox')).status);
    expect(outbox).toBe(403);
  });
});
