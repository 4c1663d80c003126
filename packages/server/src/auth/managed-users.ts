import type { UserGroup } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../platform/deps.ts';
import { AppError, CONFLICT_MESSAGE } from '../platform/errors.ts';
import { invitationMail } from './auth.mails.ts';
import { users } from './auth.tables.ts';
import { mailCode } from './code-mail.ts';
import { hashPassword } from './passwords.ts';
import { endAllSessions } from './sessions.ts';
import { isUniqueViolation, isUsernameOrEmailTaken, type UserRow } from './users.repo.ts';

/** A user the market operator creates or invites. */
export interface InvitedUserInput {
  /** Defaults to the e-mail address. */
  username?: string;
  email: string;
  displayName: string;
  phone?: string | null;
  groups: UserGroup[];
  organisationId: string | null;
  /** When given, the user may sign in with it once and is then asked for a new password. */
  temporaryPassword?: string;
}

/**
 * Creates an invited (or operator-created) user who must choose a password, and e-mails an invitation code
 * with a link to /completeInvitation. 409 conflict when the username or e-mail address is taken.
 */
export async function createInvitedUser(deps: AppDeps, input: InvitedUserInput): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  const username = input.username?.trim() || email;
  if (await isUsernameOrEmailTaken(deps.db, username, email))
    throw new AppError('conflict', CONFLICT_MESSAGE);
  const now = deps.clock();
  let user: UserRow | undefined;
  try {
    [user] = await deps.db
      .insert(users)
      .values({
        username,
        email,
        displayName: input.displayName,
        phone: input.phone ?? null,
        groups: input.groups,
        organisationId: input.organisationId,
        passwordHash: input.temporaryPassword ? await hashPassword(input.temporaryPassword) : null,
        confirmed: true,
        mustChangePassword: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', CONFLICT_MESSAGE);
    throw error;
  }
  if (!user) throw new Error('Inserting the user returned no row');
  await mailCode(deps, user.id, 'invite', (code) =>
    invitationMail(email, username, code, deps.config.publicUrl),
  );
  return user;
}

/** Forces a password reset (operator action): the next sign-in answers PASSWORD_RESET_REQUIRED; sessions end. */
export async function requirePasswordReset(deps: AppDeps, userId: string): Promise<void> {
  await deps.db
    .update(users)
    .set({ resetRequired: true, updatedAt: deps.clock() })
    .where(eq(users.id, userId));
  await endAllSessions(deps.db, userId);
}
