import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { asRole, buildRound, buildWorld, type World } from '../../../test/world.ts';
import { buildClearableRound } from '../match/match.testing.ts';
import { SolverTaskRunner } from '../match/runner.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';

interface Volume {
  creditType: string;
  units: number;
}
const sum = (items: readonly { units: number }[]) =>
  Math.round(items.reduce((total, item) => total + item.units * 100, 0)) / 100;

describeWithApp('totals agree to the hundredth: the review and the registries', (t) => {
  let world: World;
  let roundId: string;

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    const round = await buildRound(t.db, 'ClosedForBidsAndOffers', 'Round 1 2027');
    roundId = round.id;
    await buildClearableRound(t.db, round.id, {
      supplierId: world.members.participant.organisation.id,
      buyerId: world.otherParticipant.organisation.id,
    });
    // 15 % of what each requirement buys goes to the reserve: its units are grossed up by 1 / 0.85, so the parts
    // (what the requirements keep, what the reserve holds) fall on fractions of a hundredth.
    await t.db
      .update(marketRounds)
      .set({ reservePercentage: 15, reserveAppliesTo: 'allDemand', reserveAgreedWithEMB: true })
      .where(eq(marketRounds.id, round.id));
    const matched = await asRole(t.app, world, 'admin', 'POST', `/api/round/${round.id}/action/Match`, {});
    expect(matched.statusCode).toBe(200);
    await new SolverTaskRunner(t.db, t.clock.now, { heartbeatMs: 100 }).runNext();
    const pending = await asRole(t.app, world, 'admin', 'GET', `/api/match-review?roundId=${round.id}`);
    expect(pending.json().decision).toBeNull();
    const accepted = await asRole(
      t.app,
      world,
      'admin',
      'POST',
      `/api/round/${round.id}/action/AcceptMatch`,
      {},
    );
    expect(accepted.statusCode).toBe(200);
  });

  it("gives each site the registry's units as the review's units sold plus its reserve, and so every total", async () => {
    const review = (
      await asRole(t.app, world, 'admin', 'GET', `/api/match-review?roundId=${roundId}`)
    ).json();
    expect(review.decision).toMatchObject({
      outcome: 'Accepted',
      by: world.members.admin.user.displayName,
      reason: null,
    });
    const registry = (await requestJson(t.app, 'GET', '/api/public/registry')).json();
    const winners = review.projects.filter((line: { won: boolean }) => line.won);
    expect(winners.length).toBe(2);
    for (const line of winners as { project: { name: string }; sells: Volume[]; reserve: Volume[] }[]) {
      const site = registry.sites.find((candidate: { name: string }) => candidate.name === line.project.name);
      expect(line.reserve.length).toBe(1);
      expect(site.units).toBe(sum([...line.sells, ...line.reserve]));
    }
    const byType = (items: readonly Volume[], type: string) =>
      sum(items.filter((item) => item.creditType === type));
    for (const type of ['Biodiversity', 'NutrientMitigationNitrogen']) {
      const sold = sum(
        winners.flatMap((line: { sells: Volume[] }) => line.sells.filter((v) => v.creditType === type)),
      );
      const held = sum(
        winners.flatMap((line: { reserve: Volume[] }) => line.reserve.filter((v) => v.creditType === type)),
      );
      expect(byType(review.headline.volumes, type)).toBe(sold);
      expect(byType(review.headline.reserve, type)).toBe(held);
      expect(sum(registry.byLpa.filter((total: Volume) => total.creditType === type))).toBe(
        sum([{ units: sold }, { units: held }]),
      );
      const lines = review.allocations.filter((line: Volume) => line.creditType === type);
      expect(sum(lines)).toBe(sold);
    }
    // The registry's ledger holds the same reserve.
    const totals = (
      await asRole(t.app, world, 'admin', 'GET', `/api/registry/totals?roundId=${roundId}`)
    ).json();
    for (const row of totals.now as (Volume & { reserve: number })[])
      expect(row.reserve).toBe(byType(review.headline.reserve, row.creditType));
  });
});
