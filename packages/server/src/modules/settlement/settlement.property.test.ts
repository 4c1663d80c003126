import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { transition } from '../../platform/actions/status.ts';
import type { Transaction } from '../../platform/db/connect.ts';
import { outboxMailer } from '../../platform/mail.ts';
import { allocations, reservedCredits } from '../match/match.tables.ts';
import { requirementKind } from '../requirements/requirements.kind.ts';
import { creditRequirements, requirementCredits } from '../requirements/requirements.tables.ts';
import { balanceFailedProject } from './settlement.balance.ts';
import { recordRequirementMove } from './settlement.ledger.ts';
import { suppliersRefusal } from './settlement.readiness.ts';
import { balancingShortfalls, creditEvents } from './settlement.tables.ts';
import {
  type BalancingRound,
  buildBalancingRound,
  clearAndAccept,
  contract,
  verify,
} from './settlement.testing.ts';

/** Each requirement status's next step: the status, the ledger move and the stage its suppliers must have reached. */
const NEXT = {
  RightsCreated: { to: 'RightsAllocated', move: 'Allocated', stage: 'Contracted' },
  RightsAllocated: { to: 'CreditsIssued', move: 'Issued', stage: 'Verified' },
  CreditsIssued: { to: 'CreditsRedeemed', move: 'Redeemed', stage: null },
  CreditsRedeemed: { to: 'Retired', move: 'Retired', stage: null },
} as const;

type Operation = { op: 'advance'; requirement: number } | { op: 'fail'; project: number };

class Rollback extends Error {}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const near = (a: number, b: number, within = 0.005) => Math.abs(a - b) <= within;

describeWithApp('units are conserved through any sequence of registry moves and market balancing', (t) => {
  let world: World;
  let round: BalancingRound;
  let requirementIds: string[];
  let projectIds: string[];

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    round = await buildBalancingRound(t.db, {
      supplierId: world.members.participant.organisation.id,
      buyerId: world.otherParticipant.organisation.id,
    });
    await clearAndAccept(t.app, t.db, world, t.clock.now, round.roundId);
    projectIds = [round.failingMeadowId, round.spareMeadowId, round.grasslandId, round.farGrasslandId];
    requirementIds = [round.meadowRequirementId, round.housingRequirementId, round.farRequirementId];
    // Two are verified, one only contracted, one left Matched: the guards then refuse some moves.
    await contract(t.app, world, round.failingMeadowId);
    await verify(t.app, world, round.failingMeadowId);
    await contract(t.app, world, round.grasslandId);
    await verify(t.app, world, round.grasslandId);
    await contract(t.app, world, round.farGrasslandId);
  });

  const apply = async (tx: Transaction, operation: Operation, now: Date) => {
    if (operation.op === 'fail') {
      await balanceFailedProject(tx, {
        projectId: projectIds[operation.project] ?? '',
        now,
        actor: { id: world.members.admin.user.id, displayName: 'Operator', organisationId: null },
        mailer: outboxMailer(tx, () => now),
        publicUrl: 'http://localhost',
      });
      return;
    }
    const id = requirementIds[operation.requirement] ?? '';
    const [row] = await tx
      .select({ status: creditRequirements.status })
      .from(creditRequirements)
      .where(eq(creditRequirements.id, id));
    const next = NEXT[row?.status as keyof typeof NEXT];
    if (next === undefined) return;
    if (next.stage !== null && (await suppliersRefusal(tx, id, next.stage)) !== undefined) return;
    await recordRequirementMove(tx, id, next.move, now);
    await transition(tx, requirementKind, id, next.to, 'system', {
      action: next.move,
      title: next.move,
      now,
    });
  };

  const state = async (tx: Transaction) => ({
    allocations: await tx.select().from(allocations).where(eq(allocations.marketRoundId, round.roundId)),
    reserved: await tx.select().from(reservedCredits).where(eq(reservedCredits.marketRoundId, round.roundId)),
    shortfalls: await tx
      .select()
      .from(balancingShortfalls)
      .where(eq(balancingShortfalls.marketRoundId, round.roundId)),
    events: await tx.select().from(creditEvents).where(eq(creditEvents.marketRoundId, round.roundId)),
    credits: await tx
      .select()
      .from(requirementCredits)
      .where(inArray(requirementCredits.requirementId, requirementIds)),
  });

  it('keeps supply, reserve, deliveries and the ledger in step', async () => {
    const operation = fc.oneof(
      fc.record({ op: fc.constant('advance' as const), requirement: fc.integer({ min: 0, max: 2 }) }),
      fc.record({ op: fc.constant('fail' as const), project: fc.integer({ min: 0, max: 3 }) }),
    );
    const before = await t.db.transaction(async (tx) => state(tx));
    const delivered = (rows: typeof before.allocations, creditId: string) =>
      sum(
        rows
          .filter((row) => row.requirementCreditId === creditId && row.failedAt === null)
          .map((row) => row.units * row.multiplier),
      );
    const supplyAndReserve =
      sum(before.allocations.map((row) => row.units)) + sum(before.reserved.map((row) => row.units));

    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 12 }), async (operations) => {
        await t.db
          .transaction(async (tx) => {
            let now = new Date('2027-01-01T00:00:00Z');
            for (const item of operations) {
              now = new Date(now.getTime() + 86_400_000);
              await apply(tx, item, now);
            }
            const after = await state(tx);
            const reserveUse = (creditId: string) =>
              sum(
                after.allocations.filter((row) => row.reservedCreditId === creditId).map((row) => row.units),
              );

            // Supply sold + reserve = what the clearing's allocations (live or failed), the reserve's allocations
            // and what the reserved credits still hold add up to.
            const sold = sum(
              after.allocations.filter((row) => row.origin === 'Clearing').map((row) => row.units),
            );
            const fromReserve = sum(
              after.allocations.filter((row) => row.origin === 'Reserve').map((row) => row.units),
            );
            const reserveLeft = sum(after.reserved.map((credit) => credit.units - reserveUse(credit.id)));
            expect(near(sold + fromReserve + reserveLeft, supplyAndReserve)).toBe(true);
            const failed = sum(
              after.allocations.filter((row) => row.failedAt !== null).map((row) => row.units),
            );
            for (const credit of after.reserved)
              expect(reserveUse(credit.id)).toBeLessThanOrEqual(credit.units + 1e-9);

            // Delivered credits never fail: an allocation fails only before its credit was issued.
            for (const row of after.allocations.filter((item) => item.failedAt !== null))
              for (const event of after.events.filter(
                (item) => item.kind === 'Issued' && item.requirementCreditId === row.requirementCreditId,
              ))
                expect(event.at.getTime()).toBeGreaterThan(row.failedAt?.getTime() ?? 0);

            // Every failed allocation is made good or listed; no requirement credit gains or loses units.
            for (const row of after.allocations.filter((item) => item.failedAt !== null)) {
              const made = sum(
                after.allocations
                  .filter((item) => item.replacesAllocationId === row.id)
                  .map((item) => item.units * item.multiplier),
              );
              const short = sum(
                after.shortfalls.filter((item) => item.allocationId === row.id).map((item) => item.units),
              );
              expect(near(made + short, row.units * row.multiplier, 0.0101)).toBe(true);
            }
            for (const credit of after.credits) {
              const short = sum(
                after.shortfalls
                  .filter((item) => item.requirementCreditId === credit.id)
                  .map((item) => item.units),
              );
              expect(
                near(
                  delivered(after.allocations, credit.id) + short,
                  delivered(before.allocations, credit.id),
                  0.05,
                ),
              ).toBe(true);
            }

            // The ledger: each stage once, issued <= allocated <= created, and its sums equal the tables.
            for (const credit of after.credits) {
              const kinds = after.events.filter((event) => event.requirementCreditId === credit.id);
              const units = (kind: string) =>
                sum(kinds.filter((event) => event.kind === kind).map((event) => event.units));
              const count = (kind: string) => kinds.filter((event) => event.kind === kind).length;
              for (const kind of ['Created', 'Allocated', 'Issued', 'Redeemed', 'Retired'])
                expect(count(kind)).toBeLessThanOrEqual(1);
              expect(count('Allocated') === 1).toBe(
                ['RightsAllocated', 'Issued', 'Redeemed', 'Retired'].includes(credit.status),
              );
              expect(count('Issued') === 1).toBe(['Issued', 'Redeemed', 'Retired'].includes(credit.status));
              expect(count('Redeemed') === 1).toBe(['Redeemed', 'Retired'].includes(credit.status));
              expect(count('Retired') === 1).toBe(credit.status === 'Retired');
              expect(units('Created')).toBe(credit.actualUnits);
              expect(units('Allocated')).toBeLessThanOrEqual(units('Created') + 1e-9);
              expect(units('Issued')).toBeLessThanOrEqual(units('Allocated') + 1e-9);
              expect(units('Redeemed')).toBe(count('Redeemed') === 1 ? units('Issued') : 0);
              expect(units('Retired')).toBe(count('Retired') === 1 ? units('Redeemed') : 0);
            }
            const total = (kind: string) =>
              sum(after.events.filter((event) => event.kind === kind).map((event) => event.units));
            expect(near(total('Reserved'), sum(after.reserved.map((row) => row.units)))).toBe(true);
            expect(
              near(
                total('Replaced'),
                sum(after.allocations.filter((row) => row.origin === 'Reserve').map((row) => row.units)),
              ),
            ).toBe(true);
            expect(near(total('Failed'), failed)).toBe(true);
            throw new Rollback();
          })
          .catch((error: unknown) => {
            if (!(error instanceof Rollback)) throw error;
          });
      }),
      { numRuns: 30, seed: 2125 },
    );
  });
});
