import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/platform/db/connect.ts';
import { mailOutbox } from '../src/platform/mail.tables.ts';
import { cookiesFrom, type JsonRequestOptions, requestJson } from './app.ts';

/** Signs in with username and password (no challenge expected); answers the Cookie header of the session. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
  options: JsonRequestOptions = {},
): Promise<string> {
  const response = await requestJson(app, 'POST', '/api/auth/login', { username, password }, options);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).not.toHaveProperty('challenge');
  return cookiesFrom(response);
}

/** The 6-digit code in the newest outbox e-mail to `to`. */
export async function latestCodeSentTo(db: Database, to: string): Promise<string> {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to.toLowerCase()))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code e-mailed to ${to}`);
  return code;
}

/** A code that differs from `code` (for wrong-code tests). */
export const wrongCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
