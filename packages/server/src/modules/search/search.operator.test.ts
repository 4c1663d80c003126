import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildProject } from '../../../test/factories.records.ts';
import { buildRound } from '../../../test/factories.rounds.ts';
import { asRole, type World } from '../../../test/world.ts';
import { projects } from '../projects/projects.tables.ts';
import { buildSearchRecords, group, idsOf, OFFER, type SearchIds, searchRequests } from './search.testing.ts';

describeWithApp('search', (t) => {
  let world: World;
  let ids: SearchIds;
  const { search, answerOf } = searchRequests(t, () => world);

  beforeAll(async () => {
    ({ world, ids } = await buildSearchRecords(t));
  });

  describe('the operator', () => {
    it('finds every kind, grouped, each with its link data and the term marked', async () => {
      for (const role of ['admin', 'sysadmin'] as const) {
        const answer = await answerOf(role, 'kestrel');
        expect(answer.term).toBe('kestrel');
        expect(idsOf(answer, 'requirements').sort()).toEqual(
          [ids.requirement, ids.outsideRequirement].sort(),
        );
        expect(idsOf(answer, 'projects').sort()).toEqual([ids.project, ids.outsideProject].sort());
        expect(idsOf(answer, 'projectGroups')).toEqual([ids.projectGroup]);
        expect(idsOf(answer, 'requirementGroups')).toEqual([ids.requirementGroup]);
        expect(idsOf(answer, 'organisations')).toEqual([ids.organisation]);
        expect(idsOf(answer, 'markets')).toEqual([ids.market]);
        expect(idsOf(answer, 'rounds')).toEqual([ids.round]);
        expect(group(answer, 'credits')?.results.map((result) => result.title.text)).toContain(
          'Kestrel Wharf homes',
        );
        const round = group(answer, 'rounds')?.results[0];
        expect(round).toMatchObject({
          title: { text: 'Kestrel spring round', highlights: [[0, 7]] },
          marketId: ids.market,
        });
        expect(group(answer, 'organisations')?.results[0]?.organisationType).toBe('PARTICIPANT');
      }
    });

    it('finds a requirement by its planning reference, first, with the reference marked in its context', async () => {
      const answer = await answerOf('admin', 'KW/25/0042/FUL');
      expect(answer.groups[0]?.kind).toBe('requirements');
      expect(idsOf(answer, 'requirements')).toEqual([ids.requirement]);
      const context = group(answer, 'requirements')?.results[0]?.context;
      expect(context?.text).toContain('Planning reference KW/25/0042/FUL');
      const [range] = context?.highlights ?? [];
      expect(context?.text.slice(range?.[0], range?.[1])).toBe('KW/25/0042/FUL');
      expect(idsOf(answer, 'projects')).toEqual([]);
    });

    it('finds partial words, typos and other forms of a word', async () => {
      expect(idsOf(await answerOf('admin', 'wharf'), 'requirements')).toEqual([ids.requirement]);
      expect(idsOf(await answerOf('admin', 'Kestr'), 'projects').sort()).toEqual(
        [ids.project, ids.outsideProject].sort(),
      );
      expect(idsOf(await answerOf('admin', 'kestral wharf'), 'requirements')).toContain(ids.requirement);
      expect(idsOf(await answerOf('admin', 'meadows'), 'projects')).toEqual([ids.project]);
      const none = await answerOf('admin', 'zzqxw');
      expect(none.groups).toEqual([]);
    });

    it('pages through one kind', async () => {
      const round = await buildRound(t.db, 'Open', 'Heron round');
      for (let n = 1; n <= 23; n += 1)
        await buildProject(t.db, { name: `Heron pond ${n}`, roundId: round.id });
      const first = await answerOf('admin', 'heron pond', '?kind=projects');
      const second = await answerOf('admin', 'heron pond', '?kind=projects&page=2');
      expect(first.groups.map((one) => one.kind)).toEqual(['projects']);
      expect(first.groups[0]).toMatchObject({ total: 23, capped: false, page: 1, pageSize: 20 });
      expect(first.groups[0]?.results).toHaveLength(20);
      expect(second.groups[0]?.results).toHaveLength(3);
      const all = [...idsOf(first, 'projects'), ...idsOf(second, 'projects')];
      expect(new Set(all).size).toBe(23);
      const summary = await answerOf('admin', 'heron pond');
      expect(group(summary, 'projects')).toMatchObject({ total: 23, pageSize: 5 });
      expect(group(summary, 'projects')?.results).toHaveLength(5);
    });
  });

  it('never answers a sealed bid or offer, to anyone', async () => {
    for (const role of ['admin', 'lpa'] as const) {
      for (const term of ['kestrel', 'KW/25/0042/FUL', 'Kestrel Meadow']) {
        const body = (await search(role, term)).body;
        expect(body).not.toMatch(/9876|4321|"bid"|"offer"/);
      }
    }
    const [project] = await t.db
      .select({ offer: projects.offer })
      .from(projects)
      .where(eq(projects.id, ids.project));
    expect(project?.offer).toBe(OFFER);
  });

  it('answers empty, one-letter, long and hostile terms clearly, never with a server error', async () => {
    const tooLong = await asRole(t.app, world, 'admin', 'GET', `/api/search/${'k'.repeat(1200)}`);
    expect(tooLong.statusCode).toBe(414);
    const refused: [string, string][] = [
      ['/api/search', 'Enter a word to search for'],
      ['/api/search/%20%20', 'Enter a word to search for'],
      ['/api/search/k', 'Enter at least 2 characters to search for'],
      [`/api/search/${'k'.repeat(101)}`, 'Enter at most 100 characters to search for'],
      [`/api/search/${'%20k'.repeat(60)}`, 'Enter at most 100 characters to search for'],
      ['/api/search/kestrel?page=0', 'That page of results does not exist'],
      ['/api/search/kestrel?kind=users%27', 'That page of results does not exist'],
    ];
    for (const [url, message] of refused) {
      const answer = await asRole(t.app, world, 'admin', 'GET', url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json()).toEqual({ error: 'bad_request', message });
    }
    const hostile = [
      "'; drop table projects; --",
      '"unclosed',
      '\\\\',
      '\\\\kestrel',
      'a & b | !c:*',
      '<script>alert(1)</script>',
      '%_%',
      'kestrel" OR 1=1 --',
      '!!!',
      '((( )))',
      '-kestrel',
      'Ω≈ç√ 🐦',
    ];
    for (const term of hostile) {
      const answer = await search('admin', term);
      expect(answer.statusCode, term).toBe(200);
      expect(answer.json().term).toBe(term.trim());
    }
    expect(idsOf(await answerOf('admin', 'kestrel" OR 1=1 --'), 'requirements')).toContain(ids.requirement);
    expect(idsOf(await answerOf('admin', '%_%'), 'projects')).toEqual([]);
    const [still] = await t.db.select({ id: projects.id }).from(projects).where(eq(projects.id, ids.project));
    expect(still?.id).toBe(ids.project);
  });
});
