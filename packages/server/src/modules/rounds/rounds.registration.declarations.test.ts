import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildOrganisation } from '../../../test/factories.ts';
import { asRole, buildAgentAuthority, type World } from '../../../test/world.ts';
import { buildRegistrationSetup, LONG_SESSIONS, participationIn } from './rounds.registration.testing.ts';

describeWithApp(
  'registration in a round',
  (t) => {
    let world: World;
    let roundId: string;
    let asked: Record<string, string>;
    let answers: Record<string, boolean>;

    beforeAll(async () => {
      ({ world, roundId, asked, answers } = await buildRegistrationSetup(t));
    });

    const participationOf = (organisationId: string, capacity: 'Supplier' | 'Buyer' | 'Investor') =>
      participationIn(t, roundId, organisationId, capacity);

    it('asks the registration declarations and needs each answered true (422 at declarations.{id})', async () => {
      const form = await asRole(
        t.app,
        world,
        'participant',
        'GET',
        `/api/round/${roundId}/action/RegisterAsParticipant`,
      );
      expect(form.statusCode).toBe(200);
      expect(form.json().declarations.map((item: { id: string }) => item.id)).toEqual([
        asked.MarketRoundParticipant_Register,
      ]);
      const values = { organisationId: world.members.participant.organisation.id, capacities: ['Supplier'] };
      const none = await asRole(
        t.app,
        world,
        'participant',
        'POST',
        `/api/round/${roundId}/action/RegisterAsParticipant`,
        values,
      );
      expect(none.statusCode).toBe(422);
      expect(none.json().errors).toEqual([
        { path: `declarations.${asked.MarketRoundParticipant_Register}`, message: 'Field required' },
      ]);
      const refused = await asRole(
        t.app,
        world,
        'participant',
        'POST',
        `/api/round/${roundId}/action/RegisterAsParticipant`,
        {
          ...values,
          declarations: { [asked.MarketRoundParticipant_Register ?? '']: false },
        },
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual([
        { path: `declarations.${asked.MarketRoundParticipant_Register}`, message: 'Must be agreed to' },
      ]);
      const ok = await asRole(
        t.app,
        world,
        'participant',
        'POST',
        `/api/round/${roundId}/action/RegisterAsParticipant`,
        {
          ...values,
          declarations: answers,
        },
      );
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await participationOf(world.members.participant.organisation.id, 'Supplier'))?.status).toBe(
        'Provisional',
      );
    });

    it('asks the declarations of the chosen round on the organisation actions RegisterAsParticipant and ExpressInterest', async () => {
      const organisation = (await buildOrganisation(t.db, { type: 'PARTICIPANT', name: 'Heron Fields' })).id;
      const declarationId = asked.MarketRoundParticipant_Register ?? '';
      for (const [action, capacity, status] of [
        ['ExpressInterest', 'Investor', 'Interested'],
        ['RegisterAsParticipant', 'Supplier', 'Provisional'],
      ] as const) {
        const url = `/api/organisation/${organisation}/action/${action}`;
        const form = await asRole(t.app, world, 'admin', 'GET', url);
        expect(form.statusCode).toBe(200);
        // Each prompt is asked only while a round that asks it is chosen.
        expect(form.json().declarations).toEqual([
          expect.objectContaining({
            id: declarationId,
            visibleWhen: { fieldId: 'marketRoundId', oneOf: [roundId] },
          }),
        ]);
        const values = { marketRoundId: roundId, capacities: [capacity] };
        const none = await asRole(t.app, world, 'admin', 'POST', url, values);
        expect(none.statusCode).toBe(422);
        expect(none.json().errors).toEqual([
          { path: `declarations.${declarationId}`, message: 'Field required' },
        ]);
        const refused = await asRole(t.app, world, 'admin', 'POST', url, {
          ...values,
          declarations: { [declarationId]: false },
        });
        expect(refused.statusCode).toBe(422);
        expect(refused.json().errors).toEqual([
          { path: `declarations.${declarationId}`, message: 'Must be agreed to' },
        ]);
        expect(await participationOf(organisation, capacity)).toBeUndefined();
        const ok = await asRole(t.app, world, 'admin', 'POST', url, { ...values, declarations: answers });
        expect(ok.statusCode, ok.body).toBe(200);
        expect((await participationOf(organisation, capacity))?.status).toBe(status);
      }
    });

    it('lets an agent register its client only with approved RegisterForRound authority for the round', async () => {
      const values = { organisationId: world.client.id, capacities: ['Buyer'], declarations: answers };
      const without = await asRole(
        t.app,
        world,
        'agent',
        'POST',
        `/api/round/${roundId}/action/RegisterAsParticipant`,
        values,
      );
      expect(without.statusCode).toBe(403);
      expect(without.json().message).toBe(
        `You need approved authority to register Client Farm for ${world.openRound.name}`,
      );
      await buildAgentAuthority(t.db, {
        roundId,
        clientId: world.client.id,
        agentId: world.members.agent.organisation.id,
        approved: true,
      });
      const withAuthority = await asRole(
        t.app,
        world,
        'agent',
        'POST',
        `/api/round/${roundId}/action/RegisterAsParticipant`,
        values,
      );
      expect(withAuthority.statusCode, withAuthority.body).toBe(200);
      const row = await participationOf(world.client.id, 'Buyer');
      expect(row).toMatchObject({
        status: 'Provisional',
        agentOrganisationId: world.members.agent.organisation.id,
      });
    });

    it('refuses a participant registering another organisation (422: not one it may choose)', async () => {
      const response = await asRole(
        t.app,
        world,
        'participant',
        'POST',
        `/api/round/${roundId}/action/RegisterAsParticipant`,
        {
          organisationId: world.otherParticipant.organisation.id,
          capacities: ['Supplier'],
          declarations: answers,
        },
      );
      expect(response.statusCode).toBe(422);
    });

    it('limits capacities to the bidder type and records participants for the operator', async () => {
      const own = await asRole(
        t.app,
        world,
        'admin',
        'POST',
        `/api/round/${roundId}/action/RecordParticipant`,
        {
          organisationId: world.members.participant.organisation.id,
          capacity: 'Investor',
        },
      );
      expect(own.statusCode, own.body).toBe(200);
      const other = world.otherParticipant.organisation.id;
      const recorded = await asRole(
        t.app,
        world,
        'admin',
        'POST',
        `/api/round/${roundId}/action/RecordParticipant`,
        {
          organisationId: other,
          capacity: 'Investor',
        },
      );
      expect(recorded.statusCode, recorded.body).toBe(200);
      expect((await participationOf(other, 'Investor'))?.status).toBe('Registered');
    });
  },
  LONG_SESSIONS,
);
