import { describe, expect, inject, it } from 'vitest';
import { openBrowser, signIn, waitForPath, waitForSignedInAs } from './browser.ts';

/** The shared server's database: what the health line names and which backups it makes. */
const onPostgres = inject('onPostgres');

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

  it('shows the system administrator the health, the solver tasks and a backup made and listed', {
    timeout: 300_000,
  }, async () => {
    const sysadmin = await openBrowser();
    const { page } = sysadmin;
    await signIn(page, sysadmin.baseUrl, 'sysadmin', inject('demoPassword'));
    await waitForSignedInAs(page, 'Sam Sysadmin');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'System' }).click();
    await waitForPath(page, '/system');

    // Health: the server's database answers and every migration of this build is applied.
    const health = page.getByRole('table', { name: 'The system now' });
    await health.waitFor();
    const line = (name: string) =>
      health.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    expect(await line('Database').getByRole('cell').textContent()).toMatch(
      onPostgres ? /^AnsweringPostgreSQL, [\d.]+ ms$/ : /^AnsweringEmbedded \(PGlite\), [\d.]+ ms$/,
    );
    const migrations = (await line('Migrations').getByRole('cell').textContent()) ?? '';
    const [, applied, inBuild] = /^(\d+) of (\d+) applied$/.exec(migrations) ?? [];
    expect(Number(applied)).toBeGreaterThan(0);
    expect(applied).toBe(inBuild);
    expect(await line('Environment').getByRole('cell').textContent()).toBe('test');
    expect(Number(await line('Sessions in use').getByRole('cell').textContent())).toBeGreaterThanOrEqual(1);

    // Solver tasks: the section answers, with its table or its empty sentence, and shows no task's id.
    const tasks = page.getByRole('region', { name: 'Solver tasks' });
    await tasks
      .getByRole('table', { name: 'The latest 50 solver tasks, newest first' })
      .or(tasks.getByText('No solver tasks yet: one is queued when a round is matched.'))
      .waitFor();
    expect(await tasks.textContent()).not.toMatch(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/,
    );

    // Backups: one made here is listed first, with its download. PostgreSQL's (pg_dump) may be restored from here
    // outside production; the embedded database's only with the server stopped.
    const backups = page.getByRole('region', { name: 'Backups' });
    const table = backups.getByRole('table', { name: 'Backups, newest first' });
    const before = (await table.count()) === 0 ? 0 : (await table.getByRole('row').count()) - 1;
    await backups.getByRole('button', { name: 'Make a backup' }).click();
    const extension = onPostgres ? 'pgdump' : 'tar';
    await page
      .getByText(new RegExp(`^Backup curlew-\\d{8}-\\d{9}\\.${extension} made$`))
      .waitFor({ timeout: 240_000 });
    await table
      .getByRole('row')
      .nth(before + 1)
      .waitFor();
    const newest = table.getByRole('row').nth(1);
    const name = (await newest.getByRole('cell').first().textContent()) ?? '';
    expect(name).toMatch(new RegExp(`^curlew-\\d{8}-\\d{9}\\.${extension}$`));
    expect(await newest.getByRole('cell').nth(1).textContent()).toMatch(
      /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
    );
    const download = newest.getByRole('link', { name: `Download ${name}` });
    expect(await download.getAttribute('href')).toBe(`/api/system/backups/${name}/download`);
    const served = await page.evaluate(async (href) => {
      const answer = await fetch(href);
      return { status: answer.status, bytes: (await answer.arrayBuffer()).byteLength };
    }, `/api/system/backups/${name}/download`);
    expect(served.status).toBe(200);
    expect(served.bytes).toBeGreaterThan(0);
    if (onPostgres) {
      // Offered on every backup, not pressed: the journeys share this server.
      await newest.getByRole('button', { name: `Restore ${name}` }).waitFor();
      expect(await backups.getByText(/npm run restore/).count()).toBe(0);
    } else {
      expect(await backups.getByRole('button', { name: /^Restore/ }).count()).toBe(0);
      await backups
        .getByText(
          'The embedded database is restored with the server stopped: npm run restore -- <backup file>.',
        )
        .waitFor();
    }

    // Reset: offered outside production behind the typed word (not pressed: the journeys share this server).
    const reset = page.getByRole('region', { name: 'Reset the database' });
    await reset.getByLabel('Type RESET to confirm').waitFor();
    expect(await reset.getByRole('button', { name: 'Reset to the demo data' }).isDisabled()).toBe(true);
    await sysadmin.close();
  });
});
