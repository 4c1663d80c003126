import { randomUUID } from 'node:crypto';
import type { Page, Project, ProjectListItem } from '@curlew/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { asRole, buildMember, type Member, ROLES, type Role, type World } from '../../../test/world.ts';
import {
  type AuthorisationFixture,
  buildAuthorisationFixture,
  OFFER,
} from './projects.authorisation.testing.ts';

type Target = 'own' | 'other' | 'missing';

/**
 * Who reads which project (role x own / other organisation / missing), exact statuses; the sealed offer on every read
 * route (record, list, CSV, activity, project group); local planning authorities see only their area, never a price.
 * Project groups: `project-groups.authorisation.test.ts`.
 */
describeWithApp('project authorisation', (t) => {
  let world: World;
  let refs: AuthorisationFixture['refs'];
  let roundId: string;
  /** The project each role calls its own (the operator: any; the agent: its client's; the LPA: one in its area). */
  let own: Partial<Record<Role, string>>;
  let otherProjectId: string;
  let clientProjectId: string;
  let groupId: string;
  let limitedAgent: Member;
  let buyer: Member;
  let investor: Member;

  beforeAll(async () => {
    ({ world, refs, roundId, own, otherProjectId, clientProjectId, groupId, limitedAgent, buyer, investor } =
      await buildAuthorisationFixture(t.app, t.db));
  });

  const target = (role: Role, which: Target): string =>
    which === 'missing' ? randomUUID() : which === 'own' ? (own[role] ?? '') : otherProjectId;

  /** role -> [own, other, missing] statuses of GET /api/project/{id}. */
  const RECORD_STATUSES: Record<Role, [number, number, number]> = {
    admin: [200, 200, 404],
    sysadmin: [200, 200, 404],
    participant: [200, 404, 404],
    agent: [200, 404, 404],
    lpa: [200, 404, 404],
    anonymous: [401, 401, 401],
  };

  describe('reading a project', () => {
    for (const role of ROLES)
      for (const [index, which] of (['own', 'other', 'missing'] as const).entries())
        it(`${role} reading ${which} -> ${RECORD_STATUSES[role][index]}`, async () => {
          const response = await asRole(t.app, world, role, 'GET', `/api/project/${target(role, which)}`);
          expect(response.statusCode).toBe(RECORD_STATUSES[role][index]);
        });
  });

  /** role -> [own, other, missing] statuses of POST Update (the supplier's side changes; an LPA only reads). */
  const UPDATE_STATUSES: Record<Role, [number, number, number]> = {
    admin: [409, 409, 404],
    sysadmin: [409, 409, 404],
    participant: [409, 404, 404],
    agent: [409, 404, 404],
    lpa: [403, 404, 404],
    anonymous: [401, 401, 401],
  };

  describe('changing a project (Update on an offered project: after screening only the operator changes it)', () => {
    for (const role of ROLES)
      for (const [index, which] of (['own', 'other', 'missing'] as const).entries())
        it(`${role} updating ${which} -> ${UPDATE_STATUSES[role][index]}`, async () => {
          const response = await asRole(
            t.app,
            world,
            role,
            'POST',
            `/api/project/${target(role, which)}/action/Update`,
            { name: 'Renamed', typeId: refs.typeId },
          );
          expect(response.statusCode).toBe(UPDATE_STATUSES[role][index]);
        });
  });

  it('lists exactly the projects in each role’s scope', async () => {
    const ids = async (cookie: string) => {
      const response = await requestJson(t.app, 'GET', `/api/projects?roundId=${roundId}`, undefined, {
        cookie,
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as Page<ProjectListItem>).items.map((item) => item.name).sort();
    };
    expect(await ids(world.members.admin.cookie)).toEqual(['Client project', 'Other project', 'Own project']);
    expect(await ids(world.members.participant.cookie)).toEqual(['Own project']);
    expect(await ids(world.members.agent.cookie)).toEqual(['Client project']);
    expect(await ids(limitedAgent.cookie)).toEqual(['Client project']);
    expect(await ids(world.members.lpa.cookie)).toEqual(['Own project']);
    expect(await ids(buyer.cookie)).toEqual([]);
    expect(await ids(investor.cookie)).toEqual([]);
    expect((await asRole(t.app, world, 'anonymous', 'GET', '/api/projects')).statusCode).toBe(401);
  });

  it('filters and sorts the list (q, status, typeId, creditType, lpaId, supplierId; name, supplier, round, createdAt)', async () => {
    const names = async (query: string) => {
      const response = await requestJson(
        t.app,
        'GET',
        `/api/projects?roundId=${roundId}&${query}`,
        undefined,
        {
          cookie: world.members.admin.cookie,
        },
      );
      expect(response.statusCode).toBe(200);
      return (response.json() as Page<ProjectListItem>).items.map((item) => item.name);
    };
    expect(await names('q=client')).toEqual(['Client project']);
    expect(await names('q=%25')).toEqual([]);
    expect(await names('status=Offered&sort=name&order=desc')).toEqual([
      'Own project',
      'Other project',
      'Client project',
    ]);
    expect(await names('status=Draft')).toEqual([]);
    expect(await names(`typeId=${refs.typeId}&sort=name`)).toEqual([
      'Client project',
      'Other project',
      'Own project',
    ]);
    expect(await names('creditType=Biodiversity')).toEqual(['Own project']);
    expect(await names(`lpaId=${refs.otherLpaId}&sort=name`)).toEqual(['Client project', 'Other project']);
    expect(await names(`supplierId=${world.client.id}`)).toEqual(['Client project']);
    const bySupplier = [
      ['Client project', world.client.name],
      ['Own project', world.members.participant.organisation.name],
      ['Other project', world.otherParticipant.organisation.name],
    ]
      .sort((a, b) => ((a[1] ?? '') < (b[1] ?? '') ? -1 : 1))
      .map(([name]) => name);
    expect(await names('sort=supplier&order=asc')).toEqual(bySupplier);
    expect(await names('sort=round&pageSize=2&page=2')).toHaveLength(1);
    expect(await names('sort=createdAt')).toEqual(['Own project', 'Client project', 'Other project']);
    const bad = await requestJson(t.app, 'GET', '/api/projects?status=Sold', undefined, {
      cookie: world.members.admin.cookie,
    });
    expect(bad.statusCode).toBe(422);
  });

  it('gives an LPA with no linked authority no project', async () => {
    const unlinked = await buildMember(t.app, t.db, 'LPA', ['lpa']);
    const response = await requestJson(t.app, 'GET', '/api/projects', undefined, { cookie: unlinked.cookie });
    expect(response.json().items).toEqual([]);
    const record = await requestJson(t.app, 'GET', `/api/project/${own.lpa}`, undefined, {
      cookie: unlinked.cookie,
    });
    expect(record.statusCode).toBe(404);
  });

  describe('the sealed offer', () => {
    const readers = () => ({
      operator: world.members.admin.cookie,
      supplier: world.members.participant.cookie,
      agentWithMakeOffers: world.members.agent.cookie,
      agentWithoutMakeOffers: limitedAgent.cookie,
      lpa: world.members.lpa.cookie,
      buyer: buyer.cookie,
      investor: investor.cookie,
      otherSupplier: world.otherParticipant.cookie,
    });
    const projectOf = (reader: string) =>
      reader === 'agentWithMakeOffers' || reader === 'agentWithoutMakeOffers'
        ? clientProjectId
        : own.participant;

    it('is in the record only for the operator, the supplier and its agent with MakeOffersOrBids', async () => {
      const seen: Record<string, number | string> = {};
      for (const [reader, cookie] of Object.entries(readers())) {
        const response = await requestJson(t.app, 'GET', `/api/project/${projectOf(reader)}`, undefined, {
          cookie,
        });
        if (response.statusCode !== 200) {
          seen[reader] = response.statusCode;
          continue;
        }
        const project = response.json() as Project;
        seen[reader] = 'offer' in project ? `offer ${project.offer}` : 'no offer';
        if (reader === 'lpa') expect(project.costs).toBeNull();
        if (!('offer' in project)) expect(response.body).not.toContain(String(OFFER));
      }
      expect(seen).toEqual({
        operator: `offer ${OFFER}`,
        supplier: `offer ${OFFER}`,
        agentWithMakeOffers: `offer ${OFFER}`,
        agentWithoutMakeOffers: 'no offer',
        lpa: 'no offer',
        buyer: 404,
        investor: 404,
        otherSupplier: 404,
      });
    });

    it('is in no list row, CSV row, activity entry or project group, whoever reads', async () => {
      for (const [reader, cookie] of Object.entries(readers())) {
        const list = await requestJson(t.app, 'GET', '/api/projects', undefined, { cookie });
        expect(list.statusCode, reader).toBe(200);
        expect(list.body, reader).not.toContain(String(OFFER));
        for (const item of list.json().items) expect('offer' in item, reader).toBe(false);
        const csv = await requestJson(t.app, 'GET', '/api/projects?format=csv', undefined, { cookie });
        expect(csv.statusCode, reader).toBe(200);
        expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(csv.body, reader).not.toContain(String(OFFER));
        expect(csv.body.split('\r\n')[0]?.toLowerCase(), reader).not.toContain('offer');
        const activity = await requestJson(
          t.app,
          'GET',
          `/api/activity?subjectType=project&subjectId=${projectOf(reader)}`,
          undefined,
          { cookie },
        );
        expect([200, 404], reader).toContain(activity.statusCode);
        expect(activity.body, reader).not.toContain(String(OFFER));
        const group = await requestJson(t.app, 'GET', `/api/project-group/${groupId}`, undefined, { cookie });
        expect(group.body, reader).not.toContain(String(OFFER));
      }
    });

    it('lists CSV rows of exactly the reader’s projects', async () => {
      const csv = await requestJson(
        t.app,
        'GET',
        `/api/projects?format=csv&roundId=${roundId}&sort=name`,
        undefined,
        {
          cookie: world.members.admin.cookie,
        },
      );
      const lines = csv.body.trim().split('\r\n');
      expect(lines[0]).toBe(
        'Name,Status,Supplier,Agent,Project type,Market,Market round,Services,Local planning authority,Project group,Created',
      );
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
        'Client project',
        'Other project',
        'Own project',
      ]);
      const lpa = await requestJson(t.app, 'GET', '/api/projects?format=csv', undefined, {
        cookie: world.members.lpa.cookie,
      });
      expect(
        lpa.body
          .trim()
          .split('\r\n')
          .slice(1)
          .map((line) => line.split(',')[0]),
      ).toEqual(['Own project']);
    });
  });
});
