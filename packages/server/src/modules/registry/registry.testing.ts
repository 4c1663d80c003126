import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { asRole, buildRound, type World } from '../../../test/world.ts';
import { allocations, reservedCredits } from '../match/match.tables.ts';
import { buildClearableRound, type ClearableRound } from '../match/match.testing.ts';
import { SolverTaskRunner } from '../match/runner.ts';
import { projects } from '../projects/projects.tables.ts';
import { creditRequirements, requirementCredits } from '../requirements/requirements.tables.ts';
import { creditEvents } from '../settlement/settlement.tables.ts';

/** A round cleared and accepted through the API (AcceptMatch wrote its allocations and credit statuses). */
export interface AcceptedRound {
  round: { id: string; name: string };
  records: ClearableRound;
  /** The requirement credit of each filled requirement, by requirement id. */
  creditOf: Record<string, string>;
}

/** Clears a round of `buildClearableRound` and accepts it as the operator. */
export async function acceptRound(
  t: TestApp,
  world: World,
  owners: { supplierId: string; buyerId: string },
): Promise<AcceptedRound> {
  const round = await buildRound(t.db, 'ClosedForBidsAndOffers');
  const records = await buildClearableRound(t.db, round.id, owners);
  const matched = await asRole(t.app, world, 'admin', 'POST', `/api/round/${round.id}/action/Match`, {});
  expect(matched.statusCode).toBe(200);
  await new SolverTaskRunner(t.db, t.clock.now, { heartbeatMs: 100 }).runNext();
  const accepted = await asRole(
    t.app,
    world,
    'admin',
    'POST',
    `/api/round/${round.id}/action/AcceptMatch`,
    {},
  );
  expect(accepted.statusCode).toBe(200);
  const credits = await t.db
    .select({ id: requirementCredits.id, requirementId: requirementCredits.requirementId })
    .from(requirementCredits)
    .innerJoin(creditRequirements, eq(creditRequirements.id, requirementCredits.requirementId))
    .where(
      and(eq(creditRequirements.marketRoundId, round.id), eq(requirementCredits.status, 'RightsCreated')),
    );
  return {
    round,
    records,
    creditOf: Object.fromEntries(credits.map((credit) => [credit.requirementId, credit.id])),
  };
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * The post-trade ledger of an accepted round as the post-trade actions would leave it, written directly (a test
 * fixture): the meadow holds 5 units in reserve; the cheap requirement's 2 units fail with the meadow and are made
 * good from that reserve; ledger rows on three days from `start` (Created 12 and Reserved 5; Allocated 10; Issued
 * 10, Failed 2 and Replaced 2) for biodiversity, and Created 10 for nitrogen.
 */
export async function writeRegistryLedger(
  t: TestApp,
  accepted: AcceptedRound,
  start: Date,
): Promise<{ reservedCreditId: string }> {
  const { round, records, creditOf } = accepted;
  const meadow = records.biodiversityProjectId;
  const [wanted, cheap] = records.biodiversityRequirementIds;
  const [failing] = await t.db
    .select()
    .from(allocations)
    .where(and(eq(allocations.requirementId, cheap), eq(allocations.projectId, meadow)));
  if (failing === undefined) throw new Error('The cheap requirement has no allocation from the meadow');
  const [reserve] = await t.db
    .insert(reservedCredits)
    .values({
      marketRoundId: round.id,
      projectId: meadow,
      serviceId: failing.serviceId,
      creditType: 'Biodiversity',
      year: failing.year,
      units: 5,
      createdAt: start,
    })
    .returning({ id: reservedCredits.id });
  if (reserve === undefined) throw new Error('No reserved credit');
  const day = (n: number) => new Date(start.getTime() + n * DAY);
  await t.db
    .update(allocations)
    .set({ failedAt: day(2) })
    .where(eq(allocations.id, failing.id));
  await t.db.insert(allocations).values({
    marketRoundId: round.id,
    solverTaskId: failing.solverTaskId,
    projectId: meadow,
    serviceId: failing.serviceId,
    requirementId: cheap,
    requirementCreditId: failing.requirementCreditId,
    year: failing.year,
    units: failing.units,
    multiplier: failing.multiplier,
    origin: 'Reserve',
    reservedCreditId: reserve.id,
    replacesAllocationId: failing.id,
    createdAt: day(2),
  });
  const event = (
    kind: (typeof creditEvents.$inferInsert)['kind'],
    units: number,
    n: number,
    credit?: string,
  ) => ({
    marketRoundId: round.id,
    kind,
    creditType: 'Biodiversity' as const,
    units,
    requirementCreditId: credit ?? null,
    reservedCreditId: kind === 'Reserved' || kind === 'Replaced' ? reserve.id : null,
    projectId: meadow,
    at: day(n),
  });
  // The fixture states the round's whole ledger: AcceptMatch's own Created and Reserved rows are replaced by it.
  await t.db.delete(creditEvents).where(eq(creditEvents.marketRoundId, round.id));
  await t.db.insert(creditEvents).values([
    event('Created', 10, 0, creditOf[wanted]),
    event('Created', 2, 0, creditOf[cheap]),
    event('Reserved', 5, 0),
    event('Allocated', 10, 1, creditOf[wanted]),
    event('Issued', 10, 2, creditOf[wanted]),
    event('Failed', 2, 2, creditOf[cheap]),
    event('Replaced', 2, 2.01, creditOf[cheap]),
    {
      ...event('Created', 10, 0, creditOf[records.nitrogenRequirementId]),
      creditType: 'NutrientMitigationNitrogen' as const,
      projectId: records.nitrogenProjectId,
    },
  ]);
  return { reservedCreditId: reserve.id };
}

/** Records a failed compliance check on a project, as RecordComplianceCheck leaves it (a test fixture). */
export async function failCompliance(t: TestApp, projectId: string): Promise<void> {
  await t.db
    .update(projects)
    .set({
      status: 'Monitoring',
      outcomes: [
        { kind: 'compliance', outcome: 'Fail', date: '2027-05-01', comment: 'Hedges removed', by: 'Ops' },
      ],
    })
    .where(eq(projects.id, projectId));
}
