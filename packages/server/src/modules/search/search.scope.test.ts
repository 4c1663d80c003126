import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildOrganisation, buildUser } from '../../../test/factories.ts';
import type { Role, World } from '../../../test/world.ts';
import { findUserById } from '../../auth/users.repo.ts';
import { searchItems } from '../../platform/read/search.ts';
import { operatorUsersList } from '../organisations/users.found.ts';
import { buildSearchRecords, group, idsOf, type SearchIds, searchRequests } from './search.testing.ts';

describeWithApp('search', (t) => {
  let world: World;
  let ids: SearchIds;
  const { search, answerOf } = searchRequests(t, () => world);

  beforeAll(async () => {
    ({ world, ids } = await buildSearchRecords(t));
  });

  describe('users, for the operator only', () => {
    const USER_DETAILS = /Marchbanks|pmarchbanks|harbour-homes/i;

    it('finds a user by part of the name, with the context and the link to their organisation', async () => {
      for (const role of ['admin', 'sysadmin'] as const) {
        const answer = await answerOf(role, 'Marchb');
        expect(answer.groups.map((one) => one.kind)).toEqual(['users']);
        expect(group(answer, 'users')).toMatchObject({ label: 'Users', total: 1, page: 1, pageSize: 5 });
        expect(group(answer, 'users')?.results).toEqual([
          {
            kind: 'users',
            id: ids.user,
            title: { text: 'Philippa Marchbanks', highlights: [[9, 15]] },
            context: {
              text: `pmarchbanks · philippa.marchbanks@harbour-homes.test · ${world.members.lpa.organisation.name} (Local planning authority)`,
              highlights: [
                [1, 7],
                [23, 29],
              ],
            },
            organisationId: world.members.lpa.organisation.id,
            organisationType: 'LPA',
          },
        ]);
      }
    });

    it('finds a user by e-mail address and by username', async () => {
      for (const term of ['philippa.marchbanks@harbour-homes.test', 'harbour-homes.test', 'pmarchbanks']) {
        const answer = await answerOf('admin', term);
        expect(
          answer.groups.map((one) => one.kind),
          term,
        ).toEqual(['users']);
        expect(idsOf(answer, 'users'), term).toEqual([ids.user]);
      }
    });

    it('finds a user through a typo in the name', async () => {
      expect(idsOf(await answerOf('admin', 'Marchbanx'), 'users')).toEqual([ids.user]);
      expect(idsOf(await answerOf('admin', 'Philipa'), 'users')).toEqual([ids.user]);
    });

    it("never shows a user to a local planning authority, even its own organisation's, nor to a participant", async () => {
      for (const term of [
        'Marchbanks',
        'philippa.marchbanks@harbour-homes.test',
        'pmarchbanks',
        'Marchbanx',
      ]) {
        const lpa = await search('lpa', term);
        expect(lpa.statusCode, term).toBe(200);
        // The answer holds the term as searched and nothing else.
        expect(lpa.json(), term).toEqual({ term, groups: [] });
        const participant = await search('participant', term);
        expect(participant.statusCode, term).toBe(403);
        expect(participant.body).not.toMatch(USER_DETAILS);
        expect(participant.body).not.toContain(ids.user);
      }
      const paged = await search('lpa', 'Marchbanks', '?kind=users');
      expect(paged.statusCode).toBe(403);
      expect(paged.json().message).toBe('You cannot search records of that kind');
      expect(paged.body).not.toMatch(USER_DETAILS);
      const kestrel = await answerOf('lpa', 'kestrel');
      expect(kestrel.groups.map((one) => one.kind).sort()).toEqual(['projects', 'requirements']);
    });

    it("finds users through a list whose scope is the operator's alone, whoever asks it", async () => {
      const found = async (role: Exclude<Role, 'anonymous'>) => {
        const actor = await findUserById(t.db, world.members[role].user.id);
        if (actor === undefined) throw new Error('No actor');
        const slice = { limit: 5, offset: 0 };
        return searchItems(operatorUsersList, 'Marchbanks', { db: t.db, actor, now: new Date() }, slice);
      };
      expect((await found('admin')).items.map((item) => item.id)).toEqual([ids.user]);
      for (const role of ['lpa', 'participant', 'agent'] as const)
        expect(await found(role), role).toEqual({ items: [], total: 0, capped: false, best: 0 });
    });

    it('pages through the users ("show all")', async () => {
      const organisation = await buildOrganisation(t.db, { type: 'PARTICIPANT', name: 'Upland Trust' });
      const made: string[] = [];
      for (let n = 1; n <= 23; n += 1)
        made.push(
          (
            await buildUser(t.db, {
              displayName: `Ptarmigan Warden ${n}`,
              email: `warden${n}@upland.test`,
              organisationId: organisation.id,
            })
          ).user.id,
        );
      const summary = await answerOf('admin', 'ptarmigan');
      expect(group(summary, 'users')).toMatchObject({ total: 23, page: 1, pageSize: 5 });
      expect(group(summary, 'users')?.results).toHaveLength(5);
      const first = await answerOf('admin', 'ptarmigan', '?kind=users');
      const second = await answerOf('admin', 'ptarmigan', '?kind=users&page=2');
      expect(first.groups.map((one) => one.kind)).toEqual(['users']);
      expect(first.groups[0]).toMatchObject({ total: 23, page: 1, pageSize: 20 });
      expect(first.groups[0]?.results).toHaveLength(20);
      expect(second.groups[0]).toMatchObject({ total: 23, page: 2, pageSize: 20 });
      expect(second.groups[0]?.results).toHaveLength(3);
      expect([...idsOf(first, 'users'), ...idsOf(second, 'users')].sort()).toEqual(made.sort());
      expect(second.groups[0]?.results[0]).toMatchObject({
        organisationId: organisation.id,
        organisationType: 'PARTICIPANT',
      });
    });
  });

  describe('a local planning authority', () => {
    it("finds only its area's projects and developments", async () => {
      const answer = await answerOf('lpa', 'kestrel');
      expect(answer.groups.map((one) => one.kind).sort()).toEqual(['projects', 'requirements']);
      expect(idsOf(answer, 'requirements')).toEqual([ids.requirement]);
      expect(idsOf(answer, 'projects')).toEqual([ids.project]);
      expect(JSON.stringify(answer)).not.toContain(ids.outsideRequirement);
      expect(JSON.stringify(answer)).not.toContain(ids.outsideProject);
    });

    it('may not page through a kind it does not search', async () => {
      const answer = await search('lpa', 'kestrel', '?kind=organisations');
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe('You cannot search records of that kind');
    });
  });

  it('is refused to participants and agents, and asks anyone else to sign in', async () => {
    for (const role of ['participant', 'agent'] as const) {
      const answer = await search(role, 'kestrel');
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe('Search is for the market operator and local planning authorities');
    }
    expect((await search('anonymous', 'kestrel')).statusCode).toBe(401);
  });
});
