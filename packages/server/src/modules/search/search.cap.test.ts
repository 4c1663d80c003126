import { SEARCH_TOTAL_CAP } from '@curlew/domain';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildProject } from '../../../test/factories.records.ts';
import type { World } from '../../../test/world.ts';
import { buildSearchRecords, group, idsOf, searchRequests } from './search.testing.ts';

describeWithApp('search', (t) => {
  let world: World;
  let lpaId: string;
  const { answerOf } = searchRequests(t, () => world);

  beforeAll(async () => {
    ({ world, lpaId } = await buildSearchRecords(t));
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
});
