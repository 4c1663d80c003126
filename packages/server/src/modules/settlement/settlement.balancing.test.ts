import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { asRole, buildWorld, type World } from '../../../test/world.ts';
import { activity } from '../../platform/actions/activity.tables.ts';
import { mailOutbox } from '../../platform/mail.tables.ts';
import { allocations, reservedCredits } from '../match/match.tables.ts';
import { balancingShortfalls, creditEvents } from './settlement.tables.ts';
import {
  type BalancingRound,
  buildBalancingRound,
  clearAndAccept,
  contract,
  failIrrevocably,
  verify,
} from './settlement.testing.ts';

describeWithApp('market balancing after an irrevocable failure', (t) => {
  let world: World;
  let round: BalancingRound;
  const names = () => ({
    [round.failingMeadowId]: 'failing',
    [round.spareMeadowId]: 'spare',
    [round.grasslandId]: 'grassland',
    [round.farGrasslandId]: 'far',
    [round.meadowRequirementId]: 'meadow homes',
    [round.housingRequirementId]: 'housing',
    [round.farRequirementId]: 'far cottages',
  });
  const flows = async () => {
    const rows = await t.db.select().from(allocations).where(eq(allocations.marketRoundId, round.roundId));
    const name = names();
    return rows
      .map(
        (row) =>
          `${name[row.projectId]} -> ${name[row.requirementId]}: ${row.units.toFixed(2)} ${row.origin}${
            row.failedAt === null ? '' : ' failed'
          }`,
      )
      .sort();
  };
  const reserveLeft = async () => {
    const held = await t.db
      .select()
      .from(reservedCredits)
      .where(eq(reservedCredits.marketRoundId, round.roundId));
    const used = await t.db.select().from(allocations).where(eq(allocations.origin, 'Reserve'));
    const name = names();
    return Object.fromEntries(
      held.map((credit) => [
        name[credit.projectId],
        Math.round(
          (credit.units -
            used
              .filter((row) => row.reservedCreditId === credit.id)
              .reduce((sum, row) => sum + row.units, 0)) *
            100,
        ) / 100,
      ]),
    );
  };

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    round = await buildBalancingRound(t.db, {
      supplierId: world.members.participant.organisation.id,
      buyerId: world.otherParticipant.organisation.id,
    });
    await clearAndAccept(t.app, t.db, world, t.clock.now, round.roundId);
    for (const id of [round.failingMeadowId, round.grasslandId]) {
      await contract(t.app, world, id);
      await verify(t.app, world, id);
    }
  });

  it('clears as built: every allocation and the reserve held back, with Created and Reserved in the ledger', async () => {
    expect(await flows()).toEqual([
      'failing -> meadow homes: 2.00 Clearing',
      'far -> far cottages: 3.00 Clearing',
      'grassland -> housing: 10.00 Clearing',
      'spare -> meadow homes: 4.00 Clearing',
    ]);
    expect(await reserveLeft()).toEqual({ failing: 2, spare: 4, grassland: 10, far: 3 });
    const events = await t.db
      .select()
      .from(creditEvents)
      .where(eq(creditEvents.marketRoundId, round.roundId));
    expect(events.map((event) => `${event.kind} ${event.units.toFixed(2)}`).sort()).toEqual(
      [
        'Created 10.00',
        'Created 3.00',
        'Created 6.00',
        'Reserved 10.00',
        'Reserved 2.00',
        'Reserved 3.00',
        'Reserved 4.00',
      ].sort(),
    );
  });

  it('replaces the failed meadow from the compatible reserve only, tells the buyer and marks the project non-compliant', async () => {
    const failed = await failIrrevocably(t.app, world, round.failingMeadowId);
    expect(failed.statusCode).toBe(200);
    expect(failed.json().message).toBe('Irrevocable failure recorded: 2.00 units replaced from the reserve');
    expect(await flows()).toEqual([
      'failing -> meadow homes: 2.00 Clearing failed',
      'far -> far cottages: 3.00 Clearing',
      'grassland -> housing: 10.00 Clearing',
      'spare -> meadow homes: 2.00 Reserve',
      'spare -> meadow homes: 4.00 Clearing',
    ]);
    // The grassland's and the far grassland's reserve cannot serve 'Lowland meadows' (High: the same habitat only).
    expect(await reserveLeft()).toEqual({ failing: 2, spare: 2, grassland: 10, far: 3 });
    const [replacement] = await t.db.select().from(allocations).where(eq(allocations.origin, 'Reserve'));
    const [original] = await t.db
      .select()
      .from(allocations)
      .where(eq(allocations.projectId, round.failingMeadowId));
    expect(replacement?.replacesAllocationId).toBe(original?.id);
    expect(replacement?.requirementCreditId).toBe(original?.requirementCreditId);
    expect(await t.db.select().from(balancingShortfalls)).toEqual([]);

    const project = (
      await asRole(t.app, world, 'participant', 'GET', `/api/project/${round.failingMeadowId}`)
    ).json();
    expect(project).toMatchObject({
      status: 'Monitoring',
      nonCompliant: true,
      complianceNextAction: { action: 'IrrevocableFailure', date: '2027-06-01' },
    });
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, world.otherParticipant.user.email));
    // The buyer was told its round's result at AcceptMatch, then that balancing made its credits good.
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Credits of Meadow homes made good from the reserve',
      expect.stringMatching(/^Your result in /),
    ]);
    expect(mails.map((mail) => mail.to)).not.toContain(world.members.participant.user.email);
    const entries = await t.db
      .select({ title: activity.title, details: activity.details })
      .from(activity)
      .where(and(eq(activity.subjectId, round.meadowRequirementId), eq(activity.action, 'MarketBalancing')));
    expect(entries).toEqual([
      {
        title: 'Market balancing',
        details: { project: 'Failing meadow', replacedFromReserve: 2, notReplaced: 0 },
      },
    ]);
  });

  it('makes good what it can and lists the rest for the operator; a local-only requirement never takes a far reserve', async () => {
    const failed = await failIrrevocably(t.app, world, round.grasslandId);
    expect(failed.json().message).toBe(
      'Irrevocable failure recorded: 2.00 units replaced from the reserve, 8.00 units could not be replaced',
    );
    expect(await flows()).toEqual([
      'failing -> meadow homes: 2.00 Clearing failed',
      'far -> far cottages: 3.00 Clearing',
      'grassland -> housing: 10.00 Clearing failed',
      'spare -> housing: 2.00 Reserve',
      'spare -> meadow homes: 2.00 Reserve',
      'spare -> meadow homes: 4.00 Clearing',
    ]);
    // The failed meadow's reserve is not used; the far grassland's is outside the local-only development's LPA.
    expect(await reserveLeft()).toEqual({ failing: 2, spare: 0, grassland: 10, far: 3 });
    const listed = await asRole(t.app, world, 'admin', 'GET', `/api/round/${round.roundId}/balancing`);
    expect(listed.statusCode).toBe(200);
    expect(
      listed
        .json()
        .items.map((item: { project: { name: string }; requirement: { name: string }; units: number }) => [
          item.project.name,
          item.requirement.name,
          item.units,
        ]),
    ).toEqual([['Common grassland', 'Housing at Mill Lane', 8]]);
    for (const role of ['participant', 'agent', 'lpa'] as const)
      expect(
        (await asRole(t.app, world, role, 'GET', `/api/round/${round.roundId}/balancing`)).statusCode,
      ).toBe(404);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, world.otherParticipant.user.email));
    expect(mails.map((mail) => mail.subject)).toContain(
      'Not all credits of Housing at Mill Lane could be made good from the reserve',
    );
    const events = await t.db
      .select()
      .from(creditEvents)
      .where(and(eq(creditEvents.marketRoundId, round.roundId)));
    expect(
      events
        .filter((event) => ['Failed', 'Replaced', 'Voided'].includes(event.kind))
        .map((event) => `${event.kind} ${event.units.toFixed(2)}`)
        .sort(),
    ).toEqual([
      'Failed 10.00',
      'Failed 2.00',
      'Replaced 2.00',
      'Replaced 2.00',
      // Each failed project's own reserve, written off: the meadow's 2 and the grassland's 10.
      'Voided 10.00',
      'Voided 2.00',
    ]);
  });

  it("writes a failed project's own reserve off: it holds nothing in the registry's reserve or totals", async () => {
    const reserve = (
      await asRole(t.app, world, 'admin', 'GET', `/api/reserved-credits?roundId=${round.roundId}&pageSize=25`)
    ).json();
    const name = names();
    expect(
      reserve.items
        .map(
          (credit: {
            project: { id: string };
            usedUnits: number;
            voidedUnits: number;
            remainingUnits: number;
          }) =>
            `${name[credit.project.id]}: used ${credit.usedUnits}, written off ${credit.voidedUnits}, left ${credit.remainingUnits}`,
        )
        .sort(),
    ).toEqual([
      'failing: used 0, written off 2, left 0',
      'far: used 0, written off 0, left 3',
      'grassland: used 0, written off 10, left 0',
      'spare: used 4, written off 0, left 0',
    ]);
    const totals = (
      await asRole(t.app, world, 'admin', 'GET', `/api/registry/totals?roundId=${round.roundId}`)
    ).json();
    // Reserved 19 less 4 replaced and 12 written off: only the far grassland's 3 are held.
    expect(
      totals.now.map((line: { creditType: string; reserve: number }) => [line.creditType, line.reserve]),
    ).toEqual([['Biodiversity', 3]]);
  });

  it('fails nothing more once a project has no undelivered allocations', async () => {
    const again = await failIrrevocably(t.app, world, round.grasslandId);
    expect(again.json().message).toBe('Irrevocable failure recorded: no undelivered credits to replace');
    expect(
      await t.db
        .select()
        .from(allocations)
        .where(and(eq(allocations.projectId, round.grasslandId), isNull(allocations.failedAt))),
    ).toEqual([]);
  });
});
