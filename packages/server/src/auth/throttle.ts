import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../platform/deps.ts';
import { AppError } from '../platform/errors.ts';
import { signInAttempts } from './auth.tables.ts';

/** What was being guessed: a password, an authenticator code, an e-mailed code or an API token. */
type AttemptKind = 'password' | 'totp' | 'code' | 'token';

/** How many failures are free, how the wait then grows, and the cap on guesses in a sliding window. */
interface ThrottleRule {
  freeFailures: number;
  firstWaitMs: number;
  maxWaitMs: number;
  windowMs: number;
  maxFailuresInWindow: number;
}

const MINUTE = 60_000;

/** Per account: after 5 failures wait 1 s, 2 s, 4 s ... at most 15 minutes; at most 10 guesses per 5 minutes. */
export const ACCOUNT_RULE: ThrottleRule = {
  freeFailures: 5,
  firstWaitMs: 1000,
  maxWaitMs: 15 * MINUTE,
  windowMs: 5 * MINUTE,
  maxFailuresInWindow: 10,
};

/** Per IP address: the same shape with room for several people behind one address. */
const IP_RULE: ThrottleRule = {
  freeFailures: 20,
  firstWaitMs: 1000,
  maxWaitMs: 15 * MINUTE,
  windowMs: 5 * MINUTE,
  maxFailuresInWindow: 100,
};

/** Failures older than this are forgotten, so nothing is locked for good. */
const MEMORY_MS = 24 * 60 * MINUTE;

/** One past attempt, newest first in the lists below. */
export interface PastAttempt {
  success: boolean;
  at: Date;
}

/**
 * Milliseconds still to wait before the next guess, given past attempts newest first (0: go ahead).
 * Consecutive failures since the last success beyond `freeFailures` double the wait each time, up to the cap;
 * independently, the window allows at most `maxFailuresInWindow` failures.
 */
export function waitBeforeNextGuess(attempts: readonly PastAttempt[], now: Date, rule: ThrottleRule): number {
  const firstSuccess = attempts.findIndex((attempt) => attempt.success);
  const failures = (firstSuccess === -1 ? attempts : attempts.slice(0, firstSuccess)).map(
    (attempt) => attempt.at,
  );
  let until = 0;
  const latest = failures[0];
  if (latest && failures.length >= rule.freeFailures) {
    const doublings = failures.length - rule.freeFailures;
    const wait = Math.min(rule.maxWaitMs, rule.firstWaitMs * 2 ** Math.min(doublings, 30));
    until = latest.getTime() + wait;
  }
  const inWindow = attempts.filter(
    (attempt) => !attempt.success && now.getTime() - attempt.at.getTime() < rule.windowMs,
  );
  const oldestCounted = inWindow[rule.maxFailuresInWindow - 1];
  if (oldestCounted) until = Math.max(until, oldestCounted.at.getTime() + rule.windowMs);
  return Math.max(0, until - now.getTime());
}

/** Who is guessing what. */
interface AttemptSubject {
  kind: AttemptKind;
  /** The user id when known, else a key for what was typed (e.g. 'name:alice'). */
  accountKey: string;
  ip: string;
  username?: string | undefined;
  userId?: string | undefined;
}

/** Enough recent rows to see both the capped wait and the full window. */
const rowsNeeded = (rule: ThrottleRule): number =>
  Math.max(
    rule.freeFailures + Math.ceil(Math.log2(rule.maxWaitMs / rule.firstWaitMs)) + 1,
    rule.maxFailuresInWindow,
  );

const recentAttempts = async (
  deps: AppDeps,
  subject: AttemptSubject,
  by: 'accountKey' | 'ip',
  rule: ThrottleRule,
): Promise<PastAttempt[]> => {
  const since = new Date(deps.clock().getTime() - MEMORY_MS);
  return deps.db
    .select({ success: signInAttempts.success, at: signInAttempts.at })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.kind, subject.kind),
        by === 'accountKey'
          ? eq(signInAttempts.accountKey, subject.accountKey)
          : eq(signInAttempts.ip, subject.ip),
        eq(signInAttempts.throttled, false),
        gt(signInAttempts.at, since),
      ),
    )
    .orderBy(desc(signInAttempts.at))
    .limit(rowsNeeded(rule));
};

const describeWait = (seconds: number): string =>
  seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;

/** Details recorded with every attempt. */
interface AttemptRecord extends AttemptSubject {
  success: boolean;
  challenge?: string | undefined;
  throttled?: boolean;
}

const FRAUD_HEADER = 'x-curlew-fraud-data';

/** Stores an attempt (with the anti-fraud header) and logs it; never with the secret that was tried. */
export async function recordAttempt(
  deps: AppDeps,
  request: FastifyRequest,
  record: AttemptRecord,
): Promise<void> {
  const fraudHeader = request.headers[FRAUD_HEADER];
  const fraudData = typeof fraudHeader === 'string' ? fraudHeader.slice(0, 4000) : undefined;
  await deps.db.insert(signInAttempts).values({
    kind: record.kind,
    username: record.username,
    userId: record.userId,
    accountKey: record.accountKey,
    ip: record.ip,
    success: record.success,
    throttled: record.throttled ?? false,
    challenge: record.challenge,
    fraudData,
    at: deps.clock(),
  });
  request.log.info(
    {
      event: 'sign_in_attempt',
      kind: record.kind,
      username: record.username,
      userId: record.userId,
      ip: record.ip,
      success: record.success,
      throttled: record.throttled ?? false,
      challenge: record.challenge,
      fraudData: fraudData !== undefined,
    },
    record.success ? 'sign-in step succeeded' : 'sign-in step failed',
  );
}

/**
 * Refuses with 429 too_many_attempts (and Retry-After) while the account or the IP address must wait.
 * The refusal is recorded but never counts as a guess, so waiting always ends: there is no permanent lockout.
 */
export async function assertMayGuess(
  deps: AppDeps,
  request: FastifyRequest,
  subject: AttemptSubject,
  options: { knownDevice?: boolean } = {},
): Promise<void> {
  const now = deps.clock();
  const [byAccount, byIp] = await Promise.all([
    // A device the user signed in on before skips the account's wait (the per-address one still applies).
    options.knownDevice ? Promise.resolve([]) : recentAttempts(deps, subject, 'accountKey', ACCOUNT_RULE),
    recentAttempts(deps, subject, 'ip', IP_RULE),
  ]);
  const waitMs = Math.max(
    waitBeforeNextGuess(byAccount, now, ACCOUNT_RULE),
    waitBeforeNextGuess(byIp, now, IP_RULE),
  );
  if (waitMs <= 0) return;
  const retryAfterSeconds = Math.ceil(waitMs / 1000);
  await recordAttempt(deps, request, { ...subject, success: false, throttled: true });
  throw new AppError(
    'too_many_attempts',
    `Too many attempts. Try again in ${describeWait(retryAfterSeconds)}.`,
    {
      retryAfterSeconds,
    },
  );
}
