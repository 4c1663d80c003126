import { RECORD_PAGES } from '@curlew/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeWithApp, requestJson } from '../../test/app.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { asRole, buildWorld, type World } from '../../test/world.ts';
import { MIN_ANSWER_MS } from '../auth/parity.ts';
import { buildRoundReferences, readyToOpen } from '../modules/rounds/rounds.testing.ts';
import { mailOutbox } from './mail.tables.ts';

const MINUTE_MS = 60_000;

/** The text of a received e-mail, quoted-printable soft breaks and escapes undone. */
const bodyOf = (raw: string): string =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describeWithApp('e-mail through the outbox when the SMTP server refuses, then accepts', (t) => {
  let smtp: TestSmtpServer;
  let app: FastifyInstance;
  let world: World;

  const outbox = () => t.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
  const timed = async (url: string, body: unknown) => {
    const started = performance.now();
    const response = await requestJson(app, 'POST', url, body);
    return { status: response.statusCode, body: response.body, ms: performance.now() - started };
  };

  beforeAll(async () => {
    smtp = await startTestSmtpServer('down');
    // A server process with a mail server (the suite's own app keeps e-mail in the outbox).
    app = await t.withConfig(
      { smtpUrl: smtp.url, mailFrom: 'Curlew <robot@curlew.example>' },
      { mailSender: { pollMs: 25, maxAttempts: 3 } },
    );
    world = await buildWorld(app, t.db);
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('closes registration (200) while the mail server is down, keeps every e-mail with its error, and sends each exactly once when it accepts', async () => {
    const references = await buildRoundReferences(t.db);
    const post = (url: string, body: unknown) => asRole(app, world, 'admin', 'POST', url, body);
    const market = await post('/api/markets', { name: 'Mail market', buyerShareOfSurplus: 0.5 });
    expect(market.statusCode, market.body).toBe(201);
    const marketId: string = market.json().context.id;
    const created = await post('/api/rounds', {
      marketId,
      name: 'Round M',
      services: ['Biodiversity'],
      standardIds: [references.standardId],
      projectTypeIds: [references.projectTypeId],
      ncaIds: [],
      lpaIds: [],
      bidderType: 'BuyersAndInvestors',
    });
    expect(created.statusCode, created.body).toBe(201);
    const roundId: string = created.json().context.id;
    await readyToOpen(t.db, roundId);
    expect((await post(`/api/round/${roundId}/action/Open`, {})).statusCode).toBe(200);
    for (const member of [world.members.participant, world.otherParticipant]) {
      const recorded = await post(`/api/round/${roundId}/action/RecordParticipant`, {
        organisationId: member.organisation.id,
        capacity: 'Supplier',
      });
      expect(recorded.statusCode, recorded.body).toBe(200);
    }

    const closed = await post(`/api/round/${roundId}/action/Close`, {});
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().message).toBeTruthy();

    // The round closed and its e-mails are stored; the sender tried at once and kept the server's refusal.
    const subject = 'Registration for Mail market - Round M has closed';
    const link = `${t.config.publicUrl}${RECORD_PAGES.round(marketId, roundId)}`;
    const recipients = [world.members.participant.user.email, world.otherParticipant.user.email].sort();
    await vi.waitFor(
      async () => {
        const closing = (await outbox()).filter((mail) => mail.subject === subject);
        expect(closing.map((mail) => mail.to).sort()).toEqual(recipients);
        for (const mail of closing) {
          expect(mail).toMatchObject({ status: 'Pending', attempts: 1, link, sentAt: null });
          expect(mail.lastError).toContain('421');
          expect(mail.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + MINUTE_MS);
        }
      },
      { timeout: 10_000, interval: 25 },
    );
    expect(smtp.received).toEqual([]);

    // A minute later the server answers but rejects the recipients: tried again, kept with the new error.
    smtp.mode = 'refusing';
    t.clock.advance(MINUTE_MS);
    await vi.waitFor(
      async () => {
        const closing = (await outbox()).filter((mail) => mail.subject === subject);
        expect(closing.map((mail) => [mail.status, mail.attempts])).toEqual([
          ['Pending', 2],
          ['Pending', 2],
        ]);
        for (const mail of closing) expect(mail.lastError).toContain('550');
      },
      { timeout: 10_000, interval: 25 },
    );

    // Then it accepts: every e-mail of the outbox leaves once, with its own Message-ID.
    smtp.mode = 'accepting';
    t.clock.advance(2 * MINUTE_MS);
    await vi.waitFor(
      async () => expect((await outbox()).filter((mail) => mail.status !== 'Sent')).toEqual([]),
      { timeout: 10_000, interval: 25 },
    );
    // Another pass finds nothing to send again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stored = await outbox();
    expect(smtp.received.map((mail) => mail.messageId).sort()).toEqual(
      stored.map((mail) => `<outbox-${mail.id}@localhost>`).sort(),
    );
    const delivered = smtp.received.filter((mail) => mail.raw.includes(`Subject: ${subject}`));
    expect(delivered.flatMap((mail) => mail.to).sort()).toEqual(recipients);
    for (const mail of delivered) {
      expect(mail.from).toBe('robot@curlew.example');
      expect(bodyOf(mail.raw)).toContain(`See the round at ${link}`);
    }
    for (const mail of stored) expect(mail.sentAt?.getTime()).toBe(t.clock.now().getTime());
  });

  it('answers sign-up, password reset and resend the same for known and unknown accounts while the server refuses, and delivers the codes later', async () => {
    smtp.mode = 'down';
    const before = smtp.received.length;
    const known = world.members.participant.user;
    const signUp = (email: string) => ({
      password: 'oystercatcher-77',
      confirmPassword: 'oystercatcher-77',
      displayName: 'Olly Oyster',
      phone: '+447700900111',
      email,
      organisationName: 'Shore Co',
      organisationType: 'PARTICIPANT',
      mailingAddress: '1 Marsh Lane, Snettisham',
    });
    const newcomer = `newcomer-${t.driver}@smtp.example`;
    const answers = {
      resetKnown: await timed('/api/auth/reset-password', { username: known.username }),
      resetUnknown: await timed('/api/auth/reset-password', { username: 'nobody-at-all' }),
      signUpNew: await timed('/api/auth/sign-up', signUp(newcomer)),
      signUpTaken: await timed('/api/auth/sign-up', signUp(known.email)),
      resendUnconfirmed: await timed('/api/auth/resend-confirmation', { email: newcomer }),
      resendUnknown: await timed('/api/auth/resend-confirmation', { email: 'nobody@smtp.example' }),
    };
    for (const answer of [
      answers.resetKnown,
      answers.resetUnknown,
      answers.resendUnconfirmed,
      answers.resendUnknown,
    ]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toBe('{}');
      expect(answer.ms).toBeGreaterThanOrEqual(MIN_ANSWER_MS.reset - 1);
    }
    expect(answers.signUpNew).toMatchObject({ status: 200, body: JSON.stringify({ username: newcomer }) });
    expect(answers.signUpTaken).toMatchObject({
      status: 200,
      body: JSON.stringify({ username: known.email.toLowerCase() }),
    });
    for (const answer of [answers.signUpNew, answers.signUpTaken])
      expect(answer.ms).toBeGreaterThanOrEqual(MIN_ANSWER_MS.signUp - 1);

    const expected = [
      [known.email, 'Your Curlew password reset code'],
      [newcomer, 'Your Curlew confirmation code'],
      [known.email, 'You already have a Curlew account'],
      [newcomer, 'Your Curlew confirmation code'],
    ];
    const waiting = async () => (await outbox()).filter((mail) => mail.status !== 'Sent');
    await vi.waitFor(
      async () => {
        const pending = await waiting();
        expect(pending.map((mail) => [mail.to, mail.subject])).toEqual(expected);
        // The first was refused; the rest wait for the next pass (the server is likely still down).
        expect(pending[0]?.lastError).toContain('421');
      },
      { timeout: 10_000, interval: 25 },
    );
    expect(smtp.received.length).toBe(before);

    smtp.mode = 'accepting';
    t.clock.advance(MINUTE_MS);
    await vi.waitFor(async () => expect(await waiting()).toEqual([]), { timeout: 10_000, interval: 25 });
    const codes = smtp.received.slice(before);
    expect(codes.map((mail) => [mail.to[0], mail.raw.match(/^Subject: (.+)$/m)?.[1]?.trim()])).toEqual(
      expected.map(([to, subject]) => [to?.toLowerCase(), subject]),
    );
    expect(new Set(codes.map((mail) => mail.messageId)).size).toBe(codes.length);
    expect(bodyOf(codes[0]?.raw ?? '')).toMatch(/Your password reset code is \d{6}/);
  });

  it('gives an e-mail up as Failed after its last attempt, keeps the error, and sends it once a system administrator retries it', async () => {
    smtp.mode = 'down';
    await app.deps.mailer.send({ to: 'give-up@smtp.example', subject: 'Given up', text: 'Hello' });
    const row = async () =>
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'give-up@smtp.example')))[0];
    await vi.waitFor(async () => expect(await row()).toMatchObject({ status: 'Pending', attempts: 1 }), {
      timeout: 10_000,
      interval: 25,
    });
    t.clock.advance(MINUTE_MS);
    await vi.waitFor(async () => expect(await row()).toMatchObject({ status: 'Pending', attempts: 2 }), {
      timeout: 10_000,
      interval: 25,
    });
    t.clock.advance(2 * MINUTE_MS);
    await vi.waitFor(async () => expect(await row()).toMatchObject({ status: 'Failed', attempts: 3 }), {
      timeout: 10_000,
      interval: 25,
    });
    const failed = await row();
    expect(failed?.lastError).toContain('421');
    const id = failed?.id ?? 0;

    const listed = await asRole(app, world, 'sysadmin', 'GET', '/api/mail?status=Failed');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((mail: { to: string }) => mail.to)).toContain('give-up@smtp.example');
    expect(listed.json()).toMatchObject({ transport: 'smtp', counts: { Failed: expect.any(Number) } });

    expect((await asRole(app, world, 'anonymous', 'POST', `/api/mail/${id}/retry`, {})).statusCode).toBe(401);
    expect((await asRole(app, world, 'admin', 'POST', `/api/mail/${id}/retry`, {})).statusCode).toBe(403);
    expect((await asRole(app, world, 'sysadmin', 'POST', '/api/mail/999999999/retry', {})).json()).toEqual({
      error: 'not_found',
      message: 'This e-mail does not exist or you cannot see it',
    });
    smtp.mode = 'accepting';
    const retried = await asRole(app, world, 'sysadmin', 'POST', `/api/mail/${id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id, status: 'Pending', attempts: 0 });
    await vi.waitFor(async () => expect(await row()).toMatchObject({ status: 'Sent', attempts: 1 }), {
      timeout: 10_000,
      interval: 25,
    });
    const again = await asRole(app, world, 'sysadmin', 'POST', `/api/mail/${id}/retry`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'invalid_status',
      message: 'Only a failed e-mail can be sent again; this one is Sent',
    });
    expect(smtp.received.filter((mail) => mail.to.includes('give-up@smtp.example'))).toHaveLength(1);
  });

  it('shows a system administrator every e-mail in production, without the body of one that carries a code', async () => {
    const production = await t.withConfig({ nodeEnv: 'production', production: true });
    const listed = await asRole(production, world, 'sysadmin', 'GET', '/api/mail?pageSize=200');
    expect(listed.statusCode, listed.body).toBe(200);
    const items: { subject: string; text: string | null; link: string | null }[] = listed.json().items;
    const codes = items.filter((mail) => mail.subject === 'Your Curlew confirmation code');
    expect(codes.length).toBeGreaterThan(0);
    for (const mail of codes) {
      expect(mail.text).toBeNull();
      expect(mail.link).toMatch(/\/confirmSignUp\?email=/);
    }
    const closing = items.filter(
      (mail) => mail.subject === 'Registration for Mail market - Round M has closed',
    );
    expect(closing).toHaveLength(2);
    for (const mail of closing) expect(mail.text).toContain('See the round at');
    expect(listed.json()).toMatchObject({ transport: 'none', total: items.length });
    expect((await asRole(production, world, 'admin', 'GET', '/api/mail')).statusCode).toBe(403);
    expect((await asRole(production, world, 'anonymous', 'GET', '/api/mail')).statusCode).toBe(401);
    expect((await asRole(production, world, 'sysadmin', 'GET', '/api/dev/outbox')).statusCode).toBe(404);
  });
});
