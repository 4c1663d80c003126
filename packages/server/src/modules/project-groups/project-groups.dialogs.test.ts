import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildProject, buildProjectGroup } from '../../../test/factories.records.ts';
import { buildRound } from '../../../test/factories.rounds.ts';
import { asRole, buildWorld, type World } from '../../../test/world.ts';
import { prepareSuppliers } from '../projects/projects.testing.ts';

/** The project group dialogs through the API: Add project group, Add projects, Update, and a project's group. */
describeWithApp('project group dialogs', (t) => {
  let world: World;
  const participant = () => world.members.participant.organisation.id;

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    await prepareSuppliers(t.db, world, world.openRound.id);
  });

  it('Add to project group: the supplier’s groups in the round, the warning when there are none; Remove', async () => {
    const project = await buildProject(t.db, { roundId: world.openRound.id, supplierId: participant() });
    const url = `/api/project/${project.id}/action/AddToGroup`;
    const none = await asRole(t.app, world, 'participant', 'GET', url);
    expect(none.json().warnings).toEqual([
      { path: 'groupId', message: 'No project groups are available for this project' },
    ]);
    const foreign = await buildProjectGroup(t.db, { roundId: world.openRound.id });
    const mine = await buildProjectGroup(t.db, {
      roundId: world.openRound.id,
      supplierId: participant(),
      name: 'Either meadow',
    });
    const form = await asRole(t.app, world, 'participant', 'GET', url);
    expect(form.json().warnings).toEqual([]);
    expect(form.json().options.groupId).toEqual([{ value: mine.id, label: 'Either meadow (XOR)' }]);
    const wrong = await asRole(t.app, world, 'participant', 'POST', url, { groupId: foreign.id });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([{ path: 'groupId', message: 'Not a valid option' }]);
    expect((await asRole(t.app, world, 'participant', 'POST', url, {})).json().errors).toEqual([
      { path: 'groupId', message: 'Field required' },
    ]);
    expect((await asRole(t.app, world, 'participant', 'POST', url, { groupId: mine.id })).statusCode).toBe(
      200,
    );
    const group = (await asRole(t.app, world, 'participant', 'GET', `/api/project-group/${mine.id}`)).json();
    expect(group.projects.map((member: { id: string }) => member.id)).toEqual([project.id]);
    const remove = `/api/project/${project.id}/action/RemoveFromGroup`;
    expect((await asRole(t.app, world, 'participant', 'POST', remove, {})).statusCode).toBe(200);
    const again = await asRole(t.app, world, 'participant', 'POST', remove, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This project is not in a project group');
  });

  it('project group forms warn when no round or project fits, and when there is nothing to add', async () => {
    const lonely = await asRole(
      t.app,
      world,
      'agent',
      'GET',
      '/api/project-groups/action/CreateProjectGroup',
    );
    expect(lonely.statusCode).toBe(200);
    expect(lonely.json().warnings).toEqual([
      { path: 'marketRoundId', message: 'No market rounds in which project groups may be created' },
      { path: 'projectIds', message: 'No projects applicable for selected group type and market round' },
    ]);
    const group = await buildProjectGroup(t.db, { roundId: world.openRound.id, supplierId: participant() });
    const form = await asRole(
      t.app,
      world,
      'participant',
      'GET',
      `/api/project-group/${group.id}/action/AddProjects`,
    );
    const free = form.json().options.projectIds as { value: string }[];
    if (free.length > 0)
      expect(
        (
          await asRole(
            t.app,
            world,
            'participant',
            'POST',
            `/api/project-group/${group.id}/action/AddProjects`,
            {
              projectIds: free.map((option) => option.value),
            },
          )
        ).statusCode,
      ).toBe(200);
    const empty = await asRole(
      t.app,
      world,
      'participant',
      'GET',
      `/api/project-group/${group.id}/action/AddProjects`,
    );
    expect(empty.json().warnings).toEqual([
      { path: 'projectIds', message: 'There are no projects available to add to this group' },
    ]);
    const update = await asRole(
      t.app,
      world,
      'participant',
      'POST',
      `/api/project-group/${group.id}/action/Update`,
      {
        name: '',
        type: 'OR',
      },
    );
    expect(update.statusCode).toBe(422);
    expect(update.json().errors.map((error: { path: string }) => error.path)).toEqual(['name', 'type']);
  });

  it("Add project group offers each project only for its supplier's and round's choice, and refuses one outside the round", async () => {
    const closed = await buildRound(t.db, 'Closed', 'Autumn round');
    const here = await buildProject(t.db, { roundId: world.openRound.id, supplierId: participant() });
    const there = await buildProject(t.db, { roundId: closed.id, supplierId: participant() });
    const form = await asRole(
      t.app,
      world,
      'participant',
      'GET',
      '/api/project-groups/action/CreateProjectGroup',
    );
    expect(form.statusCode).toBe(200);
    const options = form.json().options.projectIds as { value: string; visibleWhen: unknown }[];
    expect(options.find((option) => option.value === here.id)?.visibleWhen).toEqual([
      { fieldId: 'supplierId', oneOf: [participant()] },
      { fieldId: 'marketRoundId', oneOf: [world.openRound.id] },
      { fieldId: 'type', filled: true },
    ]);
    expect(options.find((option) => option.value === there.id)?.visibleWhen).toEqual([
      { fieldId: 'supplierId', oneOf: [participant()] },
      { fieldId: 'marketRoundId', oneOf: [closed.id] },
      { fieldId: 'type', filled: true },
    ]);
    expect(form.json().settings.groupable).toEqual({
      [world.openRound.id]: [participant()],
      [closed.id]: [participant()],
    });
    expect(form.json().initialValues).toEqual({ supplierId: participant() });

    const create = (projectIds: string[]) =>
      asRole(t.app, world, 'participant', 'POST', '/api/project-groups', {
        name: 'Spring either-or',
        supplierId: participant(),
        marketRoundId: world.openRound.id,
        type: 'XOR',
        projectIds,
      });
    const outside = await create([here.id, there.id]);
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors).toEqual([{ path: 'projectIds.1', message: 'Not a valid option' }]);
    const groups = await asRole(t.app, world, 'participant', 'GET', '/api/project-groups?q=Spring either-or');
    expect(groups.json().items).toEqual([]);
    const made = await create([here.id]);
    expect(made.statusCode).toBe(201);
    const group = await asRole(t.app, world, 'participant', 'GET', `/api${made.json().context.self}`);
    expect(group.json().projects.map((member: { id: string }) => member.id)).toEqual([here.id]);
    // The other round's project is still free: its group, if any, is for its own round.
    const record = await asRole(t.app, world, 'participant', 'GET', `/api/project/${there.id}`);
    expect(record.json().group ?? null).toBeNull();
  });
});
