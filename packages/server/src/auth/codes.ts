import { randomInt, randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../platform/clock.ts';
import type { Queryable } from '../platform/db/connect.ts';
import { oneTimeCodes } from './auth.tables.ts';
import { sameDigest, sha256 } from './tokens.ts';

/** What an e-mailed code is for. */
export type CodePurpose = 'confirm' | 'reset' | 'invite';

/** Codes are valid this long. */
const CODE_VALIDITY_MS = 10 * 60_000;
/** A code is void after this many wrong tries. */
const CODE_MAX_WRONG_TRIES = 5;
/** At most this many codes of one purpose are sent to one user per hour (no mail flooding). */
const CODES_PER_HOUR = 5;

const digestOf = (codeId: string, code: string): string => sha256(`${codeId}:${code}`);

/** A random 6-digit code. */
const randomCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Issues a new code for the user and purpose, voiding earlier ones; answers the code to e-mail, or null
 * when the hourly limit is reached.
 */
export async function issueCode(
  db: Queryable,
  clock: Clock,
  userId: string,
  purpose: CodePurpose,
): Promise<string | null> {
  const now = clock();
  const [issued] = await db
    .select({ total: count() })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        gt(oneTimeCodes.createdAt, new Date(now.getTime() - 60 * 60_000)),
      ),
    );
  if ((issued?.total ?? 0) >= CODES_PER_HOUR) return null;
  await db
    .update(oneTimeCodes)
    .set({ spentAt: now })
    .where(
      and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.spentAt)),
    );
  const id = randomUUID();
  let code = randomCode();
  if (purpose === 'invite') {
    // Invitation links may omit the username, so an active invitation code must identify one user.
    const taken = await activeCodes(db, now, 'invite');
    while (taken.some((row) => sameDigest(row.codeHash, digestOf(row.id, code)))) code = randomCode();
  }
  await db.insert(oneTimeCodes).values({
    id,
    userId,
    purpose,
    codeHash: digestOf(id, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_VALIDITY_MS),
  });
  return code;
}

const activeCodes = (db: Queryable, now: Date, purpose: CodePurpose, userId?: string) =>
  db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        userId === undefined ? undefined : eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.spentAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt));

/**
 * Uses the user's current code of that purpose: true when it matches (it is then spent). A wrong code
 * counts a wrong try; the fifth voids it. Expired, spent or replaced codes never match.
 */
export async function useCode(
  db: Queryable,
  clock: Clock,
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<boolean> {
  const now = clock();
  const [current] = await activeCodes(db, now, purpose, userId).limit(1);
  if (!current) return false;
  if (sameDigest(current.codeHash, digestOf(current.id, code))) {
    await db.update(oneTimeCodes).set({ spentAt: now }).where(eq(oneTimeCodes.id, current.id));
    return true;
  }
  const wrongTries = current.wrongTries + 1;
  await db
    .update(oneTimeCodes)
    .set({ wrongTries, spentAt: wrongTries >= CODE_MAX_WRONG_TRIES ? now : null })
    .where(eq(oneTimeCodes.id, current.id));
  return false;
}

/**
 * Finds whose active invitation a code is, when the invitation link carried no username; the code is spent.
 * Answers the user id or null.
 */
export async function useInvitationCode(db: Queryable, clock: Clock, code: string): Promise<string | null> {
  const now = clock();
  for (const candidate of await activeCodes(db, now, 'invite')) {
    if (sameDigest(candidate.codeHash, digestOf(candidate.id, code))) {
      await db.update(oneTimeCodes).set({ spentAt: now }).where(eq(oneTimeCodes.id, candidate.id));
      return candidate.userId;
    }
  }
  return null;
}
