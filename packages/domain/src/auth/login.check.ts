import { hasNulCharacter, LENGTH_LIMITS, MESSAGES, tooLongMessage } from '../validation/messages.ts';
import { PASSWORD_POLICY } from './password-policy.ts';

// The sign-in form's rules without zod: /login is the most visited page, and zod's core would be the largest
// part of its JavaScript. The server checks the same form with loginSchema; a test keeps the two in step.

/** One failed rule of the sign-in form. */
export interface LoginCheckIssue {
  path: ['username' | 'password'];
  message: string;
}

/** The sign-in form's values once checked: the username trimmed. */
export interface CheckedLogin {
  username: string;
  password: string;
}

type LoginCheckResult =
  | { success: true; data: CheckedLogin }
  | { success: false; error: { issues: LoginCheckIssue[] } };

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/** The first failed rule of a text, or undefined when it passes. */
const textProblem = (text: unknown, max: number): string | undefined => {
  if (typeof text !== 'string' || text === '') return MESSAGES.required;
  if (text.length > max) return tooLongMessage(max);
  if (hasNulCharacter(text)) return MESSAGES.nulCharacter;
  return undefined;
};

/** The sign-in form's rules (those of loginSchema): username and password required and bounded. */
export const loginFormCheck = {
  safeParse(value: unknown): LoginCheckResult {
    const rawUsername = field(value, 'username');
    const username = typeof rawUsername === 'string' ? rawUsername.trim() : rawUsername;
    const password = field(value, 'password');
    const issues: LoginCheckIssue[] = [];
    const usernameProblem = textProblem(username, LENGTH_LIMITS.email);
    if (usernameProblem) issues.push({ path: ['username'], message: usernameProblem });
    const passwordProblem =
      typeof password === 'string' && password.length > PASSWORD_POLICY.maxLength
        ? tooLongMessage(PASSWORD_POLICY.maxLength)
        : typeof password !== 'string' || password === ''
          ? MESSAGES.required
          : undefined;
    if (passwordProblem) issues.push({ path: ['password'], message: passwordProblem });
    if (issues.length > 0 || typeof username !== 'string' || typeof password !== 'string')
      return { success: false, error: { issues } };
    return { success: true, data: { username, password } };
  },
};
