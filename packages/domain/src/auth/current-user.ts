import type { CurrentUser } from './auth.schema.ts';

// Apart from the schemas so that reading the answer loads no zod: every page, /login first, asks who is signed in.

/** What GET /api/auth/user answers when nobody is signed in: a plain answer, not an error. */
export interface SignedOutAnswer {
  user: null;
}

/** The answer of GET /api/auth/user: the signed-in user, or that nobody is signed in. */
export type CurrentUserAnswer = CurrentUser | SignedOutAnswer;

/** Whether GET /api/auth/user answered that nobody is signed in. */
export const isSignedOutAnswer = (answer: CurrentUserAnswer): answer is SignedOutAnswer =>
  'user' in answer && answer.user === null;
