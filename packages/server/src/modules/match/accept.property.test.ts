import type { MatchReview } from '@curlew/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { asRole, buildRound, buildWorld, type World } from '../../../test/world.ts';
import { buildShapedRound, type ShapedRound } from './match.shapes.testing.ts';
import { allocations, reservedCredits, solverTasks } from './match.tables.ts';
import { SolverTaskRunner } from './runner.ts';

/** How many generated rounds each database clears and accepts. */
const ROUNDS = 8;

describeWithApp('Accepted allocations never sell a credit that does not exist', (t) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });

  /** Clears and accepts the round through the API, then reads what AcceptMatch wrote. */
  const matchAndAccept = async (shaped: ShapedRound) => {
    const matched = await asRole(
      t.app,
      world,
      'admin',
      'POST',
      `/api/round/${shaped.roundId}/action/Match`,
      {},
    );
    expect(matched.statusCode).toBe(200);
    await new SolverTaskRunner(t.db, t.clock.now, { heartbeatMs: 100 }).runNext();
    const review = await asRole(t.app, world, 'admin', 'GET', `/api/match-review?roundId=${shaped.roundId}`);
    expect(review.statusCode).toBe(200);
    const accepted = await asRole(
      t.app,
      world,
      'admin',
      'POST',
      `/api/round/${shaped.roundId}/action/AcceptMatch`,
      {},
    );
    expect(accepted.statusCode).toBe(200);
    const [task] = await t.db
      .select({ result: solverTasks.result, mapping: solverTasks.mapping })
      .from(solverTasks)
      .where(eq(solverTasks.marketRoundId, shaped.roundId))
      .orderBy(desc(solverTasks.queuedAt))
      .limit(1);
    if (!task?.result) throw new Error('No accepted result');
    const written = await t.db
      .select()
      .from(allocations)
      .where(eq(allocations.marketRoundId, shaped.roundId));
    const reserved = await t.db
      .select()
      .from(reservedCredits)
      .where(eq(reservedCredits.marketRoundId, shaped.roundId));
    // Each requirement's fill: the alternative that won (an ongoing-only pair has two).
    const fills = new Map<string, number>();
    for (const line of task.result.requirements) {
      const target = task.mapping.requirements[line.id];
      if (target) fills.set(target.requirementId, Math.max(fills.get(target.requirementId) ?? 0, line.fill));
    }
    return { written, reserved, fills, reviewedReserve: (review.json() as MatchReview).headline.reserve };
  };

  it('clears generated rounds of many shapes and checks every service-year and requirement-year', async () => {
    let soldToThreeOrMore = 0;
    const multipliersSeen = new Set<number>();
    const modesSeen = new Set<string>();
    for (let seed = 1; seed <= ROUNDS; seed++) {
      const round = await buildRound(t.db, 'ClosedForBidsAndOffers');
      const owners = {
        supplierId: world.members.participant.organisation.id,
        buyerId: world.otherParticipant.organisation.id,
      };
      const shaped = await buildShapedRound(t.db, round.id, seed, owners, t.clock.now());
      modesSeen.add(shaped.reserve ? shaped.reserve.appliesTo : 'none');
      const { written, reserved, fills, reviewedReserve } = await matchAndAccept(shaped);
      expect(written.length).toBeGreaterThan(0);
      const r = shaped.reserve ? shaped.reserve.percentage / 100 : 0;

      // Every allocation: whole hundredths above 0, at the multiplier of where supply and demand lie.
      for (const row of written) {
        expect(row.units).toBeGreaterThan(0);
        expect(Math.abs(row.units * 100 - Math.round(row.units * 100))).toBeLessThan(1e-6);
        const service = shaped.services.get(row.serviceId);
        const requirement = shaped.requirements.get(row.requirementId);
        if (!service || !requirement) throw new Error('An allocation names a record the round lacks');
        const expected = service.creditType === 'Biodiversity' ? shaped.multiplier(service, requirement) : 1;
        expect(row.multiplier).toBe(expected);
        multipliersSeen.add(row.multiplier);
      }

      // Every service-year: sold within its sellable hundredths; sold plus reserved within its units.
      const key = (serviceId: string, year: number) => `${serviceId}/${year}`;
      const sold = new Map<string, { units: number; requirements: Set<string> }>();
      for (const row of written) {
        const entry = sold.get(key(row.serviceId, row.year)) ?? { units: 0, requirements: new Set() };
        entry.units += row.units;
        entry.requirements.add(row.requirementId);
        sold.set(key(row.serviceId, row.year), entry);
      }
      const held = new Map<string, number>();
      for (const row of reserved)
        held.set(key(row.serviceId, row.year), (held.get(key(row.serviceId, row.year)) ?? 0) + row.units);
      for (const [serviceYear, { units, requirements }] of sold) {
        const [serviceId = '', year = ''] = serviceYear.split('/');
        const service = shaped.services.get(serviceId);
        if (!service) throw new Error(`No service ${serviceId}`);
        const has = service.unitsIn(Number(year));
        const reserveApplies =
          shaped.reserve !== null && (shaped.reserve.appliesTo !== 'ongoingDemand' || service.permanent);
        const sellable = Math.floor(has * (1 - (reserveApplies ? r : 0)) * 100 + 1e-6) / 100;
        expect(units, `${service.name} in ${year} sells ${units} of ${sellable}`).toBeLessThanOrEqual(
          sellable + 1e-9,
        );
        expect(units + (held.get(serviceYear) ?? 0)).toBeLessThanOrEqual(has + 1e-9);
        if (requirements.size >= 3) soldToThreeOrMore++;
      }
      for (const serviceYear of held.keys()) expect(sold.has(serviceYear)).toBe(true);
      // The review announced exactly the reserve AcceptMatch wrote.
      const reservedByType = new Map<string, number>();
      for (const row of reserved)
        reservedByType.set(row.creditType, (reservedByType.get(row.creditType) ?? 0) + row.units);
      expect(reviewedReserve.map((v) => [v.creditType, v.units])).toEqual(
        [...reservedByType.entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([type, units]) => [type, Math.round(units * 100) / 100]),
      );

      // Every filled requirement-year: within 0.01 of units x fill, never above it.
      const received = new Map<string, number>();
      for (const row of written)
        received.set(
          key(row.requirementId, row.year),
          (received.get(key(row.requirementId, row.year)) ?? 0) + row.units * row.multiplier,
        );
      for (const [id, requirement] of shaped.requirements) {
        const fill = fills.get(id) ?? 0;
        for (const year of requirement.years) {
          const need = requirement.unitsIn(year) * fill;
          const got = received.get(key(id, year)) ?? 0;
          expect(got, `${requirement.name} in ${year} receives ${got} of ${need}`).toBeLessThanOrEqual(
            need + 1e-6,
          );
          expect(need - got, `${requirement.name} in ${year} receives ${got} of ${need}`).toBeLessThanOrEqual(
            0.01 + 1e-6,
          );
        }
      }
      // No allocation to a requirement the result left unmet.
      const unmet = [...shaped.requirements.keys()].filter((id) => !((fills.get(id) ?? 0) > 0));
      if (unmet.length > 0)
        expect(
          await t.db
            .select()
            .from(allocations)
            .where(
              and(eq(allocations.marketRoundId, shaped.roundId), inArray(allocations.requirementId, unmet)),
            ),
        ).toEqual([]);
    }
    // The shapes the property is about did occur.
    expect(soldToThreeOrMore).toBeGreaterThan(0);
    expect([...multipliersSeen].sort()).toEqual([0.5, 0.75, 1]);
    expect([...modesSeen].sort()).toEqual(['allDemand', 'none', 'ongoingDemand', 'supply']);
  }, 600_000);
});
