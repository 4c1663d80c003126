import { type SignUpInput, signUpSchema, type UserGroup } from '@curlew/domain';
import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { insertOrganisation } from '../modules/organisations/organisations.repo.ts';
import type { AppDeps } from '../platform/deps.ts';
import { AppError } from '../platform/errors.ts';
import { inMailTransaction } from '../platform/mail.transaction.ts';
import { accountExistsMail, confirmationMail } from './auth.mails.ts';
import { signInAttempts, users } from './auth.tables.ts';
import { mailCode } from './code-mail.ts';
import { MIN_ANSWER_MS, withMinimumDuration } from './parity.ts';
import { assertAcceptablePassword, hashPassword } from './passwords.ts';
import { findUserByEmail, isUniqueViolation, isUsernameOrEmailTaken } from './users.repo.ts';

const GROUP_FOR_SIGN_UP = { PARTICIPANT: 'participant', AGENT: 'agent' } as const satisfies Record<
  string,
  UserGroup
>;

const HOUR_MS = 60 * 60_000;

/** Refuses with 429 when the address already signed up the hourly maximum (SIGN_UPS_PER_ADDRESS_PER_HOUR); otherwise counts this sign-up. */
async function assertMaySignUp(deps: AppDeps, request: FastifyRequest): Promise<void> {
  const now = deps.clock();
  const since = new Date(now.getTime() - HOUR_MS);
  const [recent] = await deps.db
    .select({ total: count() })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.kind, 'sign_up'),
        eq(signInAttempts.ip, request.ip),
        gt(signInAttempts.at, since),
      ),
    );
  if ((recent?.total ?? 0) >= deps.config.signUpsPerAddressPerHour) {
    request.log.warn(
      { event: 'sign_up_throttled', ip: request.ip },
      'sign-up refused: too many from address',
    );
    throw new AppError('too_many_attempts', 'Too many sign-ups from your address. Try again in an hour.', {
      retryAfterSeconds: HOUR_MS / 1000,
    });
  }
  await deps.db.insert(signInAttempts).values({
    kind: 'sign_up',
    accountKey: `sign-up:${request.ip}`,
    ip: request.ip,
    success: true,
    at: now,
  });
}

/** Creates the organisation and its first user; answers the user id, or undefined when the address was taken meanwhile. */
async function createAccount(
  deps: AppDeps,
  input: SignUpInput,
  email: string,
  passwordHash: string,
): Promise<string | undefined> {
  const now = deps.clock();
  try {
    return await deps.db.transaction(async (tx) => {
      const organisation = await insertOrganisation(tx, {
        type: input.organisationType,
        name: input.organisationName,
        contact: input.displayName,
        email,
        phone: input.phone,
        mailingAddress: input.mailingAddress ?? null,
        createdAt: now,
        updatedAt: now,
      });
      const [user] = await tx
        .insert(users)
        .values({
          username: email,
          email,
          displayName: input.displayName,
          phone: input.phone,
          groups: [GROUP_FOR_SIGN_UP[input.organisationType]],
          organisationId: organisation.id,
          passwordHash,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('Inserting the user returned no row');
      return user.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** Tells the owner of a taken address by e-mail: a new confirmation code if still unconfirmed, else that the account exists. */
async function mailOwnerOfTakenAddress(deps: AppDeps, email: string): Promise<void> {
  const owner = await findUserByEmail(deps.db, email);
  if (owner && !owner.confirmed && !owner.disabled) {
    await mailCode(deps, owner.id, 'confirm', (code) =>
      confirmationMail(owner.email, code, deps.config.publicUrl),
    );
    return;
  }
  await deps.mailer.send(accountExistsMail(email, deps.config.publicUrl));
}

/**
 * POST /api/auth/sign-up. Answers the same, in the same time, whether or not the address already has an account
 * (its owner gets an e-mail instead), so sign-up cannot be used to find out who has one. Throttled per address.
 */
export async function registerSignUpRoute(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  app.post('/api/auth/sign-up', async (request) => {
    if (!deps.config.signUpEnabled) throw new AppError('sign_up_disabled', 'Sign-up is disabled');
    const input = signUpSchema.parse(request.body);
    assertAcceptablePassword(input.password);
    await assertMaySignUp(deps, request);
    const email = input.email.toLowerCase();
    return withMinimumDuration(MIN_ANSWER_MS.signUp, async () => {
      // Hashed whether or not the account is created, so both paths do the slow work.
      const passwordHash = await hashPassword(input.password);
      const taken = await isUsernameOrEmailTaken(deps.db, email, email);
      const userId = taken ? undefined : await createAccount(deps, input, email, passwordHash);
      if (userId === undefined) {
        request.log.info({ event: 'sign_up_taken_address' }, 'sign-up with a taken address: owner e-mailed');
        await inMailTransaction(deps, (inTx) => mailOwnerOfTakenAddress(inTx, email));
      } else {
        request.log.info(
          { event: 'sign_up', userId, organisationType: input.organisationType },
          'user signed up',
        );
        await inMailTransaction(deps, (inTx) =>
          mailCode(inTx, userId, 'confirm', (code) => confirmationMail(email, code, deps.config.publicUrl)),
        );
      }
      return { username: email };
    });
  });
}
