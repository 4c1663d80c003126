import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildProject } from '../../../test/factories.records.ts';
import { buildRound } from '../../../test/factories.rounds.ts';
import { asRole, buildWorld, type Role, type World } from '../../../test/world.ts';
import { setRoundStatus } from '../rounds/rounds.testing.ts';

type Answer = { id: string; enabled: boolean; reason?: string; next?: true };

describeWithApp(
  "project groups' next step: adding projects until the group has two, while its round takes groups",
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

    it('marks Add projects next for a project group of one while its round takes groups', async () => {
      const supplierId = world.members.participant.organisation.id;
      const roundId = (await buildRound(t.db, 'Open', 'Winter round')).id;
      const [first, second] = [
        await buildProject(t.db, { supplierId, roundId, name: 'North meadow', status: 'Registered' }),
        await buildProject(t.db, { supplierId, roundId, name: 'South meadow', status: 'Registered' }),
      ];
      const created = await asRole(t.app, world, 'participant', 'POST', '/api/project-groups', {
        name: 'Meadows',
        supplierId,
        marketRoundId: roundId,
        type: 'XOR',
        projectIds: [first.id],
      });
      expect(created.statusCode).toBe(201);
      const url = `/api/project-group/${created.json().context.id}`;
      const alone = await get('participant', url);
      expect(nextOf(alone)).toEqual([{ id: 'AddProjects', enabled: true }]);
      expect(alone.actions.find((action) => action.id === 'Update')?.next).toBeUndefined();

      await asRole(t.app, world, 'participant', 'POST', `${url}/action/AddProjects`, {
        projectIds: [second.id],
      });
      expect(nextOf(await get('participant', url))).toEqual([]);

      // An empty group's next step is adding projects, until its round is past its offers.
      const empty = await asRole(t.app, world, 'participant', 'POST', '/api/project-groups', {
        name: 'Late',
        supplierId,
        marketRoundId: roundId,
        type: 'AND',
        projectIds: [],
      });
      expect(empty.statusCode).toBe(201);
      const emptyUrl = `/api/project-group/${empty.json().context.id}`;
      expect(nextOf(await get('participant', emptyUrl))).toEqual([{ id: 'AddProjects', enabled: true }]);
      await setRoundStatus(t.db, roundId, 'Matched');
      expect(nextOf(await get('participant', emptyUrl))).toEqual([]);
    });
  },
);
