import { desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../test/app.ts';
import { latestCodeSentTo, signIn, wrongCode } from '../../test/auth.ts';
import { buildUser } from '../../test/factories.ts';
import { organisations } from '../modules/organisations/organisations.tables.ts';
import { mailOutbox } from '../platform/mail.tables.ts';
import { users } from './auth.tables.ts';
import { createInvitedUser, requirePasswordReset } from './managed-users.ts';

const MINUTE = 60_000;

let emailSequence = 0;
const signUpBody = (overrides: Record<string, unknown> = {}) => {
  emailSequence += 1;
  return {
    password: 'curlew-meadow-path',
    confirmPassword: 'curlew-meadow-path',
    displayName: 'Sam Snipe',
    phone: '+447700900456',
    email: `Sam.Snipe${emailSequence}@Example.org`,
    organisationName: 'Snipe Farms',
    organisationType: 'PARTICIPANT',
    mailingAddress: '1 Marsh Lane, Snettisham',
    ...overrides,
  };
};

describeWithApp('accounts', (t) => {
  // Each sign-up comes from its own address: sign-ups are limited per address (see security tests).
  let addressSequence = 0;
  const post = (url: string, body: unknown) => {
    addressSequence += 1;
    const ip =
      url === '/api/auth/sign-up' ? `10.1.${addressSequence >> 8}.${addressSequence & 255}` : undefined;
    return requestJson(t.app, 'POST', url, body, ip ? { ip } : {});
  };

  it('signs up a participant: user and organisation, a code by e-mail, then confirmation and sign-in', async () => {
    const body = signUpBody();
    const email = body.email.toLowerCase();
    const response = await post('/api/auth/sign-up', body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ username: email });

    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      username: email,
      groups: ['participant'],
      confirmed: false,
      displayName: 'Sam Snipe',
    });
    const [organisation] = await t.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, user?.organisationId ?? ''));
    expect(organisation).toMatchObject({
      name: 'Snipe Farms',
      type: 'PARTICIPANT',
      email,
      contact: 'Sam Snipe',
      phone: '+447700900456',
      mailingAddress: '1 Marsh Lane, Snettisham',
    });

    const login = await post('/api/auth/login', { username: email, password: body.password });
    expect(login.json()).toEqual({ challenge: 'USER_NOT_CONFIRMED' });

    const code = await latestCodeSentTo(t.db, email);
    expect(code).toMatch(/^\d{6}$/);
    const confirm = await post('/api/auth/confirm-sign-up', { email: body.email, code });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({});
    await signIn(t.app, email, body.password);
  });

  it('gives an agent organisation the agent group', async () => {
    const body = signUpBody({ organisationType: 'AGENT', organisationName: 'Dunlin Agents' });
    expect((await post('/api/auth/sign-up', body)).statusCode).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, body.email.toLowerCase()));
    expect(user?.groups).toEqual(['agent']);
  });

  it('refuses a participant sign-up without a mailing address (SPEC 5), and creates nothing', async () => {
    const body = signUpBody({ mailingAddress: ' ' });
    const response = await post('/api/auth/sign-up', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ path: 'mailingAddress', message: 'Field required' }]);
    expect(await t.db.select().from(users).where(eq(users.email, body.email.toLowerCase()))).toEqual([]);
    const agent = signUpBody({ organisationType: 'AGENT', mailingAddress: undefined });
    expect((await post('/api/auth/sign-up', agent)).statusCode).toBe(200);
  });

  it('answers 422 with the SPEC messages for an invalid sign-up', async () => {
    const response = await post('/api/auth/sign-up', {
      password: 'curlew-meadow-path',
      confirmPassword: 'something-else',
      phone: '07700',
      email: 'not-an-email',
      organisationType: 'OPER',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'displayName', message: 'Field required' },
        { path: 'phone', message: 'Not a valid phone number' },
        { path: 'email', message: 'Not a valid email address' },
        { path: 'organisationName', message: 'Field required' },
        { path: 'organisationType', message: 'Field required' },
      ]),
    );
  });

  it('refuses a common password and a password outside 8-128 characters', async () => {
    const common = await post(
      '/api/auth/sign-up',
      signUpBody({ password: 'sunshine1', confirmPassword: 'sunshine1' }),
    );
    expect(common.statusCode).toBe(422);
    expect(common.json().errors).toEqual([{ path: 'password', message: 'This password is too common' }]);
    const short = await post(
      '/api/auth/sign-up',
      signUpBody({ password: 'short', confirmPassword: 'short' }),
    );
    expect(short.json().errors).toEqual([{ path: 'password', message: 'Must be at least 8 characters' }]);
    const long = 'x'.repeat(129);
    const tooLong = await post('/api/auth/sign-up', signUpBody({ password: long, confirmPassword: long }));
    expect(tooLong.json().errors).toEqual([{ path: 'password', message: 'Must be at most 128 characters' }]);
  });

  it('answers a sign-up with a taken e-mail address (any case) as any other, and e-mails its owner instead', async () => {
    const body = signUpBody();
    const email = body.email.toLowerCase();
    expect((await post('/api/auth/sign-up', body)).statusCode).toBe(200);
    const confirm = await post('/api/auth/confirm-sign-up', {
      email,
      code: await latestCodeSentTo(t.db, email),
    });
    expect(confirm.statusCode).toBe(200);
    const again = await post('/api/auth/sign-up', {
      ...body,
      email: body.email.toUpperCase(),
      password: 'x-other-pass-9',
      confirmPassword: 'x-other-pass-9',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ username: email });
    const [latest] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(latest?.subject).toBe('You already have a Curlew account');
    expect(latest?.text).toContain(`${t.config.publicUrl}/resetPassword`);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    // The original password still signs in; the second sign-up changed nothing.
    await signIn(t.app, email, body.password);
  });

  it('answers 403 sign_up_disabled when sign-up is switched off', async () => {
    const app = await t.withConfig({ signUpEnabled: false });
    const body = signUpBody();
    const response = await requestJson(app, 'POST', '/api/auth/sign-up', body);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'sign_up_disabled', message: 'Sign-up is disabled' });
    const [user] = await t.db.select().from(users).where(eq(users.email, body.email.toLowerCase()));
    expect(user).toBeUndefined();
  });

  it('refuses a confirmation code after 10 minutes', async () => {
    const body = signUpBody();
    await post('/api/auth/sign-up', body);
    const code = await latestCodeSentTo(t.db, body.email);
    t.clock.advance(10 * MINUTE);
    const late = await post('/api/auth/confirm-sign-up', { email: body.email, code });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: 'invalid_code', message: 'Invalid or expired code' });
  });

  it('accepts a code just inside 10 minutes, and only once', async () => {
    const body = signUpBody();
    await post('/api/auth/sign-up', body);
    const code = await latestCodeSentTo(t.db, body.email);
    t.clock.advance(10 * MINUTE - 1000);
    expect((await post('/api/auth/confirm-sign-up', { email: body.email, code })).statusCode).toBe(200);
    expect((await post('/api/auth/confirm-sign-up', { email: body.email, code })).statusCode).toBe(400);
  });

  it('voids a code after 5 wrong tries', async () => {
    const body = signUpBody();
    await post('/api/auth/sign-up', body);
    const code = await latestCodeSentTo(t.db, body.email);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await post('/api/auth/confirm-sign-up', { email: body.email, code: wrongCode(code) });
      expect(response.statusCode).toBe(400);
    }
    expect((await post('/api/auth/confirm-sign-up', { email: body.email, code })).statusCode).toBe(429);
    t.clock.advance(2000);
    const voided = await post('/api/auth/confirm-sign-up', { email: body.email, code });
    expect(voided.statusCode).toBe(400);
    expect(voided.json().error).toBe('invalid_code');
  });

  it('resends a confirmation code, which replaces the previous one', async () => {
    const body = signUpBody();
    await post('/api/auth/sign-up', body);
    const first = await latestCodeSentTo(t.db, body.email);
    t.clock.advance(1000);
    expect((await post('/api/auth/resend-confirmation', { email: body.email })).json()).toEqual({});
    const second = await latestCodeSentTo(t.db, body.email);
    if (first !== second) {
      expect((await post('/api/auth/confirm-sign-up', { email: body.email, code: first })).statusCode).toBe(
        400,
      );
    }
    expect((await post('/api/auth/confirm-sign-up', { email: body.email, code: second })).statusCode).toBe(
      200,
    );
  });

  it('answers resend-confirmation and reset-password the same for unknown addresses', async () => {
    const resend = await post('/api/auth/resend-confirmation', { email: 'nobody@nowhere.example' });
    const reset = await post('/api/auth/reset-password', { username: 'nobody-at-all' });
    expect([resend.statusCode, reset.statusCode]).toEqual([200, 200]);
    expect([resend.json(), reset.json()]).toEqual([{}, {}]);
  });

  it('answers 422 for resend-confirmation, reset-password and confirm-sign-up with invalid fields', async () => {
    const resend = await post('/api/auth/resend-confirmation', { email: 'nope' });
    expect(resend.statusCode).toBe(422);
    expect(resend.json().errors).toEqual([{ path: 'email', message: 'Not a valid email address' }]);
    const reset = await post('/api/auth/reset-password', {});
    expect(reset.json().errors).toEqual([{ path: 'username', message: 'Field required' }]);
    const confirm = await post('/api/auth/confirm-sign-up', { email: 'a@b.example', code: '12ab' });
    expect(confirm.json().errors).toEqual([{ path: 'code', message: 'Must be a 6-digit code' }]);
  });

  it('answers invalid_code for a confirmation to an unknown address', async () => {
    const response = await post('/api/auth/confirm-sign-up', {
      email: 'ghost@nowhere.example',
      code: '123456',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_code');
  });

  it('resets a password by e-mailed code and ends every session of the user', async () => {
    const { user, password } = await buildUser(t.db);
    const cookie = await signIn(t.app, user.username, password);
    expect((await post('/api/auth/reset-password', { username: user.username })).statusCode).toBe(200);
    const code = await latestCodeSentTo(t.db, user.email);
    const body = {
      username: user.username,
      code,
      password: 'redshank-creek-19',
      confirmPassword: 'redshank-creek-19',
    };
    const wrong = await post('/api/auth/update-password', { ...body, code: wrongCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect((await post('/api/auth/update-password', body)).statusCode).toBe(200);
    expect((await requestJson(t.app, 'GET', '/api/auth/user', undefined, { cookie })).json()).toEqual({
      user: null,
    });
    expect((await post('/api/auth/update-password', body)).statusCode).toBe(400);
    await signIn(t.app, user.username, 'redshank-creek-19');
  });

  it('checks the new password before spending the reset code', async () => {
    const { user } = await buildUser(t.db);
    await post('/api/auth/reset-password', { username: user.username });
    const code = await latestCodeSentTo(t.db, user.email);
    const common = await post('/api/auth/update-password', {
      username: user.username,
      code,
      password: 'iloveyou',
      confirmPassword: 'iloveyou',
    });
    expect(common.statusCode).toBe(422);
    const good = {
      username: user.username,
      code,
      password: 'whimbrel-call-12',
      confirmPassword: 'whimbrel-call-12',
    };
    expect((await post('/api/auth/update-password', good)).statusCode).toBe(200);
  });

  it('invites a user who completes the invitation with the e-mailed code, then signs in', async () => {
    const invited = await createInvitedUser(t.app.deps, {
      email: 'Invited.Person@Operator.example',
      displayName: 'Ivy Invited',
      groups: ['admin'],
      organisationId: null,
    });
    expect(invited).toMatchObject({ username: 'invited.person@operator.example', mustChangePassword: true });
    const code = await latestCodeSentTo(t.db, invited.email);
    const body = {
      username: invited.username,
      code,
      password: 'stonechat-gorse-5',
      confirmPassword: 'stonechat-gorse-5',
    };
    expect((await post('/api/auth/complete-invitation', { ...body, code: wrongCode(code) })).statusCode).toBe(
      400,
    );
    expect((await post('/api/auth/complete-invitation', body)).statusCode).toBe(200);
    expect((await post('/api/auth/complete-invitation', body)).statusCode).toBe(400);
    const cookie = await signIn(t.app, invited.username, 'stonechat-gorse-5');
    const me = await requestJson(t.app, 'GET', '/api/auth/user', undefined, { cookie });
    expect(me.json()).toMatchObject({ displayName: 'Ivy Invited', groups: ['admin'], organisation: null });
  });

  it('completes an invitation from the code alone when the link has no username', async () => {
    const invited = await createInvitedUser(t.app.deps, {
      email: 'no-username@operator.example',
      displayName: 'Nia Nameless',
      groups: ['lpa'],
      organisationId: null,
    });
    const code = await latestCodeSentTo(t.db, invited.email);
    const body = { code, password: 'yellowhammer-9', confirmPassword: 'yellowhammer-9' };
    expect((await post('/api/auth/complete-invitation', body)).statusCode).toBe(200);
    await signIn(t.app, invited.username, 'yellowhammer-9');
  });

  it('refuses to invite a taken e-mail address', async () => {
    const { user } = await buildUser(t.db);
    await expect(
      createInvitedUser(t.app.deps, {
        email: user.email,
        displayName: 'X',
        groups: [],
        organisationId: null,
      }),
    ).rejects.toMatchObject({ code: 'conflict' });
  });

  it('asks an operator-created user with a temporary password for a new password', async () => {
    const created = await createInvitedUser(t.app.deps, {
      username: 'temporary-tom',
      email: 'tom@operator.example',
      displayName: 'Tom Temporary',
      groups: ['participant'],
      organisationId: null,
      temporaryPassword: 'first-day-password-1',
    });
    const login = await post('/api/auth/login', {
      username: created.username,
      password: 'first-day-password-1',
    });
    expect(login.json()).toEqual({ challenge: 'NEW_PASSWORD_REQUIRED' });
  });

  it('forces a password reset: sessions end and the next login answers PASSWORD_RESET_REQUIRED', async () => {
    const { user, password } = await buildUser(t.db);
    const cookie = await signIn(t.app, user.username, password);
    await requirePasswordReset(t.app.deps, user.id);
    expect((await requestJson(t.app, 'GET', '/api/auth/user', undefined, { cookie })).json()).toEqual({
      user: null,
    });
    const login = await post('/api/auth/login', { username: user.username, password });
    expect(login.json()).toEqual({ challenge: 'PASSWORD_RESET_REQUIRED' });
  });
});
