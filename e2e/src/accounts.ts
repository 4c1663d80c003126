import { randomBytes } from 'node:crypto';
import { waitForCodeFor } from './browser.ts';

/** A participant account created for one test through the real sign-up and confirmation calls. */
export interface TestAccount {
  email: string;
  password: string;
  displayName: string;
  organisationName: string;
}

/** A short random tag that keeps e-mails and organisation names unique across tests and runs. */
export function uniqueTag(): string {
  return randomBytes(5).toString('hex');
}

/** An e-mail address no other test uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${uniqueTag()}@example.test`;
}

/** A password long enough for the policy and not in any common-password list. */
export function strongPassword(): string {
  return `Curlew-e2e-${uniqueTag()}-Heron`;
}

/** Posts JSON to the server the way the web app does, failing with the answer when it is not 2xx. */
async function postJson(baseUrl: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Signs up a participant organisation with its first user and confirms it with the e-mailed code. */
export async function createConfirmedParticipant(baseUrl: string, prefix: string): Promise<TestAccount> {
  const tag = uniqueTag();
  const account: TestAccount = {
    email: uniqueEmail(prefix),
    password: strongPassword(),
    displayName: `E2E ${prefix} ${tag}`,
    organisationName: `E2E ${prefix} organisation ${tag}`,
  };
  await postJson(baseUrl, '/api/auth/sign-up', {
    email: account.email,
    password: account.password,
    confirmPassword: account.password,
    displayName: account.displayName,
    phone: '+447700900123',
    organisationName: account.organisationName,
    organisationType: 'PARTICIPANT',
    mailingAddress: '1 Marsh Lane, Snettisham',
  });
  const code = await waitForCodeFor(baseUrl, account.email);
  await postJson(baseUrl, '/api/auth/confirm-sign-up', { email: account.email, code });
  return account;
}
