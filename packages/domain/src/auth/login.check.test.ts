import { describe, expect, it } from 'vitest';
import { loginSchema } from './auth.schema.ts';
import { loginFormCheck } from './login.check.ts';

/** The first message for each field, as the forms show them. */
const firstMessages = (result: ReturnType<typeof loginFormCheck.safeParse>) => {
  if (result.success) return { data: result.data };
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in messages)) messages[key] = issue.message;
  }
  return { messages };
};

describe('loginFormCheck', () => {
  it.each([
    [{ username: 'sam', password: 'x' }],
    [{ username: '  Sam@Example.org ', password: ' spaced password ' }],
    [{ username: '', password: '' }],
    [{ username: '   ', password: 'x' }],
    [{}],
    [{ username: 42, password: true }],
    [{ username: 'a'.repeat(255), password: 'p'.repeat(129) }],
    [{ username: 'a'.repeat(254), password: 'p'.repeat(128) }],
    [{ username: 'sam\u0000', password: 'x' }],
  ])('agrees with loginSchema on %j', (value) => {
    expect(firstMessages(loginFormCheck.safeParse(value))).toEqual(
      firstMessages(loginSchema.safeParse(value) as ReturnType<typeof loginFormCheck.safeParse>),
    );
  });
});
