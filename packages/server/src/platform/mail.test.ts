import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../test/app.ts';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

const received: ReceivedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});
let smtpUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describeWithApp('mail over SMTP', (t) => {
  it('sends the sign-up confirmation code through a real SMTP server instead of the outbox', async () => {
    const app = await t.withConfig({ smtpUrl, mailFrom: 'Curlew <robot@curlew.example>' });
    expect(app.deps.mailer.transport).toBe('smtp');
    const response = await requestJson(app, 'POST', '/api/auth/sign-up', {
      password: 'oystercatcher-77',
      confirmPassword: 'oystercatcher-77',
      displayName: 'Olly Oyster',
      phone: '+447700900111',
      email: `olly-${t.driver}@smtp.example`,
      organisationName: 'Shore Co',
      organisationType: 'PARTICIPANT',
    });
    expect(response.statusCode).toBe(200);
    const mail = received.find((entry) => entry.to.includes(`olly-${t.driver}@smtp.example`));
    expect(mail?.from).toBe('robot@curlew.example');
    expect(mail?.raw).toContain('Subject: Your Curlew confirmation code');
    expect(mail?.raw).toMatch(/Your confirmation code is \d{6}/);
    const outbox = await requestJson(app, 'GET', `/api/dev/outbox?to=olly-${t.driver}@smtp.example`);
    expect(outbox.json()).toEqual([]);
  });
});
