import { randomUUID } from 'node:crypto';
import type { Page, ProjectGroup } from '@curlew/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildProject } from '../../../test/factories.records.ts';
import { asRole, ROLES, type Role, type World } from '../../../test/world.ts';
import { buildAuthorisationFixture } from '../projects/projects.authorisation.testing.ts';

/** Who reads and changes which project group (role x own / other organisation / missing), exact statuses. */
describeWithApp('project group authorisation', (t) => {
  let world: World;
  let roundId: string;
  let own: Partial<Record<Role, string>>;
  let otherProjectId: string;
  let groupId: string;
  let otherGroupId: string;

  beforeAll(async () => {
    ({ world, roundId, own, otherProjectId, groupId, otherGroupId } = await buildAuthorisationFixture(
      t.app,
      t.db,
    ));
  });

  /** role -> [own, other, missing] statuses of GET /api/project-group/{id} and of its Update alike. */
  const GROUP_STATUSES: Record<Role, [number, number, number]> = {
    admin: [200, 200, 404],
    sysadmin: [200, 200, 404],
    participant: [404, 404, 404],
    agent: [200, 404, 404],
    lpa: [404, 404, 404],
    anonymous: [401, 401, 401],
  };

  describe('reading a project group', () => {
    for (const role of ROLES)
      for (const [index, which] of (['own', 'other', 'missing'] as const).entries())
        it(`${role} reading ${which} group -> ${GROUP_STATUSES[role][index]}`, async () => {
          const id = which === 'missing' ? randomUUID() : which === 'own' ? groupId : otherGroupId;
          const response = await asRole(t.app, world, role, 'GET', `/api/project-group/${id}`);
          expect(response.statusCode).toBe(GROUP_STATUSES[role][index]);
          if (response.statusCode === 200) expect((response.json() as ProjectGroup).projects.length).toBe(1);
        });
  });

  describe('changing a project group', () => {
    for (const role of ROLES)
      for (const [index, which] of (['own', 'other', 'missing'] as const).entries())
        it(`${role} updating ${which} group -> ${GROUP_STATUSES[role][index]}`, async () => {
          const id = which === 'missing' ? randomUUID() : which === 'own' ? groupId : otherGroupId;
          const response = await asRole(
            t.app,
            world,
            role,
            'POST',
            `/api/project-group/${id}/action/Update`,
            {
              name: 'Either farm',
              type: 'XOR',
            },
          );
          expect(response.statusCode).toBe(GROUP_STATUSES[role][index]);
        });
  });

  it('lets the supplier group its own projects only, and lists groups by round and supplier', async () => {
    const participant = world.members.participant.organisation.id;
    const second = await buildProject(t.db, { roundId, supplierId: participant, status: 'Certified' });
    const created = await asRole(t.app, world, 'participant', 'POST', '/api/project-groups', {
      name: 'Either field',
      supplierId: participant,
      marketRoundId: roundId,
      type: 'XOR',
      projectIds: [own.participant, second.id],
    });
    expect(created.statusCode).toBe(201);
    const refused = await asRole(t.app, world, 'participant', 'POST', '/api/project-groups', {
      name: 'Not mine',
      supplierId: participant,
      marketRoundId: roundId,
      type: 'AND',
      projectIds: [otherProjectId],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([{ path: 'projectIds.0', message: 'Not a valid option' }]);
    const list = await asRole(t.app, world, 'participant', 'GET', `/api/project-groups?roundId=${roundId}`);
    expect(
      (list.json() as Page<ProjectGroup>).items.map((group) => [group.name, group.projects.length]),
    ).toEqual([['Either field', 2]]);
    const operator = await asRole(
      t.app,
      world,
      'admin',
      'GET',
      `/api/project-groups?supplierId=${participant}`,
    );
    expect((operator.json() as Page<ProjectGroup>).items.map((group) => group.name)).toEqual([
      'Either field',
    ]);
    const project = await asRole(t.app, world, 'participant', 'GET', `/api/project/${own.participant}`);
    expect(project.json().group).toMatchObject({ name: 'Either field', type: 'XOR' });
  });
});
