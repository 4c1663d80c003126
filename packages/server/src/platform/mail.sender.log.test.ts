import { expect, it, vi } from 'vitest';
import type { Database } from './db/connect.ts';
import { MailSender } from './mail.sender.ts';

it('logs a sending pass that fails (the database is down), without the error text’s addresses, and keeps polling', async () => {
  const db = new Proxy(
    {},
    { get: () => () => Promise.reject(new Error('no connection for robot@curlew.example')) },
  ) as Database;
  const log = { warn: vi.fn(), error: vi.fn() };
  const transport = { send: vi.fn(async () => undefined), close: vi.fn() };
  const sender = new MailSender(db, () => new Date(), transport, 'robot@curlew.example', 'localhost', {
    log,
    pollMs: 10,
  });
  sender.start();
  await vi.waitFor(() => expect(log.error.mock.calls.length).toBeGreaterThanOrEqual(2));
  await sender.stop();
  expect(log.error.mock.calls[0]).toEqual([
    { event: 'mail_pass_failed', err: 'no connection for [address]' },
    'sending the outbox failed; it is tried again at the next pass',
  ]);
  expect(transport.send).not.toHaveBeenCalled();
  expect(log.warn).not.toHaveBeenCalled();
});
