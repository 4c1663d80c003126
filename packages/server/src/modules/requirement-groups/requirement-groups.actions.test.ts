import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildRequirement } from '../../../test/factories.records.ts';
import { buildRound } from '../../../test/factories.rounds.ts';
import { asRole, buildWorld, type World } from '../../../test/world.ts';
import { setRoundStatus } from '../rounds/rounds.testing.ts';

describeWithApp('requirement groups: create, add, remove, rename', (t) => {
  let world: World;
  let roundId: string;
  let a: string;
  let b: string;
  let c: string;
  let elsewhere: string;
  let foreign: string;
  const post = (url: string, body: unknown) => asRole(t.app, world, 'participant', 'POST', url, body);

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    roundId = world.openRound.id;
    const buyerId = world.members.participant.organisation.id;
    a = await buildRequirement(t.db, { buyerId, roundId, name: 'Nitrogen for plot 4' });
    b = await buildRequirement(t.db, { buyerId, roundId, name: 'Phosphorus for plot 4' });
    c = await buildRequirement(t.db, { buyerId, roundId, name: 'Biodiversity for plot 4' });
    elsewhere = await buildRequirement(t.db, {
      buyerId,
      roundId: (await buildRound(t.db)).id,
      name: 'Elsewhere',
    });
    foreign = await buildRequirement(t.db, { buyerId: world.otherParticipant.organisation.id, roundId });
  });

  it('creates a group of one buyer’s requirements of one round, and refuses others (422)', async () => {
    const buyerId = world.members.participant.organisation.id;
    const empty = await post('/api/requirement-groups', { name: 'Plot 4', buyerId, requirementIds: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual([{ path: 'requirementIds', message: 'Empty array' }]);
    const mixed = await post('/api/requirement-groups', {
      name: 'Plot 4',
      buyerId,
      requirementIds: [a, elsewhere],
    });
    expect(mixed.json().errors).toEqual([
      { path: 'requirementIds', message: 'The credit requirements of a group must be in one market round' },
    ]);
    const notMine = await post('/api/requirement-groups', {
      name: 'Plot 4',
      buyerId,
      requirementIds: [a, foreign],
    });
    expect(notMine.json().errors).toEqual([{ path: 'requirementIds', message: 'Not a valid option' }]);
    const created = await post('/api/requirement-groups', {
      name: 'Plot 4',
      buyerId,
      requirementIds: [a, b],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().context.id;
    const group = (await asRole(t.app, world, 'participant', 'GET', `/api/requirement-group/${id}`)).json();
    expect(group).toMatchObject({ name: 'Plot 4', round: { id: roundId }, buyer: { id: buyerId } });
    expect(group.requirements.map((item: { name: string }) => item.name)).toEqual([
      'Nitrogen for plot 4',
      'Phosphorus for plot 4',
    ]);
    const taken = await post('/api/requirement-groups', { name: 'Again', buyerId, requirementIds: [a] });
    expect(taken.json().errors).toEqual([
      { path: 'requirementIds', message: 'Nitrogen for plot 4 is already in Plot 4' },
    ]);

    // A new group is offered the buyer's requirements in no group, each named with its round; no one else's.
    const form = await asRole(
      t.app,
      world,
      'participant',
      'GET',
      '/api/requirement-groups/action/CreateRequirementGroup',
    );
    expect(form.statusCode).toBe(200);
    const offered: { value: string; label: string }[] = form.json().options.requirementIds;
    expect(offered.map((option) => option.value).sort()).toEqual([c, elsewhere].sort());
    expect(offered.find((option) => option.value === c)?.label).toBe(
      `Biodiversity for plot 4 (${world.openRound.name})`,
    );
    const operatorForm = await asRole(
      t.app,
      world,
      'admin',
      'GET',
      '/api/requirement-groups/action/CreateRequirementGroup',
    );
    const operatorOffered = operatorForm
      .json()
      .options.requirementIds.map((option: { value: string }) => option.value);
    expect(operatorOffered).toEqual(expect.arrayContaining([c, elsewhere, foreign]));
    expect(operatorOffered).not.toContain(a);
    expect(operatorOffered).not.toContain(b);

    const options = await asRole(
      t.app,
      world,
      'participant',
      'GET',
      `/api/requirement-group/${id}/action/AddRequirements`,
    );
    expect(options.json().options.requirementIds.map((option: { label: string }) => option.label)).toEqual([
      'Biodiversity for plot 4',
    ]);
    expect(
      (await post(`/api/requirement-group/${id}/action/AddRequirements`, { requirementIds: [c] })).statusCode,
    ).toBe(200);
    const removeAll = await post(`/api/requirement-group/${id}/action/RemoveRequirements`, {
      requirementIds: [a, b, c],
    });
    expect(removeAll.json().errors).toEqual([
      { path: 'requirementIds', message: 'A group keeps at least one credit requirement' },
    ]);
    expect(
      (await post(`/api/requirement-group/${id}/action/RemoveRequirements`, { requirementIds: [b] }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post(`/api/requirement-group/${id}/action/Rename`, { name: 'Plot 4 north' })).statusCode,
    ).toBe(200);
    const after = (await asRole(t.app, world, 'participant', 'GET', `/api/requirement-group/${id}`)).json();
    expect(after.name).toBe('Plot 4 north');
    expect(after.requirements.map((item: { id: string }) => item.id).sort()).toEqual([a, c].sort());
    const inRecord = (await asRole(t.app, world, 'participant', 'GET', `/api/requirement/${a}`)).json();
    expect(inRecord.group).toEqual({ id, name: 'Plot 4 north' });

    const other = await asRole(
      t.app,
      world,
      'participant',
      'POST',
      `/api/requirement-group/${id}/action/Rename`,
      { name: 'x' },
    );
    expect(other.statusCode).toBe(200);
    const outsider = await t.app.inject({
      method: 'POST',
      url: `/api/requirement-group/${id}/action/Rename`,
      headers: { cookie: world.otherParticipant.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Mine now' }),
    });
    expect(outsider.statusCode).toBe(404);
    const lpa = await asRole(t.app, world, 'lpa', 'POST', '/api/requirement-groups', {
      name: 'x',
      buyerId,
      requirementIds: [c],
    });
    expect(lpa.statusCode).toBe(403);

    await setRoundStatus(t.db, roundId, 'Matching');
    const late = await post(`/api/requirement-group/${id}/action/Rename`, { name: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Bids and offers for Spring round have closed');
    await setRoundStatus(t.db, roundId, 'Open');
  });
  it('lists the groups a page at a time, sorted as asked, with the total', async () => {
    const buyerId = world.members.participant.organisation.id;
    const round = (await buildRound(t.db)).id;
    for (const name of ['Plot 4', 'Another plot']) {
      const member = await buildRequirement(t.db, { buyerId, roundId: round, name: `Nitrogen for ${name}` });
      const created = await post('/api/requirement-groups', { name, buyerId, requirementIds: [member] });
      expect(created.statusCode).toBe(201);
    }
    const list = (query: string) =>
      asRole(t.app, world, 'participant', 'GET', `/api/requirement-groups?roundId=${round}&${query}`);
    const names = (answer: Awaited<ReturnType<typeof list>>) =>
      answer.json().items.map((item: { name: string }) => item.name);
    const first = await list('sort=name&order=desc&pageSize=1');
    expect(first.statusCode).toBe(200);
    expect(names(first)).toEqual(['Plot 4']);
    expect(first.json()).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(names(await list('sort=name&order=desc&pageSize=1&page=2'))).toEqual(['Another plot']);
    expect(names(await list('sort=name&order=asc'))).toEqual(['Another plot', 'Plot 4']);
    expect((await list('sort=price')).statusCode).toBe(422);
  });
});
