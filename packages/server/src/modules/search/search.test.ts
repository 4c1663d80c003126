import { SEARCH_TOTAL_CAP, type SearchAnswer, type SearchGroup } from '@curlew/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import {
  buildPlaces,
  buildProject,
  buildProjectGroup,
  buildRequirement,
  buildRequirementGroup,
} from '../../../test/factories.records.ts';
import { buildRound } from '../../../test/factories.rounds.ts';
import { buildOrganisation, buildUser } from '../../../test/factories.ts';
import { asRole, buildWorld, type Role, type World } from '../../../test/world.ts';
import { findUserById } from '../../auth/users.repo.ts';
import { searchItems } from '../../platform/read/search.ts';
import { markets } from '../markets/markets.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { operatorUsersList } from '../organisations/users.found.ts';
import { projects } from '../projects/projects.tables.ts';
import { creditRequirements, requirementCredits } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';

const BID = 98_765.43;
const OFFER = 43_210.98;

describeWithApp('search', (t) => {
  let world: World;
  let lpaId: string;
  const ids = {} as Record<
    | 'requirement'
    | 'outsideRequirement'
    | 'project'
    | 'outsideProject'
    | 'projectGroup'
    | 'requirementGroup'
    | 'organisation'
    | 'market'
    | 'round'
    | 'user',
    string
  >;
  const search = (role: Role, term: string, query = '') =>
    asRole(t.app, world, role, 'GET', `/api/search/${encodeURIComponent(term)}${query}`);
  const answerOf = async (role: Role, term: string, query = ''): Promise<SearchAnswer> => {
    const answer = await search(role, term, query);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const group = (answer: SearchAnswer, kind: SearchGroup['kind']) =>
    answer.groups.find((one) => one.kind === kind);
  const idsOf = (answer: SearchAnswer, kind: SearchGroup['kind']) =>
    group(answer, kind)?.results.map((result) => result.id) ?? [];

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    lpaId = (await buildPlaces(t.db)).lpaId;
    const elsewhere = (await buildPlaces(t.db)).lpaId;
    await t.db
      .update(organisations)
      .set({ lpaId })
      .where(eq(organisations.id, world.members.lpa.organisation.id));
    ids.requirement = await buildRequirement(t.db, {
      name: 'Kestrel Wharf homes',
      lpaId,
      status: 'Bid',
      bid: BID,
    });
    ids.outsideRequirement = await buildRequirement(t.db, { name: 'Kestrel Quay flats', lpaId: elsewhere });
    await t.db
      .update(creditRequirements)
      .set({ planningRef: 'KW/25/0042/FUL' })
      .where(eq(creditRequirements.id, ids.requirement));
    await t.db
      .update(requirementCredits)
      .set({ status: 'Issued', actualUnits: 2 })
      .where(eq(requirementCredits.requirementId, ids.requirement));
    ids.project = (await buildProject(t.db, { name: 'Kestrel Meadow restoration', lpaId, offer: OFFER })).id;
    ids.outsideProject = (await buildProject(t.db, { name: 'Kestrel Marsh', lpaId: elsewhere })).id;
    ids.projectGroup = (await buildProjectGroup(t.db, { name: 'Kestrel valley sites' })).id;
    ids.requirementGroup = await buildRequirementGroup(t.db, { name: 'Kestrel phase two' });
    ids.organisation = (await buildOrganisation(t.db, { type: 'PARTICIPANT', name: 'Kestrel Estates' })).id;
    const round = await buildRound(t.db, 'Open', 'Kestrel spring round');
    ids.round = round.id;
    const [market] = await t.db
      .select({ id: marketRounds.marketId })
      .from(marketRounds)
      .where(eq(marketRounds.id, round.id));
    ids.market = market?.id ?? '';
    await t.db.update(markets).set({ name: 'Kestrel catchment market' }).where(eq(markets.id, ids.market));
    // A colleague of the LPA's officer: in the LPA's own user scope, yet never found by its search.
    ids.user = (
      await buildUser(t.db, {
        displayName: 'Philippa Marchbanks',
        username: 'pmarchbanks',
        email: 'philippa.marchbanks@harbour-homes.test',
        groups: ['lpa'],
        organisationId: world.members.lpa.organisation.id,
      })
    ).user.id;
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

  describe('a broad term', () => {
    // More projects match than the cap: 520 of them, 3 in the LPA's area.
    const MATCHING = SEARCH_TOTAL_CAP + 20;
    beforeAll(async () => {
      const first = await buildProject(t.db, { name: 'Avocet scrape 0', lpaId });
      const copy = (from: number, to: number, area: SQL) =>
        t.db.execute(sql`
          insert into projects (name, status, supplier_id, market_id, market_round_id, lpa_id, service_types,
            created_at, updated_at)
          select 'Avocet scrape ' || g, status, supplier_id, market_id, market_round_id, ${area}, service_types,
            created_at, updated_at
          from projects, generate_series(${from}::int, ${to}::int) g where id = ${first.id}`);
      await copy(1, 2, sql`lpa_id`);
      await copy(3, MATCHING - 1, sql`null`);
    });

    it('says more than the cap match, and pages through the first found, best first, never past the cap', async () => {
      const summary = await answerOf('admin', 'avocet');
      expect(group(summary, 'projects')).toMatchObject({
        total: SEARCH_TOTAL_CAP,
        capped: true,
        page: 1,
        pageSize: 5,
      });
      expect(group(summary, 'projects')?.results).toHaveLength(5);
      expect(group(summary, 'organisations')).toBeUndefined();
      const pages = SEARCH_TOTAL_CAP / 20;
      const seen = new Set<string>();
      for (let page = 1; page <= pages; page += 1) {
        const answer = await answerOf('admin', 'avocet', `?kind=projects&page=${page}`);
        expect(answer.groups[0]).toMatchObject({ total: SEARCH_TOTAL_CAP, capped: true, page, pageSize: 20 });
        for (const id of idsOf(answer, 'projects')) seen.add(id);
      }
      expect(seen.size).toBe(SEARCH_TOTAL_CAP);
      const past = await answerOf('admin', 'avocet', `?kind=projects&page=${pages + 1}`);
      expect(past.groups[0]).toMatchObject({ total: SEARCH_TOTAL_CAP, capped: true, results: [] });
    });

    it('caps typos and partial words alike', async () => {
      for (const term of ['avocett', 'avoce'])
        expect(group(await answerOf('admin', term), 'projects'), term).toMatchObject({
          total: SEARCH_TOTAL_CAP,
          capped: true,
        });
    });

    it("counts exactly under the cap: the LPA's area holds three", async () => {
      const answer = await answerOf('lpa', 'avocet');
      expect(group(answer, 'projects')).toMatchObject({ total: 3, capped: false });
      expect(
        group(answer, 'projects')
          ?.results.map((result) => result.title.text)
          .sort(),
      ).toEqual(['Avocet scrape 0', 'Avocet scrape 1', 'Avocet scrape 2']);
    });
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

  it('is refused to participants and agents, and asks anyone else to sign in', async () => {
    for (const role of ['participant', 'agent'] as const) {
      const answer = await search(role, 'kestrel');
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe('Search is for the market operator and local planning authorities');
    }
    expect((await search('anonymous', 'kestrel')).statusCode).toBe(401);
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
