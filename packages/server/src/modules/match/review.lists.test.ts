import type { Page, UnmatchedProject, UnmatchedRequirement } from '@curlew/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildProject } from '../../../test/factories.records.ts';
import { asRole, buildRound, buildWorld, type World } from '../../../test/world.ts';
import { parseCsv } from '../../platform/csv.ts';
import { buildClearableRound, type ClearableRound } from './match.testing.ts';
import { SolverTaskRunner } from './runner.ts';

/** The CSV's rows after the header. */
const csvRows = (body: string): string[][] => parseCsv(body).slice(1);

/**
 * A round review's unmatched projects and requirements as declared lists worked out in memory: the review's order
 * by default, sorted, searched, filtered and paged, exported as CSV and XLSX, for the operator only.
 */
describeWithApp('the unmatched lists of a round review', (t) => {
  let world: World;
  let roundId: string;
  let records: ClearableRound;
  let alderId: string;

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    roundId = (await buildRound(t.db, 'ClosedForBidsAndOffers')).id;
    records = await buildClearableRound(t.db, roundId, {
      supplierId: world.members.participant.organisation.id,
      buyerId: world.otherParticipant.organisation.id,
    });
    alderId = (
      await buildProject(t.db, {
        roundId,
        supplierId: world.otherParticipant.organisation.id,
        name: 'Alder copse',
        status: 'Registered',
      })
    ).id;
    const matched = await asRole(t.app, world, 'admin', 'POST', `/api/round/${roundId}/action/Match`, {});
    expect(matched.statusCode, matched.body).toBe(200);
    await new SolverTaskRunner(t.db, t.clock.now, { heartbeatMs: 100 }).runNext();
  });

  const get = (url: string, role: 'admin' | 'participant' | 'anonymous' = 'admin') =>
    asRole(t.app, world, role, 'GET', url);
  const requirements = async (query = '') => {
    const answer = await get(`/api/unmatched-requirements?roundId=${roundId}${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Page<UnmatchedRequirement>>();
  };
  const projectNames = async (query = '') => {
    const answer = await get(`/api/unmatched-projects?roundId=${roundId}${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const page = answer.json<Page<UnmatchedProject>>();
    return { names: page.items.map((item) => item.project.name), total: page.total };
  };

  it('answers the review’s order by default: those that lost in the clearing, then those kept out', async () => {
    const page = await requirements();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(page.items.map((item) => [item.requirement.id, item.inClearing])).toEqual([
      [records.losingNitrogenRequirementId, true],
      [records.unbidRequirementId, false],
    ]);
    const review = (await get(`/api/match-review?roundId=${roundId}`)).json<{
      notInClearing: { id: string; kind: string }[];
    }>();
    const keptOut = review.notInClearing.filter((item) => item.kind === 'project').map((item) => item.id);
    expect(keptOut.sort()).toEqual([alderId, records.registeredProjectId].sort());
    const projects = (await get(`/api/unmatched-projects?roundId=${roundId}`)).json<Page<UnmatchedProject>>();
    expect(projects.items.map((item) => item.project.id)).toEqual(keptOut);
  });

  it('sorts, searches, filters and pages', async () => {
    expect((await requirements('&sort=name')).items.map((item) => item.requirement.name)).toEqual([
      'Office extension',
      'Riverside flats',
    ]);
    expect(
      (await requirements('&sort=review&order=desc')).items.map((item) => item.requirement.name),
    ).toEqual(['Office extension', 'Riverside flats']);
    expect((await requirements('&inClearing=true')).items.map((item) => item.requirement.name)).toEqual([
      'Riverside flats',
    ]);
    expect((await requirements('&q=OFFICE')).items.map((item) => item.requirement.name)).toEqual([
      'Office extension',
    ]);
    const second = await requirements('&pageSize=1&page=2');
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(second.items.map((item) => item.requirement.name)).toEqual(['Office extension']);
    expect(await projectNames('&sort=name')).toEqual({
      names: ['Alder copse', 'Hedgerow planting'],
      total: 2,
    });
    expect(await projectNames('&sort=name&order=desc&pageSize=1')).toEqual({
      names: ['Hedgerow planting'],
      total: 2,
    });
    expect(await projectNames(`&q=${encodeURIComponent(world.otherParticipant.organisation.name)}`)).toEqual({
      names: ['Alder copse'],
      total: 1,
    });
  });

  it('exports the same filtered, sorted list as CSV and XLSX', async () => {
    const csv = await get(`/api/unmatched-projects?roundId=${roundId}&format=csv&sort=name`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename=unmatched-projects.csv');
    expect(csv.body.split('\r\n')[0]).toBe('Project,Supplier,Outcome,Why');
    expect(csvRows(csv.body).map((row) => row.slice(0, 3))).toEqual([
      ['Alder copse', world.otherParticipant.organisation.name, 'Not in the clearing'],
      ['Hedgerow planting', world.members.participant.organisation.name, 'Not in the clearing'],
    ]);
    const lost = await get(`/api/unmatched-requirements?roundId=${roundId}&format=csv&inClearing=true`);
    expect(lost.body.split('\r\n')[0]).toBe('Requirement,Buyer,Outcome,Why');
    expect(csvRows(lost.body).map((row) => row.slice(0, 3))).toEqual([
      ['Riverside flats', world.otherParticipant.organisation.name, 'Lost in the clearing'],
    ]);
    const xlsx = await get(`/api/unmatched-requirements?roundId=${roundId}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename=unmatched-requirements.xlsx');
  });

  it('serves the operator only, in every format: 403 for a participant, 401 signed out, 404 for no round', async () => {
    for (const list of ['unmatched-projects', 'unmatched-requirements'])
      for (const format of ['json', 'csv', 'xlsx']) {
        const url = `/api/${list}?roundId=${roundId}&format=${format}`;
        const refused = await get(url, 'participant');
        expect(refused.statusCode, url).toBe(403);
        expect(refused.body, url).not.toContain('Hedgerow');
        expect(refused.body, url).not.toContain('Riverside');
        expect((await get(url, 'anonymous')).statusCode, url).toBe(401);
        expect((await get(`/api/${list}?format=${format}`)).statusCode, url).toBe(404);
      }
  });

  it('answers 409 for a round without a result to review', async () => {
    const open = await buildRound(t.db, 'Open');
    const answer = await get(`/api/unmatched-projects?roundId=${open.id}&format=csv`);
    expect(answer.statusCode).toBe(409);
  });
});
