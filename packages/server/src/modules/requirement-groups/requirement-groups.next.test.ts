import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildRequirement } from '../../../test/factories.records.ts';
import { buildRound } from '../../../test/factories.rounds.ts';
import { asRole, buildAgentAuthority, buildWorld, type Role, type World } from '../../../test/world.ts';
import { setRoundStatus } from '../rounds/rounds.testing.ts';

type Answer = { id: string; enabled: boolean; reason?: string; next?: true };

describeWithApp(
  "requirement groups' next step: adding requirements until the group has two, while it may change",
  (t) => {
    let world: World;
    const get = async (role: Role, url: string) => {
      const answer = await asRole(t.app, world, role, 'GET', url);
      expect(answer.statusCode).toBe(200);
      return answer.json() as { actions: Answer[] };
    };
    const nextOf = (group: { actions: Answer[] }) =>
      group.actions.filter((action) => action.next === true).map(({ id, enabled }) => ({ id, enabled }));

    beforeAll(async () => {
      world = await buildWorld(t.app, t.db);
    });

    it('marks Add credit requirements next for a group of one in a round still open, and nothing else', async () => {
      const buyerId = world.members.participant.organisation.id;
      const roundId = (await buildRound(t.db, 'OpenForBidsAndOffers', 'Summer round')).id;
      const [a, b] = [
        await buildRequirement(t.db, { buyerId, roundId, name: 'Nitrogen for plot 7' }),
        await buildRequirement(t.db, { buyerId, roundId, name: 'Phosphorus for plot 7' }),
      ];
      const created = await asRole(t.app, world, 'participant', 'POST', '/api/requirement-groups', {
        name: 'Plot 7',
        buyerId,
        requirementIds: [a],
      });
      expect(created.statusCode).toBe(201);
      const url = `/api/requirement-group/${created.json().context.id}`;
      const alone = await get('participant', url);
      expect(nextOf(alone)).toEqual([{ id: 'AddRequirements', enabled: true }]);
      expect(alone.actions.find((action) => action.id === 'Rename')?.next).toBeUndefined();
      // The list answers the same marks.
      const listed = (await get('participant', `/api/requirement-groups?roundId=${roundId}`)) as unknown as {
        items: { actions: Answer[] }[];
      };
      expect(listed.items.map(nextOf)).toEqual([[{ id: 'AddRequirements', enabled: true }]]);

      // Two members: the group means something, no step of its own is left.
      await asRole(t.app, world, 'participant', 'POST', `${url}/action/AddRequirements`, {
        requirementIds: [b],
      });
      expect(nextOf(await get('participant', url))).toEqual([]);
      await asRole(t.app, world, 'participant', 'POST', `${url}/action/RemoveRequirements`, {
        requirementIds: [b],
      });
      expect(nextOf(await get('participant', url))).toEqual([{ id: 'AddRequirements', enabled: true }]);

      // Once bids and offers close the group cannot change: adding is refused and no longer a next step.
      await setRoundStatus(t.db, roundId, 'Matching');
      const closed = await get('participant', url);
      expect(nextOf(closed)).toEqual([]);
      expect(closed.actions.find((action) => action.id === 'AddRequirements')).toMatchObject({
        enabled: false,
        reason: 'Bids and offers for Summer round have closed',
      });
    });

    it("keeps a step refused for the reader (an agent without 'register for round') next, with its reason", async () => {
      const roundId = (await buildRound(t.db, 'Open', 'Autumn round')).id;
      await buildAgentAuthority(t.db, {
        roundId,
        clientId: world.client.id,
        agentId: world.members.agent.organisation.id,
        status: 'Approved',
        permissions: ['MakeOffersOrBids'],
      });
      const requirement = await buildRequirement(t.db, { buyerId: world.client.id, roundId });
      const created = await asRole(t.app, world, 'admin', 'POST', '/api/requirement-groups', {
        name: 'Client plot',
        buyerId: world.client.id,
        requirementIds: [requirement],
      });
      expect(created.statusCode).toBe(201);
      const group = await get('agent', `/api/requirement-group/${created.json().context.id}`);
      expect(group.actions.find((action) => action.next === true)).toEqual({
        id: 'AddRequirements',
        title: 'Add credit requirements to group',
        enabled: false,
        reason: 'You need approved authority with permission to register for this round',
        next: true,
      });
    });
  },
);
