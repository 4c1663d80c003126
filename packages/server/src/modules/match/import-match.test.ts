import { clearRound } from '@curlew/matching';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildRequirementGroup } from '../../../test/factories.records.ts';
import { asRole, buildRound, buildWorld, postMultipart, type World } from '../../../test/world.ts';
import { projectServices } from '../projects/projects.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { loadRoundRecords } from './match.records.ts';
import { solverTasks } from './match.tables.ts';
import { buildClearableRound, type ClearableRound } from './match.testing.ts';
import { buildRoundInstance } from './start-match.ts';
import { IMPORTED_RESULT } from './tasks.ts';
import { winnersCsv } from './winners.ts';

const RESERVE = { reserve: 10, reserveAppliesTo: 'supply' } as const;

describeWithApp('ImportMatch', (t) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });

  const round = async (): Promise<{ id: string; name: string; records: ClearableRound }> => {
    const built = await buildRound(t.db, 'ClosedForBidsAndOffers');
    const records = await buildClearableRound(t.db, built.id, {
      supplierId: world.members.participant.organisation.id,
      buyerId: world.otherParticipant.organisation.id,
    });
    await t.db
      .update(marketRounds)
      .set({ reservePercentage: 10, reserveAppliesTo: 'supply' })
      .where(eq(marketRounds.id, built.id));
    return { ...built, records };
  };
  const importMatch = (roundId: string, file: string, role: 'admin' | 'participant' = 'admin') =>
    postMultipart(
      t.app,
      `/api/round/${roundId}/action/ImportMatch`,
      RESERVE,
      { winnersCSV: { name: 'winners.csv', type: 'text/csv', content: file } },
      world.cookieOf(role),
    );
  const statusOf = async (id: string) =>
    (await t.db.select({ status: marketRounds.status }).from(marketRounds).where(eq(marketRounds.id, id)))[0]
      ?.status;
  const tasksOf = (id: string) => t.db.select().from(solverTasks).where(eq(solverTasks.marketRoundId, id));
  const serviceOf = async (projectId: string) =>
    (
      await t.db
        .select({ id: projectServices.id })
        .from(projectServices)
        .where(eq(projectServices.projectId, projectId))
    )[0]?.id;
  /** The round as an outside solver clears it from the data sets: the engine run offline, its winners file. */
  const solvedOutside = async (id: string) => {
    const { round: matchRound, built } = await buildRoundInstance(t.db, id, t.clock.now(), loadRoundRecords);
    const result = await clearRound(built.instance, { timeLimitSeconds: 20, threads: 1 });
    return {
      file: winnersCsv(result, built, matchRound.firstDeliveryYear),
      year: matchRound.firstDeliveryYear,
    };
  };

  it('takes a good winners file as the result: Pending, reviewed and accepted as a solved one', async () => {
    const { id, name } = await round();
    const { file } = await solvedOutside(id);
    const imported = await importMatch(id, file);
    expect(imported.statusCode).toBe(200);
    expect(imported.json().message).toBe(`Winners imported: review the result of ${name}`);
    expect(await statusOf(id)).toBe('Pending');
    const [task, ...others] = await tasksOf(id);
    expect(others).toEqual([]);
    expect(task).toMatchObject({ status: 'Succeeded', engineVersion: IMPORTED_RESULT, reason: null });

    const shown = (await asRole(t.app, world, 'admin', 'GET', `/api/round/${id}`)).json();
    expect(shown.latestTask).toMatchObject({
      id: task?.id,
      status: 'Succeeded',
      imported: true,
      progress: { best: task?.result?.surplus, gap: 0, elapsedSeconds: 0 },
    });
    const review = await asRole(t.app, world, 'admin', 'GET', `/api/match-review?roundId=${id}`);
    expect(review.statusCode).toBe(200);
    expect(review.json().taskId).toBe(task?.id);
    const winners = await asRole(t.app, world, 'admin', 'GET', `/api/round/${id}/datasets/winners.csv`);
    expect(winners.statusCode).toBe(200);
    // The same deliveries (the stored result lists them by project, service, requirement and year).
    const lines = (text: string) => text.split('\r\n').filter((line) => line !== '');
    expect(lines(winners.body)[0]).toBe('project,service,requirement,year,units');
    expect(lines(winners.body).sort()).toEqual(lines(file).sort());

    const accepted = await asRole(t.app, world, 'admin', 'POST', `/api/round/${id}/action/AcceptMatch`, {});
    expect(accepted.statusCode).toBe(200);
    expect(await statusOf(id)).toBe('Matched');
  }, 60_000);

  it('refuses a file that sells more than a project has, naming the lines, and changes nothing', async () => {
    const { id, records } = await round();
    const { year } = await solvedOutside(id);
    const service = await serviceOf(records.nitrogenProjectId);
    const file = [
      'project,service,requirement,year,units',
      `${records.nitrogenProjectId},${service},${records.nitrogenRequirementId},${year},10`,
      `${records.nitrogenProjectId},${service},${records.losingNitrogenRequirementId},${year},15`,
    ].join('\n');
    const refused = await importMatch(id, file);
    expect(refused.statusCode).toBe(422);
    const { errors } = refused.json() as { errors: { path: string; message: string }[] };
    expect(errors).toContainEqual({
      path: 'winnersCSV',
      message: `Lines 2, 3: Project ${records.nitrogenProjectId} sells 25 units of service ${service} in ${year}, more than the 18 it has to sell`,
    });
    expect(await statusOf(id)).toBe('ClosedForBidsAndOffers');
    expect(await tasksOf(id)).toEqual([]);
  }, 60_000);

  it('refuses a file that breaks a group, and one without the columns', async () => {
    const { id, records } = await round();
    const [wanted, cheap] = records.biodiversityRequirementIds;
    const groupId = await buildRequirementGroup(t.db, {
      buyerId: world.otherParticipant.organisation.id,
      roundId: id,
      requirementIds: [wanted, cheap],
    });
    const { year } = await solvedOutside(id);
    const service = await serviceOf(records.biodiversityProjectId);
    const broken = await importMatch(
      id,
      [
        'project,service,requirement,year,units',
        `${records.biodiversityProjectId},${service},${wanted},${year},10`,
      ].join('\n'),
    );
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors).toEqual([
      {
        path: 'winnersCSV',
        message: `Line 2: AND group ${groupId} wins in part: its requirements ${cheap} are met less, but the group wins all together or not at all`,
      },
    ]);
    const columns = await importMatch(id, 'project,units\nx,1\n');
    expect(columns.statusCode).toBe(422);
    expect(columns.json().errors).toEqual([
      {
        path: 'winnersCSV',
        message: 'Line 1: The file needs the columns project, service, requirement, year, units',
      },
    ]);
    expect(await statusOf(id)).toBe('ClosedForBidsAndOffers');
  }, 60_000);

  it('is the operator’s, and needs offers and bids to match against', async () => {
    const { id } = await round();
    const participant = await importMatch(id, 'project,service,requirement,year,units\n', 'participant');
    expect(participant.statusCode).toBe(403);
    const empty = await buildRound(t.db, 'ClosedForBidsAndOffers');
    const refused = await importMatch(empty.id, 'project,service,requirement,year,units\n');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'There are no offers and bids to clear: no project is offered and no credit requirement has a bid',
    );
  });
});
