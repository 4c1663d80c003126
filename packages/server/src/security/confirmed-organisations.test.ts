import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../test/app.ts';
import { latestCodeSentTo } from '../../test/auth.ts';
import { asRole, buildWorld, PDF_BYTES, postMultipart, type World } from '../../test/world.ts';
import { users } from '../auth/auth.tables.ts';

describeWithApp('security: unconfirmed sign-ups are never offered as choices', (t) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });

  const agentChoices = async (): Promise<string[]> => {
    const url = `/api/organisation/${world.members.participant.organisation.id}/action/ProvideAgentAuthority`;
    const form = await asRole(t.app, world, 'participant', 'GET', url);
    expect(form.statusCode).toBe(200);
    return form.json().options.agentId.map((option: { label: string }) => option.label);
  };

  it('lists an agent organisation signed up by someone only once they confirm their address', async () => {
    const email = 'unconfirmed.agent@example.org';
    const signUp = await requestJson(
      t.app,
      'POST',
      '/api/auth/sign-up',
      {
        password: 'kestrel-over-field-5',
        confirmPassword: 'kestrel-over-field-5',
        displayName: 'Una Confirmed',
        phone: '+447700900654',
        email,
        organisationName: 'Unconfirmed Agents Ltd',
        organisationType: 'AGENT',
      },
      { ip: '10.9.0.1' },
    );
    expect(signUp.statusCode).toBe(200);
    const before = await agentChoices();
    expect(before).toContain(world.members.agent.organisation.name);
    expect(before).not.toContain('Unconfirmed Agents Ltd');

    const [signedUp] = await t.db.select().from(users).where(eq(users.email, email));
    const organisationId = signedUp?.organisationId ?? '';
    const url = `/api/organisation/${world.members.participant.organisation.id}/action/ProvideAgentAuthority`;
    const refused = await postMultipart(
      t.app,
      url,
      { marketRoundId: world.openRound.id, agentId: organisationId, permissions: ['MakeOffersOrBids'] },
      { authorityToAct: { name: 'authority.pdf', type: 'application/pdf', content: PDF_BYTES } },
      world.members.participant.cookie,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([{ path: 'agentId', message: 'Not a valid agent' }]);

    const confirm = await requestJson(t.app, 'POST', '/api/auth/confirm-sign-up', {
      email,
      code: await latestCodeSentTo(t.db, email),
    });
    expect(confirm.statusCode).toBe(200);
    expect(await agentChoices()).toContain('Unconfirmed Agents Ltd');
  });
});
