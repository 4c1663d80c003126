import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { signIn } from '../../../test/auth.ts';
import { systemClock } from '../../platform/clock.ts';
import { DEMO_ROUNDS } from '../../seed/seed.rounds.ts';
import { seedDemoData } from '../../seed/seed.ts';
import { seedReferenceData } from '../refdata/index.ts';
import { ncas } from '../refdata/refdata.tables.ts';
import { solverTasks } from './match.tables.ts';
import { SolverTaskRunner } from './runner.ts';

describeWithApp('Match on the demo data', (t) => {
  it('clears Round 3 2025 from the demo data: close bids, Match, a task, a review explaining every outcome', async () => {
    await seedReferenceData(t.db);
    await seedDemoData(t.db, { password: 'demo-password-for-tests', clock: systemClock });
    const cookie = await signIn(t.app, 'admin', 'demo-password-for-tests');
    const as = (method: 'GET' | 'POST', url: string) =>
      requestJson(t.app, method, url, method === 'POST' ? {} : undefined, { cookie });
    const list = (await as('GET', '/api/rounds?status=OpenForBidsAndOffers')).json();
    const round = list.items.find((item: { name: string }) => item.name === DEMO_ROUNDS.bidding);
    expect(round).toBeDefined();

    expect((await as('POST', `/api/round/${round.id}/action/CloseBidsAndOffers`)).statusCode).toBe(200);
    const matched = await as('POST', `/api/round/${round.id}/action/Match`);
    expect(matched.statusCode).toBe(200);
    expect(matched.json().context.self).toBe(`/solver/task/${matched.json().context.id}`);
    expect((await as('GET', `/api/round/${round.id}`)).json().status).toBe('Matching');

    const ended = await new SolverTaskRunner(t.db, t.clock.now, { heartbeatMs: 100 }).runNext();
    expect(ended).toMatchObject({ id: matched.json().context.id, status: 'Succeeded' });
    const after = (await as('GET', `/api/round/${round.id}`)).json();
    expect(after.status).toBe('Pending');
    expect(after.latestTask.status).toBe('Succeeded');

    // The demo's neighbouring NCAs (128 South Hampshire Lowlands, 131 New Forest) reach the instance.
    const [task] = await t.db.select().from(solverTasks).where(eq(solverTasks.id, matched.json().context.id));
    const areas = await t.db
      .select({ id: ncas.id, number: ncas.number })
      .from(ncas)
      .where(inArray(ncas.number, [128, 131]));
    const idOf = (number: number) => areas.find((area) => area.number === number)?.id ?? '';
    expect(task?.instance.projects.some((project) => project.nca === idOf(131))).toBe(true);
    expect(task?.instance.neighbours?.nca).toEqual([[idOf(128), idOf(131)].sort()]);

    const review = await as('GET', `/api/match-review?roundId=${round.id}`);
    expect(review.statusCode).toBe(200);
    const body = review.json();
    expect(body.headline.optimal).toBe(true);
    const volumes = body.headline.volumes.map((volume: { creditType: string }) => volume.creditType).sort();
    expect(volumes).toEqual(['Biodiversity', 'NutrientMitigationNitrogen', 'NutrientMitigationPhosphorous']);
    const losers = [
      ...body.projects.filter((line: { won: boolean }) => !line.won),
      ...body.requirements.filter((line: { won: boolean }) => !line.won),
    ];
    expect(losers.length).toBeGreaterThan(0);
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
    for (const line of [...body.projects, ...body.requirements]) {
      expect(typeof line.reason).toBe('string');
      expect(line.reason).not.toMatch(uuid);
    }
    // Winners say why they won, and what they receive splits into offer, fees and share of the surplus.
    const winners = body.projects.filter((line: { won: boolean }) => line.won);
    expect(winners.length).toBeGreaterThan(0);
    for (const line of winners) {
      expect(line.reason).toMatch(/^Won: it sells /);
      expect(line.offerPence + line.feesPence + line.surplusSharePence).toBe(line.receivesPence);
    }
    const met = body.requirements.filter(
      (line: { won: boolean; partFilled: boolean }) => line.won && !line.partFilled,
    );
    for (const line of met) expect(line.reason).toMatch(/^Met in full: it receives /);
    // Volumes sold and delivered; every allocation's multiplier with why.
    expect(body.headline.deliveredVolumes.map((v: { creditType: string }) => v.creditType).sort()).toEqual(
      volumes,
    );
    expect(body.allocations.length).toBeGreaterThan(0);
    for (const line of body.allocations)
      expect([
        'sameLpa',
        'sameNca',
        'neighbouringLpa',
        'neighbouringNca',
        'further',
        'sameSubcatchment',
      ]).toContain(line.multiplierBasis);
    // Every bid of the demo round enters the clearing (the registered requirement without a bid stays out).
    expect(
      body.notInClearing
        .filter((item: { kind: string }) => item.kind === 'requirement')
        .map((item: { name: string; reason: string }) => `${item.name}: ${item.reason}`)
        .sort(),
    ).toEqual([
      'Newport Pan Meadows - nitrogen: Only requirements with a bid are cleared; this requirement is registered',
    ]);
    expect(
      body.requirements.map((line: { requirement: { name: string } }) => line.requirement.name),
    ).toContain('Greenshank lowland meadows fund');
  }, 120_000);
});
