import { DECLINED_AUTHORITY_MESSAGE } from '@curlew/domain';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import {
  asRole,
  buildAgentAuthority,
  buildMember,
  buildRound,
  buildWorld,
  PDF_BYTES,
  postMultipart,
  type World,
} from '../../../test/world.ts';
import { activity } from '../../platform/actions/activity.tables.ts';
import { mailOutbox } from '../../platform/mail.tables.ts';
import { findApprovedAuthority } from './agent-authorities.repo.ts';

// The client knows what its agent files: an agent may file its client's signed letter, but the client's members
// are e-mailed and confirm or decline it, the operator sees who uploaded it and the answer, and a declined
// authority can never be approved.
describeWithApp('agent authorities: the client confirms what its agent files', (t) => {
  let world: World;
  const pdf = { authorityToAct: { name: 'letter.pdf', type: 'application/pdf', content: PDF_BYTES } };
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    // The agent holds only RegisterForRound for the client, in the spring round.
    await buildAgentAuthority(t.db, {
      roundId: world.openRound.id,
      clientId: world.members.participant.organisation.id,
      agentId: world.members.agent.organisation.id,
      permissions: ['RegisterForRound'],
      approved: true,
    });
  });

  const clientId = () => world.members.participant.organisation.id;
  const agentId = () => world.members.agent.organisation.id;
  /** Files an authority for `client` in a new round, as `cookie`; answers the new authority's id. */
  const file = async (cookie: string, client = clientId()) => {
    const round = await buildRound(t.db, 'Open');
    const answer = await postMultipart(
      t.app,
      `/api/organisation/${client}/action/ProvideAgentAuthority`,
      { marketRoundId: round.id, agentId: agentId(), permissions: ['MakeOffersOrBids'] },
      pdf,
      cookie,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    return { id: answer.json().context.id as string, round };
  };
  const read = (role: 'admin' | 'participant' | 'agent', id: string) =>
    asRole(t.app, world, role, 'GET', `/api/agent-authority/${id}`);
  const act = (role: Parameters<typeof asRole>[2], id: string, actionId: string, body: unknown = {}) =>
    asRole(t.app, world, role, 'POST', `/api/agent-authority/${id}/action/${actionId}`, body);
  const mailsTo = (email: string) =>
    t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email.toLowerCase())).orderBy(asc(mailOutbox.id));

  it("e-mails the client's members when its agent files, and shows the operator who uploaded the letter", async () => {
    const memberEmail = world.members.participant.user.email;
    const before = (await mailsTo(memberEmail)).length;
    const { id, round } = await file(world.members.agent.cookie);

    const asOperator = await read('admin', id);
    expect(asOperator.json()).toMatchObject({
      status: 'Pending',
      permissions: ['MakeOffersOrBids'],
      uploadedBy: {
        id: world.members.agent.user.id,
        displayName: world.members.agent.user.displayName,
        organisation: { id: agentId(), name: world.members.agent.organisation.name },
      },
      clientConfirmation: { status: 'Pending', by: null, at: null },
      clientHasUsers: true,
    });
    const mails = await mailsTo(memberEmail);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1);
    expect(mail?.subject).toBe(
      `Confirm or decline: ${world.members.agent.organisation.name} to act for ${world.members.participant.organisation.name} in ${round.name}`,
    );
    expect(mail?.text).toContain(
      `${world.members.agent.user.displayName} (${world.members.agent.organisation.name}) filed a signed authority`,
    );
    expect(mail?.text).toContain('Permissions asked: Make offers or bids.');
    expect(mail?.link).toBe(`${t.app.deps.config.publicUrl}/participants/${clientId()}`);
    expect(await mailsTo(world.members.agent.user.email)).toEqual([]);
    expect(await mailsTo(world.otherParticipant.user.email)).toEqual([]);

    const asClient = await read('participant', id);
    expect(asClient.json().actions).toEqual(
      expect.arrayContaining([
        { id: 'ConfirmAuthority', title: 'Confirm authority', enabled: true },
        { id: 'DeclineAuthority', title: 'Decline authority', enabled: true },
      ]),
    );
  });

  it('Decline walks 401 -> 422 -> 403 -> 200, and a declined authority is never approved (409)', async () => {
    const { id } = await file(world.members.agent.cookie);
    expect((await act('anonymous', id, 'DeclineAuthority')).statusCode).toBe(401);
    const tooLong = await act('participant', id, 'DeclineAuthority', { reason: 'x'.repeat(5001) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.map((error: { path: string }) => error.path)).toEqual(['reason']);
    for (const role of ['agent', 'admin', 'lpa'] as const) {
      const refused = await act(role, id, 'DeclineAuthority');
      expect(refused.statusCode, role).toBe(role === 'lpa' ? 404 : 403);
    }
    expect((await act('agent', id, 'DeclineAuthority')).json().message).toBe(
      'Only members of the client organisation can do this',
    );

    const declined = await act('participant', id, 'DeclineAuthority', { reason: 'We never signed this' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().message).toBe(`Authority for ${world.members.agent.organisation.name} declined`);
    const shown = (await read('admin', id)).json();
    expect(shown).toMatchObject({
      status: 'Rejected',
      approved: false,
      clientConfirmation: {
        status: 'Declined',
        by: {
          id: world.members.participant.user.id,
          displayName: world.members.participant.user.displayName,
        },
      },
    });
    // Its lifecycle still allows the step, so it is marked next; its guard refuses it for good.
    expect(shown.actions).toContainEqual({
      id: 'SetApproval',
      title: 'Set approval',
      enabled: false,
      reason: DECLINED_AUTHORITY_MESSAGE,
      next: true,
    });

    const approve = await act('admin', id, 'SetApproval', {
      approved: true,
      permissions: ['MakeOffersOrBids'],
    });
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toMatchObject({ message: DECLINED_AUTHORITY_MESSAGE });
    expect((await act('admin', id, 'SetApproval', { approved: false })).statusCode).toBe(409);
    expect((await act('participant', id, 'ConfirmAuthority')).statusCode).toBe(409);
    expect((await read('admin', id)).json().status).toBe('Rejected');
    const [entry] = await t.db.select().from(activity).where(eq(activity.action, 'DeclineAuthority'));
    expect(entry).toMatchObject({
      subjectId: id,
      statusBefore: 'Pending',
      statusAfter: 'Rejected',
      details: { reason: 'We never signed this' },
    });
  });

  it('a client may decline an authority already approved: the agent then no longer acts under it', async () => {
    const { id, round } = await file(world.members.agent.cookie);
    const approve = await act('admin', id, 'SetApproval', {
      approved: true,
      permissions: ['MakeOffersOrBids'],
    });
    expect(approve.statusCode).toBe(200);
    const scope = {
      agentOrganisationId: agentId(),
      clientOrganisationId: clientId(),
      marketRoundId: round.id,
    };
    expect(await findApprovedAuthority(t.db, scope, 'MakeOffersOrBids')).toBeDefined();
    expect((await act('participant', id, 'DeclineAuthority')).statusCode).toBe(200);
    expect(await findApprovedAuthority(t.db, scope, 'MakeOffersOrBids')).toBeUndefined();
    expect(
      (await act('admin', id, 'SetApproval', { approved: true, permissions: ['MakeOffersOrBids'] }))
        .statusCode,
    ).toBe(409);
  });

  it('Confirm walks 401 -> 403 -> 200 -> 409, and a new letter from the agent asks again', async () => {
    const { id } = await file(world.members.agent.cookie);
    expect((await act('anonymous', id, 'ConfirmAuthority')).statusCode).toBe(401);
    expect((await act('agent', id, 'ConfirmAuthority')).statusCode).toBe(403);
    expect((await act('admin', id, 'ConfirmAuthority')).statusCode).toBe(403);
    const confirmed = await act('participant', id, 'ConfirmAuthority');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await read('admin', id)).json().clientConfirmation).toMatchObject({
      status: 'Confirmed',
      by: { id: world.members.participant.user.id },
    });
    const again = await act('participant', id, 'ConfirmAuthority');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The client has already confirmed this authority');

    const replaced = await postMultipart(
      t.app,
      `/api/agent-authority/${id}/action/ReplaceDocument`,
      { tag: 'AuthorityToAct', reason: 'Signed copy' },
      { file: { name: 'letter-2.pdf', type: 'application/pdf', content: PDF_BYTES } },
      world.members.agent.cookie,
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await read('admin', id)).json().clientConfirmation).toEqual({
      status: 'Pending',
      by: null,
      at: null,
    });
    const [asked] = (await mailsTo(world.members.participant.user.email)).slice(-1);
    expect(asked?.text).toContain(
      `${world.members.agent.user.displayName} (${world.members.agent.organisation.name}) replaced the signed letter of the authority`,
    );

    const approve = await act('admin', id, 'SetApproval', {
      approved: true,
      permissions: ['MakeOffersOrBids'],
    });
    expect(approve.statusCode).toBe(200);
  });

  it('is confirmed when the client files it itself, and not asked of a client without users', async () => {
    const memberEmail = world.members.participant.user.email;
    const before = (await mailsTo(memberEmail)).length;
    const own = await file(world.members.participant.cookie);
    expect((await read('admin', own.id)).json()).toMatchObject({
      uploadedBy: { id: world.members.participant.user.id },
      clientConfirmation: { status: 'Confirmed', by: { id: world.members.participant.user.id } },
      clientHasUsers: true,
    });
    expect(await mailsTo(memberEmail)).toHaveLength(before);

    // The agent added this client itself; nobody there can be asked.
    const userless = await file(world.members.agent.cookie, world.client.id);
    expect((await read('admin', userless.id)).json()).toMatchObject({
      clientConfirmation: { status: 'NotAsked', by: null },
      clientHasUsers: false,
    });
    // Once the client has a user, that member can still answer.
    const member = await buildMember(t.app, t.db, 'PARTICIPANT', ['participant'], world.client);
    const confirmed = await asRole(
      t.app,
      { ...world, cookieOf: () => member.cookie },
      'participant',
      'POST',
      `/api/agent-authority/${userless.id}/action/ConfirmAuthority`,
      {},
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});
