import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { latestCodeSentTo } from '../../../test/auth.ts';
import { asRole, buildAgentAuthority, buildWorld, type World } from '../../../test/world.ts';
import { users } from '../../auth/auth.tables.ts';
import { activity } from '../../platform/actions/activity.tables.ts';
import { comments } from '../comments/comments.tables.ts';
import { participations } from '../participations/participations.tables.ts';
import { organisations } from './organisations.tables.ts';

const richText = (text: string) => ({
  json: JSON.stringify({
    root: {
      type: 'root',
      version: 1,
      direction: null,
      format: '',
      indent: 0,
      children: [
        {
          type: 'paragraph',
          version: 1,
          direction: null,
          format: '',
          indent: 0,
          textFormat: 0,
          textStyle: '',
          children: [{ type: 'text', version: 1, text, detail: 0, format: 0, mode: 'normal', style: '' }],
        },
      ],
    },
  }),
  text,
});

describeWithApp('organisation actions', (t) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });
  const action = (organisationId: string, actionId: string) =>
    `/api/organisation/${organisationId}/action/${actionId}`;

  describe('Update', () => {
    const good = {
      name: 'Marsh Farm Partnership',
      type: 'PARTICIPANT',
      contact: 'Ann Avocet',
      email: 'ann@marsh.example',
      phone: '+447700900321',
      mailingAddress: '1 Marsh Lane, Testford',
    };

    it('walks 401 -> 422 -> 403 -> 200 and writes the activity entry', async () => {
      const own = world.members.participant.organisation;
      const url = action(own.id, 'Update');
      expect((await asRole(t.app, world, 'anonymous', 'POST', url, good)).statusCode).toBe(401);

      const invalid = await asRole(t.app, world, 'participant', 'POST', url, { ...good, phone: '01234' });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json()).toMatchObject({
        error: 'validation',
        errors: [{ path: 'phone', message: 'Not a valid phone number' }],
      });

      const typeChange = await asRole(t.app, world, 'participant', 'POST', url, { ...good, type: 'OPER' });
      expect(typeChange.statusCode).toBe(403);
      expect(typeChange.json().message).toBe("Only the market operator can change an organisation's type");

      const done = await asRole(t.app, world, 'participant', 'POST', url, good);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ context: { id: own.id, self: `/organisation/${own.id}` } });
      const [row] = await t.db.select().from(organisations).where(eq(organisations.id, own.id));
      expect(row).toMatchObject({
        name: 'Marsh Farm Partnership',
        phone: '+447700900321',
        type: 'PARTICIPANT',
      });
      const entries = await t.db
        .select()
        .from(activity)
        .where(and(eq(activity.subjectId, own.id), eq(activity.action, 'Update')));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        subjectType: 'organisation',
        title: 'Update organisation',
        actorUserId: world.members.participant.user.id,
        actorOrganisationId: own.id,
        statusBefore: null,
        statusAfter: null,
      });
      expect(
        ((entries[0]?.details?.changes ?? []) as { field: string; label: string }[]).map((change) => [
          change.field,
          change.label,
        ]),
      ).toEqual([
        ['name', 'Name'],
        ['contact', 'Contact name'],
        ['email', 'Email'],
        ['phone', 'Phone'],
        ['mailingAddress', 'Mailing address'],
      ]);
      expect(entries[0]?.details?.changes).toContainEqual({
        field: 'name',
        label: 'Name',
        before: own.name,
        after: 'Marsh Farm Partnership',
      });
    });

    it('answers the form with the record as initial values and only the current type for members', async () => {
      const own = world.members.participant.organisation;
      const form = await asRole(t.app, world, 'participant', 'GET', action(own.id, 'Update'));
      expect(form.statusCode).toBe(200);
      expect(form.json()).toMatchObject({
        definition: {
          id: 'Update',
          entity: 'organisation',
          title: 'Update organisation',
          actionLabel: 'Update',
        },
        initialValues: { name: 'Marsh Farm Partnership', type: 'PARTICIPANT', phone: '+447700900321' },
        options: { type: [{ value: 'PARTICIPANT', label: 'Participant' }] },
        cannotCancel: false,
      });
      const asOperator = await asRole(t.app, world, 'admin', 'GET', action(own.id, 'Update'));
      expect(asOperator.json().options).toEqual({});
    });

    it('lets the operator change the type, and the members get the group of the new type', async () => {
      const lpa = world.members.lpa;
      const url = action(lpa.organisation.id, 'Update');
      const done = await asRole(t.app, world, 'admin', 'POST', url, { ...good, type: 'PARTICIPANT' });
      expect(done.statusCode, done.body).toBe(200);
      const [member] = await t.db.select().from(users).where(eq(users.id, lpa.user.id));
      expect(member?.groups).toEqual(['participant']);
      const back = await asRole(t.app, world, 'admin', 'POST', url, { name: 'North LPA', type: 'LPA' });
      expect(back.statusCode).toBe(200);
      const [again] = await t.db.select().from(users).where(eq(users.id, lpa.user.id));
      expect(again?.groups).toEqual(['lpa']);
    });
  });

  describe('Comment', () => {
    it('walks 401 -> 422 -> 404 outside scope -> 200', async () => {
      const own = world.members.participant.organisation;
      const url = action(own.id, 'Comment');
      const body = { content: richText('Boundary survey done') };
      expect((await asRole(t.app, world, 'anonymous', 'POST', url, body)).statusCode).toBe(401);
      const invalid = await asRole(t.app, world, 'participant', 'POST', url, { content: richText('  ') });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json().errors).toEqual([{ path: 'content', message: 'Field required' }]);
      expect((await asRole(t.app, world, 'agent', 'POST', url, body)).statusCode).toBe(404);
      const done = await asRole(t.app, world, 'participant', 'POST', url, body);
      expect(done.statusCode, done.body).toBe(200);
      const stored = await t.db.select().from(comments).where(eq(comments.subjectId, own.id));
      expect(stored).toMatchObject([
        {
          subjectType: 'organisation',
          authorId: world.members.participant.user.id,
          text: 'Boundary survey done',
        },
      ]);
    });
  });

  describe('InviteUser', () => {
    it('walks 401 -> 422 -> 403 -> 200 and e-mails the invitation after commit', async () => {
      const url = action(world.client.id, 'InviteUser');
      const body = { email: 'Grace.Godwit@client.example', displayName: 'Grace Godwit' };
      expect((await asRole(t.app, world, 'anonymous', 'POST', url, body)).statusCode).toBe(401);
      const invalid = await asRole(t.app, world, 'admin', 'POST', url, { email: 'nope' });
      expect(invalid.json().errors).toEqual([
        { path: 'email', message: 'Not a valid email address' },
        { path: 'displayName', message: 'Field required' },
      ]);
      const forbidden = await asRole(t.app, world, 'agent', 'POST', url, body);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe(
        'Only the market operator and members of the organisation can do this',
      );
      const done = await asRole(t.app, world, 'admin', 'POST', url, body);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().message).toBe('Invitation sent to grace.godwit@client.example');
      const [invited] = await t.db.select().from(users).where(eq(users.email, 'grace.godwit@client.example'));
      expect(invited).toMatchObject({
        organisationId: world.client.id,
        groups: ['participant'],
        mustChangePassword: true,
        passwordHash: null,
      });
      expect(await latestCodeSentTo(t.db, 'grace.godwit@client.example')).toMatch(/^\d{6}$/);
      const again = await asRole(t.app, world, 'admin', 'POST', url, body);
      expect(again.statusCode).toBe(409);
    });
  });

  describe('RegisterAsParticipant and ExpressInterest', () => {
    it('walk 401 -> 422 -> 403 -> 409 -> 200 for an agent acting for its client', async () => {
      const url = action(world.client.id, 'RegisterAsParticipant');
      const body = { marketRoundId: world.openRound.id, capacities: ['Supplier'] };
      expect((await asRole(t.app, world, 'anonymous', 'POST', url, body)).statusCode).toBe(401);
      const invalid = await asRole(t.app, world, 'agent', 'POST', url, { capacities: [] });
      expect(invalid.json().errors).toEqual([
        { path: 'marketRoundId', message: 'Field required' },
        { path: 'capacities', message: 'Empty array' },
      ]);
      const noAuthority = await asRole(t.app, world, 'agent', 'POST', url, body);
      expect(noAuthority.statusCode).toBe(403);
      expect(noAuthority.json().message).toBe(
        'You need approved authority to register Client Farm for Spring round',
      );
      const agentId = world.members.agent.organisation.id;
      await buildAgentAuthority(t.db, {
        roundId: world.openRound.id,
        clientId: world.client.id,
        agentId,
        approved: true,
      });
      await buildAgentAuthority(t.db, {
        roundId: world.settledRound.id,
        clientId: world.client.id,
        agentId,
        approved: true,
      });
      const closed = await asRole(t.app, world, 'agent', 'POST', url, {
        ...body,
        marketRoundId: world.settledRound.id,
      });
      expect(closed.statusCode).toBe(409);
      expect(closed.json()).toMatchObject({
        error: 'invalid_status',
        message: 'Old round is not open for registration',
      });
      const done = await asRole(t.app, world, 'agent', 'POST', url, body);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().message).toBe('Registered for Spring round');
      const rows = await t.db
        .select()
        .from(participations)
        .where(eq(participations.organisationId, world.client.id));
      expect(rows).toMatchObject([
        { capacity: 'Supplier', status: 'Provisional', agentOrganisationId: agentId },
      ]);
      const twice = await asRole(t.app, world, 'agent', 'POST', url, body);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(
        `Already registered provisionally for ${world.openRound.name} as a Supplier: the market operator completes the registration`,
      );
      const interestAfter = await asRole(
        t.app,
        world,
        'agent',
        'POST',
        action(world.client.id, 'ExpressInterest'),
        body,
      );
      expect(interestAfter.statusCode).toBe(409);
      expect(interestAfter.json().message).toBe(
        `Already registered provisionally for ${world.openRound.name} as a Supplier`,
      );
    });

    it('lets a participant express interest, then register from it', async () => {
      const own = world.members.participant.organisation;
      const body = { marketRoundId: world.openRound.id, capacities: ['Buyer', 'Investor'] };
      const form = await asRole(t.app, world, 'participant', 'GET', action(own.id, 'ExpressInterest'));
      expect(form.json().options.marketRoundId).toEqual([
        { value: world.openRound.id, label: expect.stringContaining('Spring round') },
      ]);
      const interest = await asRole(
        t.app,
        world,
        'participant',
        'POST',
        action(own.id, 'ExpressInterest'),
        body,
      );
      expect(interest.statusCode, interest.body).toBe(200);
      const register = await asRole(
        t.app,
        world,
        'participant',
        'POST',
        action(own.id, 'RegisterAsParticipant'),
        body,
      );
      expect(register.statusCode, register.body).toBe(200);
      const rows = await t.db.select().from(participations).where(eq(participations.organisationId, own.id));
      expect(rows.map((row) => [row.capacity, row.status]).sort()).toEqual([
        ['Buyer', 'Provisional'],
        ['Investor', 'Provisional'],
      ]);
      const [entry] = await t.db
        .select()
        .from(activity)
        .where(and(eq(activity.subjectId, own.id), eq(activity.action, 'RegisterAsParticipant')));
      expect(entry?.details).toMatchObject({ capacities: ['Buyer', 'Investor'], status: 'Provisional' });
    });
  });
});
