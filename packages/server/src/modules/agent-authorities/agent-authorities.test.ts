import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { asRole, buildAgentAuthority, buildWorld, type World } from '../../../test/world.ts';
import { activity } from '../../platform/actions/activity.tables.ts';
import { agentAuthorities } from './agent-authorities.tables.ts';

describeWithApp('agent authorities', (t) => {
  let world: World;
  let authorityId: string;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    authorityId = await buildAgentAuthority(t.db, {
      roundId: world.openRound.id,
      clientId: world.members.participant.organisation.id,
      agentId: world.members.agent.organisation.id,
      permissions: ['RegisterForRound'],
    });
  });
  const action = (actionId: string) => `/api/agent-authority/${authorityId}/action/${actionId}`;

  it('shows client and agent the authority with what they may do, the operator with its actions', async () => {
    const asClient = await asRole(t.app, world, 'participant', 'GET', `/api/agent-authority/${authorityId}`);
    expect(asClient.statusCode).toBe(200);
    expect(asClient.json()).toMatchObject({
      self: `/agent-authority/${authorityId}`,
      status: 'Pending',
      approved: null,
      marketRound: { id: world.openRound.id, name: 'Spring round', status: 'Open' },
      client: { id: world.members.participant.organisation.id },
      agent: { id: world.members.agent.organisation.id },
      permissions: ['RegisterForRound'],
      actions: [
        { id: 'SetApproval', enabled: false, reason: 'Only the market operator can do this', byRole: true },
        {
          id: 'EditPermissions',
          enabled: false,
          reason: 'Only the market operator can do this',
          byRole: true,
        },
        { id: 'ConfirmAuthority', title: 'Confirm authority', enabled: true },
        { id: 'DeclineAuthority', title: 'Decline authority', enabled: true },
        { id: 'ReplaceDocument', title: 'Replace document', enabled: true },
      ],
    });
    const asOperator = await asRole(t.app, world, 'admin', 'GET', `/api/agent-authority/${authorityId}`);
    expect(asOperator.json().actions).toEqual([
      { id: 'SetApproval', title: 'Set approval', enabled: true },
      { id: 'EditPermissions', title: 'Edit permissions', enabled: true },
      ...['ConfirmAuthority', 'DeclineAuthority'].map((id) => ({
        id,
        title: id === 'ConfirmAuthority' ? 'Confirm authority' : 'Decline authority',
        enabled: false,
        reason: 'Only members of the client organisation can do this',
        byRole: true,
      })),
      { id: 'ReplaceDocument', title: 'Replace document', enabled: true },
    ]);
    expect((await asRole(t.app, world, 'lpa', 'GET', `/api/agent-authority/${authorityId}`)).statusCode).toBe(
      404,
    );
  });

  it('SetApproval walks 401 -> 422 -> 403 -> 200 and records the decision with its status change', async () => {
    expect(
      (await asRole(t.app, world, 'anonymous', 'POST', action('SetApproval'), { approved: true })).statusCode,
    ).toBe(401);
    const noPermission = await asRole(t.app, world, 'admin', 'POST', action('SetApproval'), {
      approved: true,
      permissions: [],
    });
    expect(noPermission.statusCode).toBe(422);
    expect(noPermission.json().errors).toEqual([{ path: 'permissions', message: 'Empty array' }]);
    const noAnswer = await asRole(t.app, world, 'admin', 'POST', action('SetApproval'), {});
    expect(noAnswer.json().errors).toEqual([{ path: 'approved', message: 'Field required' }]);
    const byClient = await asRole(t.app, world, 'participant', 'POST', action('SetApproval'), {
      approved: true,
      permissions: ['RegisterForRound'],
    });
    expect(byClient.statusCode).toBe(403);
    const byAgent = await asRole(t.app, world, 'agent', 'POST', action('SetApproval'), {
      approved: true,
      permissions: ['RegisterForRound'],
    });
    expect(byAgent.statusCode).toBe(403);

    const form = await asRole(t.app, world, 'admin', 'GET', action('SetApproval'));
    expect(form.json()).toMatchObject({ initialValues: { permissions: ['RegisterForRound'] } });
    const approved = await asRole(t.app, world, 'admin', 'POST', action('SetApproval'), {
      approved: true,
      permissions: ['MakeOffersOrBids', 'RegisterForRound'],
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe('Authority approved');
    const [row] = await t.db.select().from(agentAuthorities).where(eq(agentAuthorities.id, authorityId));
    expect(row).toMatchObject({
      approved: true,
      approvedBy: world.members.admin.user.id,
      permissions: ['MakeOffersOrBids', 'RegisterForRound'],
    });
    const entries = await t.db.select().from(activity).where(eq(activity.subjectId, authorityId));
    expect(entries).toMatchObject([
      {
        subjectType: 'agent-authority',
        action: 'SetApproval',
        statusBefore: 'Pending',
        statusAfter: 'Approved',
        details: {
          decision: 'Approved',
          permissions: ['MakeOffersOrBids', 'RegisterForRound'],
          changes: [
            {
              field: 'permissions',
              label: 'Permissions',
              before: ['RegisterForRound'],
              after: ['MakeOffersOrBids', 'RegisterForRound'],
            },
          ],
        },
      },
    ]);
    const shown = await asRole(t.app, world, 'agent', 'GET', `/api/agent-authority/${authorityId}`);
    expect(shown.json()).toMatchObject({
      status: 'Approved',
      approvedBy: { id: world.members.admin.user.id },
    });
  });

  it('EditPermissions walks 401 -> 422 -> 403 -> 409 -> 200', async () => {
    const body = { permissions: ['MakeOffersOrBids'] };
    expect(
      (await asRole(t.app, world, 'anonymous', 'POST', action('EditPermissions'), body)).statusCode,
    ).toBe(401);
    const invalid = await asRole(t.app, world, 'admin', 'POST', action('EditPermissions'), {
      permissions: [],
    });
    expect(invalid.json().errors).toEqual([{ path: 'permissions', message: 'Empty array' }]);
    expect(
      (await asRole(t.app, world, 'participant', 'POST', action('EditPermissions'), body)).statusCode,
    ).toBe(403);

    const rejected = await asRole(t.app, world, 'admin', 'POST', action('SetApproval'), { approved: false });
    expect(rejected.statusCode).toBe(200);
    const refused = await asRole(t.app, world, 'admin', 'POST', action('EditPermissions'), body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'invalid_status',
      message: 'Edit permissions is not possible while this agent authority is rejected',
    });
    const listed = await asRole(t.app, world, 'admin', 'GET', `/api/agent-authority/${authorityId}`);
    expect(listed.json().actions).toContainEqual({
      id: 'EditPermissions',
      title: 'Edit permissions',
      enabled: false,
      reason: 'Edit permissions is not possible while this agent authority is rejected',
    });

    const reapproved = await asRole(t.app, world, 'admin', 'POST', action('SetApproval'), {
      approved: true,
      permissions: ['RegisterForRound'],
    });
    expect(reapproved.statusCode).toBe(200);
    const done = await asRole(t.app, world, 'admin', 'POST', action('EditPermissions'), body);
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await t.db.select().from(agentAuthorities).where(eq(agentAuthorities.id, authorityId));
    expect(row?.permissions).toEqual(['MakeOffersOrBids']);
  });

  it('lists authorities by status, scoped to the parties', async () => {
    const approved = await asRole(t.app, world, 'admin', 'GET', '/api/agent-authorities?status=Approved');
    expect(approved.json().items.map((item: { id: string }) => item.id)).toContain(authorityId);
    const pending = await asRole(t.app, world, 'admin', 'GET', '/api/agent-authorities?status=Pending');
    expect(pending.json().items.map((item: { id: string }) => item.id)).not.toContain(authorityId);
    const asOther = await asRole(t.app, world, 'lpa', 'GET', '/api/agent-authorities');
    expect(asOther.json()).toMatchObject({ items: [], total: 0 });
    const badQuery = await asRole(t.app, world, 'admin', 'GET', '/api/agent-authorities?status=Maybe');
    expect(badQuery.statusCode).toBe(422);
  });
});
