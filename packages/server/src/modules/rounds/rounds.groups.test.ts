import type { MarketRoundStatus } from '@curlew/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import {
  buildProject,
  buildProjectGroup,
  buildRequirement,
  buildRequirementGroup,
} from '../../../test/factories.records.ts';
import { buildRound } from '../../../test/factories.rounds.ts';
import { asRole, buildWorld, type World } from '../../../test/world.ts';
import { setRoundStatus } from './rounds.testing.ts';

/** Where groups may change: the same round statuses for project groups and credit requirement groups. */
const CHANGING: readonly MarketRoundStatus[] = ['Open', 'Closed', 'OpenForBidsAndOffers'];
const FROZEN: readonly MarketRoundStatus[] = ['ClosedForBidsAndOffers', 'Matching', 'Pending', 'Matched'];

/**
 * One rule for both kinds of group: a project group or a credit requirement group is created and changed only while
 * its round is Open, Closed or OpenForBidsAndOffers; never in a Draft round, never once bids and offers close.
 */
describeWithApp('groups change with their round', (t) => {
  let world: World;
  const own = () => world.members.participant.organisation.id;
  const post = (url: string, body: unknown) => asRole(t.app, world, 'participant', 'POST', url, body);
  const get = (url: string) => asRole(t.app, world, 'participant', 'GET', url);
  const actionOf = async (url: string, id: string) =>
    (await get(url)).json().actions.find((action: { id: string }) => action.id === id);

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });

  describe('project groups', () => {
    it('are changed while the round allows it and refused (409) in Draft and once bids and offers close', async () => {
      const round = await buildRound(t.db, 'Open', 'Group round');
      const group = await buildProjectGroup(t.db, { roundId: round.id, supplierId: own(), name: 'Either' });
      const update = `/api/project-group/${group.id}/action/Update`;
      for (const status of CHANGING) {
        await setRoundStatus(t.db, round.id, status);
        const changed = await post(update, { name: `Either ${status}`, type: 'AND' });
        expect(changed.statusCode).toBe(200);
        expect((await actionOf(`/api/project-group/${group.id}`, 'AddProjects')).enabled).toBe(true);
      }
      for (const status of FROZEN) {
        await setRoundStatus(t.db, round.id, status);
        const refused = await post(update, { name: 'Too late', type: 'XOR' });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe('Bids and offers for Group round have closed');
        const add = await post(`/api/project-group/${group.id}/action/AddProjects`, { projectIds: [] });
        expect(add.statusCode).toBe(409);
        expect(await actionOf(`/api/project-group/${group.id}`, 'Update')).toMatchObject({
          enabled: false,
          reason: 'Bids and offers for Group round have closed',
        });
      }
      await setRoundStatus(t.db, round.id, 'Draft');
      const draft = await post(update, { name: 'Too early', type: 'XOR' });
      expect(draft.statusCode).toBe(409);
      expect(draft.json().message).toBe('Group round is not open for registration');
      const record = (await get(`/api/project-group/${group.id}`)).json();
      expect(record).toMatchObject({ name: 'Either OpenForBidsAndOffers', type: 'AND' });
    });

    it('take and lose a project only while the round allows it (a project’s Add to group and Remove, 409)', async () => {
      const round = await buildRound(t.db, 'Open', 'Member round');
      const group = await buildProjectGroup(t.db, { roundId: round.id, supplierId: own(), name: 'Both' });
      const loose = await buildProject(t.db, { roundId: round.id, supplierId: own() });
      const member = await buildProject(t.db, { roundId: round.id, supplierId: own() });
      expect(
        (await post(`/api/project/${member.id}/action/AddToGroup`, { groupId: group.id })).statusCode,
      ).toBe(200);
      await setRoundStatus(t.db, round.id, 'ClosedForBidsAndOffers');
      const add = await post(`/api/project/${loose.id}/action/AddToGroup`, { groupId: group.id });
      expect(add.statusCode).toBe(409);
      expect(add.json().message).toBe('Bids and offers for Member round have closed');
      const remove = await post(`/api/project/${member.id}/action/RemoveFromGroup`, {});
      expect(remove.statusCode).toBe(409);
      expect(remove.json().message).toBe('Bids and offers for Member round have closed');
      const members = (await get(`/api/project-group/${group.id}`)).json().projects;
      expect(members.map((project: { id: string }) => project.id)).toEqual([member.id]);
      await setRoundStatus(t.db, round.id, 'OpenForBidsAndOffers');
      expect((await post(`/api/project/${member.id}/action/RemoveFromGroup`, {})).statusCode).toBe(200);
    });

    it('are created only in a round that allows group changes: others are not offered and refused (422)', async () => {
      const rounds = new Map<MarketRoundStatus, string>();
      const projectsIn = new Map<MarketRoundStatus, string>();
      for (const status of ['Draft', ...CHANGING, 'ClosedForBidsAndOffers'] as const) {
        const round = await buildRound(t.db, status, `Create ${status}`);
        rounds.set(status, round.id);
        projectsIn.set(status, (await buildProject(t.db, { roundId: round.id, supplierId: own() })).id);
      }
      const form = await get('/api/project-groups/action/CreateProjectGroup');
      const offered = form.json().options.marketRoundId.map((option: { value: string }) => option.value);
      expect(offered).toEqual(expect.arrayContaining(CHANGING.map((status) => rounds.get(status))));
      expect(offered).not.toContain(rounds.get('Draft'));
      expect(offered).not.toContain(rounds.get('ClosedForBidsAndOffers'));
      for (const status of ['Draft', 'ClosedForBidsAndOffers'] as const) {
        const refused = await post('/api/project-groups', {
          name: `Group ${status}`,
          supplierId: own(),
          marketRoundId: rounds.get(status),
          type: 'XOR',
          projectIds: [projectsIn.get(status)],
        });
        expect(refused.statusCode).toBe(422);
        expect(refused.json().errors).toEqual([{ path: 'marketRoundId', message: 'Not a valid option' }]);
      }
      const made = await post('/api/project-groups', {
        name: 'Group OpenForBidsAndOffers',
        supplierId: own(),
        marketRoundId: rounds.get('OpenForBidsAndOffers'),
        type: 'XOR',
        projectIds: [projectsIn.get('OpenForBidsAndOffers')],
      });
      expect(made.statusCode).toBe(201);
    });
  });

  describe('credit requirement groups', () => {
    it('are changed while the round allows it and refused (409) in Draft and once bids and offers close', async () => {
      const round = await buildRound(t.db, 'Open', 'Demand round');
      const group = await buildRequirementGroup(t.db, { buyerId: own(), roundId: round.id, name: 'Plot 9' });
      const rename = `/api/requirement-group/${group}/action/Rename`;
      for (const status of CHANGING) {
        await setRoundStatus(t.db, round.id, status);
        expect((await post(rename, { name: `Plot 9 ${status}` })).statusCode).toBe(200);
      }
      for (const status of FROZEN) {
        await setRoundStatus(t.db, round.id, status);
        const refused = await post(rename, { name: 'Too late' });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe('Bids and offers for Demand round have closed');
        expect(await actionOf(`/api/requirement-group/${group}`, 'AddRequirements')).toMatchObject({
          enabled: false,
          reason: 'Bids and offers for Demand round have closed',
        });
      }
      await setRoundStatus(t.db, round.id, 'Draft');
      const draft = await post(rename, { name: 'Too early' });
      expect(draft.statusCode).toBe(409);
      expect(draft.json().message).toBe('Demand round is not open for registration');
      expect((await get(`/api/requirement-group/${group}`)).json().name).toBe('Plot 9 OpenForBidsAndOffers');
    });

    it('are created only of requirements in no round or in a round that allows group changes (409 otherwise)', async () => {
      const bidding = await buildRound(t.db, 'OpenForBidsAndOffers', 'Bidding round');
      const closed = await buildRound(t.db, 'ClosedForBidsAndOffers', 'Closed round');
      const open = await buildRequirement(t.db, {
        buyerId: own(),
        roundId: bidding.id,
        name: 'Bidding need',
      });
      const late = await buildRequirement(t.db, { buyerId: own(), roundId: closed.id, name: 'Late need' });
      const loose = await buildRequirement(t.db, { buyerId: own(), roundId: null, name: 'Loose need' });
      const form = await get('/api/requirement-groups/action/CreateRequirementGroup');
      const offered = form.json().options.requirementIds.map((option: { value: string }) => option.value);
      expect(offered).toEqual(expect.arrayContaining([open, loose]));
      expect(offered).not.toContain(late);
      const refused = await post('/api/requirement-groups', {
        name: 'Late plot',
        buyerId: own(),
        requirementIds: [late],
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Bids and offers for Closed round have closed');
      const groups = await get(`/api/requirement-groups?roundId=${closed.id}`);
      expect(groups.json().items).toEqual([]);
      for (const [name, id] of [
        ['Bidding plot', open],
        ['Loose plot', loose],
      ] as const) {
        const made = await post('/api/requirement-groups', { name, buyerId: own(), requirementIds: [id] });
        expect(made.statusCode).toBe(201);
      }
    });
  });
});
