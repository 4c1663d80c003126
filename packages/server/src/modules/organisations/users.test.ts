import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { signIn } from '../../../test/auth.ts';
import { buildUser } from '../../../test/factories.ts';
import { asRole, buildWorld, type World } from '../../../test/world.ts';

describeWithApp('organisation users and account actions', (t) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });

  it("lists an organisation's users for the operator and its members, with the operator's account actions", async () => {
    const own = world.members.participant;
    const asMember = await asRole(
      t.app,
      world,
      'participant',
      'GET',
      `/api/organisation/${own.organisation.id}/users`,
    );
    expect(asMember.statusCode).toBe(200);
    expect(asMember.json().items).toMatchObject([
      { id: own.user.id, self: `/user/${own.user.id}`, disabled: false, invitationPending: false },
    ]);
    const asOperator = await asRole(
      t.app,
      world,
      'admin',
      'GET',
      `/api/organisation/${own.organisation.id}/users`,
    );
    expect(asOperator.json().items[0].actions).toEqual([
      { id: 'Disable', title: 'Disable user', enabled: true },
      {
        id: 'Enable',
        title: 'Enable user',
        enabled: false,
        reason: 'This user account is already active',
      },
      { id: 'ForcePasswordReset', title: 'Force password reset', enabled: true },
    ]);
    const byAgent = await asRole(t.app, world, 'agent', 'GET', `/api/organisation/${world.client.id}/users`);
    expect(byAgent.statusCode).toBe(403);
  });

  it('disable walks 401 -> 403 -> 200 -> 409, ends sessions, and enable lets the user back in', async () => {
    const { user, password } = await buildUser(t.db, {
      organisationId: world.members.participant.organisation.id,
    });
    const cookie = await signIn(t.app, user.username, password);
    const disable = `/api/user/${user.id}/disable`;
    expect((await asRole(t.app, world, 'anonymous', 'POST', disable)).statusCode).toBe(401);
    expect((await asRole(t.app, world, 'participant', 'POST', disable)).statusCode).toBe(403);
    const self = await asRole(
      t.app,
      world,
      'admin',
      'POST',
      `/api/user/${world.members.admin.user.id}/disable`,
    );
    expect(self.json()).toMatchObject({
      error: 'forbidden',
      message: 'You cannot do this to your own account',
    });

    expect((await asRole(t.app, world, 'admin', 'POST', disable)).statusCode).toBe(200);
    // The session is gone: loading the user answers that nobody is signed in.
    expect((await requestJson(t.app, 'GET', '/api/auth/user', undefined, { cookie })).json()).toEqual({
      user: null,
    });
    const login = await requestJson(t.app, 'POST', '/api/auth/login', { username: user.username, password });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ error: 'forbidden' });
    expect(login.headers['set-cookie']).toBeUndefined();
    const twice = await asRole(t.app, world, 'admin', 'POST', `/api/user/${user.id}/action/Disable`, {});
    expect(twice.statusCode).toBe(409);

    expect((await asRole(t.app, world, 'sysadmin', 'POST', `/api/user/${user.id}/enable`)).statusCode).toBe(
      200,
    );
    await signIn(t.app, user.username, password);
  });

  it('force-password-reset makes the next sign-in answer PASSWORD_RESET_REQUIRED', async () => {
    const { user, password } = await buildUser(t.db, {
      organisationId: world.members.participant.organisation.id,
    });
    const done = await asRole(t.app, world, 'admin', 'POST', `/api/user/${user.id}/force-password-reset`);
    expect(done.statusCode, done.body).toBe(200);
    const login = await requestJson(t.app, 'POST', '/api/auth/login', { username: user.username, password });
    expect(login.json()).toMatchObject({ challenge: 'PASSWORD_RESET_REQUIRED' });
    const user404 = await asRole(t.app, world, 'agent', 'GET', `/api/user/${user.id}`);
    expect(user404.statusCode).toBe(404);
  });
});
