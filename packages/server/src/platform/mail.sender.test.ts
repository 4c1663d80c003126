import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, describeWithApp, type TestApp } from '../../test/app.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { queryRows } from './db/connect.ts';
import { MailSender, smtpTransport } from './mail.sender.ts';
import { mailOutbox } from './mail.tables.ts';
import { queueMail } from './mail.ts';

describeWithApp('outbox sender: leases and backoff', (t) => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const sender = (owner: string) =>
    new MailSender(t.db, t.clock.now, smtpTransport(smtp.url), 'robot@curlew.example', 'localhost', {
      owner,
      leaseMs: 30_000,
    });

  it('waits one minute after the first failure, doubling to at most an hour', () => {
    const delays = [1, 2, 3, 4, 6, 7, 8, 20].map((attempts) => sender('x').retryDelayMs(attempts) / 60_000);
    expect(delays).toEqual([1, 2, 4, 8, 32, 60, 60, 60]);
  });

  it('logs a refusal and a giving-up by e-mail id and attempt, never the address or the message', async () => {
    smtp.mode = 'down';
    const lines: { level: string; details: object; message: string }[] = [];
    const log = {
      warn: (details: object, message: string) => lines.push({ level: 'warn', details, message }),
      error: (details: object, message: string) => lines.push({ level: 'error', details, message }),
    };
    await queueMail(t.db, t.clock.now(), {
      to: 'logged@smtp.example',
      subject: 'Logged',
      text: 'Secret text',
    });
    const logging = new MailSender(
      t.db,
      t.clock.now,
      smtpTransport(smtp.url),
      'robot@curlew.example',
      'localhost',
      {
        maxAttempts: 2,
        log,
      },
    );
    expect(await logging.sendDue()).toBe(0);
    smtp.mode = 'refusing';
    t.clock.advance(60_000);
    expect(await logging.sendDue()).toBe(0);
    await logging.stop();
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'logged@smtp.example'));
    expect(row).toMatchObject({ status: 'Failed', attempts: 2 });
    // The stored error keeps the server's whole answer for the System page.
    expect(row?.lastError).toContain('<logged@smtp.example>: Mailbox unavailable');
    expect(lines.map((line) => [line.level, line.details, line.message])).toEqual([
      [
        'warn',
        { event: 'mail_refused', mailId: row?.id, attempts: 1, err: expect.stringContaining('421') },
        'e-mail refused; it will be tried again',
      ],
      [
        'error',
        { event: 'mail_failed', mailId: row?.id, attempts: 2, err: expect.stringContaining('550 [address]') },
        'e-mail given up after its last attempt',
      ],
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/logged@smtp\.example|Secret text/);
  });

  it('leaves an e-mail claimed by a live sender alone, and claims it again once the lease of a dead one runs out', async () => {
    smtp.mode = 'stalling';
    await queueMail(t.db, t.clock.now(), { to: 'lease@smtp.example', subject: 'Leased', text: 'Once' });
    const row = async () =>
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'lease@smtp.example')))[0];
    const stuck = sender('stuck');
    const stuckPass = stuck.sendDue();
    await vi.waitFor(() => expect(smtp.stalled).toBe(1), { timeout: 10_000, interval: 10 });
    expect(await row()).toMatchObject({ status: 'Sending', leaseOwner: 'stuck', attempts: 1 });

    smtp.mode = 'accepting';
    const survivor = sender('survivor');
    expect(await survivor.sendDue()).toBe(0);
    t.clock.advance(30_001);
    expect(await survivor.sendDue()).toBe(1);
    expect(await row()).toMatchObject({ status: 'Sent', leaseOwner: null, attempts: 2 });
    const sentAt = (await row())?.sentAt;

    // The stuck sender's server answers at last: its late success changes nothing it no longer holds.
    t.clock.advance(5_000);
    smtp.release();
    await stuckPass;
    expect(await row()).toMatchObject({ status: 'Sent', attempts: 2, sentAt });
    // SMTP got it twice (the one case the outbox cannot prevent), both copies with the same Message-ID.
    const copies = smtp.received.filter((mail) => mail.to.includes('lease@smtp.example'));
    expect(copies.map((mail) => mail.messageId)).toEqual([
      `<outbox-${(await row())?.id}@localhost>`,
      `<outbox-${(await row())?.id}@localhost>`,
    ]);
    await stuck.stop();
    await survivor.stop();
  });
});

// Two server processes on one PostgreSQL: only where a PostgreSQL server is configured for tests (always in CI);
// PGlite is one process with one connection, where no claim can race.
if (process.env.TEST_DATABASE_URL) {
  describe('outbox sender: two server processes drain one PostgreSQL outbox', () => {
    let first: TestApp;
    let smtp: TestSmtpServer;
    let databaseUrl = '';
    beforeAll(async () => {
      first = await createTestApp('postgres');
      smtp = await startTestSmtpServer();
      const [database] = await queryRows<{ name: string }>(first.db, sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${database?.name}`;
      databaseUrl = url.toString();
    });
    afterAll(async () => {
      await smtp?.close();
      await first?.close();
    });

    it('sends each e-mail exactly once while the senders of two processes claim together', async () => {
      const total = 120;
      for (let index = 0; index < total; index++) {
        await queueMail(first.db, new Date(), {
          to: `many-${index}@smtp.example`,
          subject: `Mail ${index}`,
          text: 'x',
        });
      }
      smtp.acceptDelayMs = 5;
      const module = (name: string) => JSON.stringify(fileURLToPath(new URL(name, import.meta.url)));
      const script = `const { connectPostgres } = await import(${module('./db/connect.ts')});
        const { MailSender, smtpTransport } = await import(${module('./mail.sender.ts')});
        const connection = await connectPostgres(${JSON.stringify(databaseUrl)}, { max: 2 });
        const sender = new MailSender(connection.db, () => new Date(), smtpTransport(${JSON.stringify(smtp.url)}),
          'second@curlew.example', 'localhost', { owner: 'second' });
        process.stdout.write('ready\\n');
        await new Promise((resolve) => process.stdin.once('data', resolve));
        process.stdin.destroy();
        await sender.sendDue();
        await sender.stop();
        await connection.close();`;
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      await once(child.stdout, 'data');
      const local = new MailSender(
        first.db,
        () => new Date(),
        smtpTransport(smtp.url),
        'first@curlew.example',
        'localhost',
        {
          owner: 'first',
        },
      );
      child.stdin.end('go\n');
      const [exited] = await Promise.all([once(child, 'exit'), local.sendDue()]);
      await local.stop();
      expect(exited).toEqual([0, null]);

      const ids = smtp.received.map((mail) => mail.messageId);
      expect(ids).toHaveLength(total);
      expect(new Set(ids).size).toBe(total);
      const senders = new Set(smtp.received.map((mail) => mail.from));
      expect([...senders].sort()).toEqual(['first@curlew.example', 'second@curlew.example']);
      const stored = await first.db
        .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
        .from(mailOutbox);
      expect(stored).toHaveLength(total);
      expect(stored.every((row) => row.status === 'Sent' && row.attempts === 1)).toBe(true);
    }, 60_000);
  });
}
