import {
  type AnyActionDefinition,
  edgeTargets,
  importData,
  importMatch,
  MARKET_ROUND_STATUSES,
  type MarketRoundStatus,
  ROUND_ACTIONS,
} from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { asRole, buildRound, buildWorld, postMultipart, type World } from '../../../test/world.ts';
import { buildClearableRound } from '../match/match.testing.ts';
import { marketRounds } from './rounds.tables.ts';
import { readyToOpen, setRoundStatus, windowsFromToday } from './rounds.testing.ts';

/** Valid values of each round action with an edge (or a status rule). */
const VALUES: Record<string, Record<string, unknown>> = {
  Update: {},
  RejectMatch: { reason: 'The reserve was wrong' },
  SetReserveInfo: { percentage: 15, appliesTo: 'allDemand', agreedWithEMB: true },
  SetRegistrationDates: windowsFromToday(),
};

const IMPORT_DATA_FROM: readonly string[] = importData.lifecycle?.from ?? [];
const IMPORT_MATCH_FROM: readonly string[] = importMatch.lifecycle?.from ?? [];

/** Actions whose guard refuses until the clearing records exist: 409 from every status. */
const NOT_YET = new Set(['Match', 'AcceptMatch']);

const EDGE_ACTIONS = (ROUND_ACTIONS as readonly AnyActionDefinition[]).filter(
  (definition) =>
    definition.lifecycle !== undefined &&
    [
      'Open',
      'Close',
      'OpenBidsAndOffers',
      'CloseBidsAndOffers',
      'Review',
      'RejectMatch',
      // Settle: from Matched once nothing waits (this round has no winners); what waits is in the settlement tests.
      'Settle',
      ...NOT_YET,
    ].includes(definition.id),
);

describeWithApp('round lifecycle', (t) => {
  let world: World;
  let roundId: string;

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    roundId = world.openRound.id;
    await readyToOpen(t.db, roundId);
  });

  const statusOf = async (): Promise<MarketRoundStatus | undefined> =>
    (
      await t.db
        .select({ status: marketRounds.status })
        .from(marketRounds)
        .where(eq(marketRounds.id, roundId))
    )[0]?.status;

  for (const definition of EDGE_ACTIONS) {
    const from = (definition.lifecycle?.from ?? []) as readonly MarketRoundStatus[];
    const [target] = definition.lifecycle ? (edgeTargets(definition.lifecycle) as MarketRoundStatus[]) : [];
    const title = NOT_YET.has(definition.id)
      ? `${definition.id}: refused 409 from every status (its records are not there yet)`
      : `${definition.id}: allowed from ${from.join(', ')}, refused 409 from every other status`;
    it(title, async () => {
      const wrong: string[] = [];
      for (const status of MARKET_ROUND_STATUSES) {
        await setRoundStatus(t.db, roundId, status);
        const response = await asRole(
          t.app,
          world,
          'admin',
          'POST',
          `/api/round/${roundId}/action/${definition.id}`,
          VALUES[definition.id] ?? {},
        );
        const allowed = from.includes(status) && !NOT_YET.has(definition.id);
        const expected = allowed ? 200 : 409;
        if (response.statusCode !== expected)
          wrong.push(`${status}: ${response.statusCode} ${response.body}`);
        const after = await statusOf();
        const expectedStatus = allowed && target !== undefined ? target : status;
        if (after !== expectedStatus) wrong.push(`${status}: moved to ${after}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('refuses clearing with a sentence saying what is missing', async () => {
    await setRoundStatus(t.db, roundId, 'ClosedForBidsAndOffers');
    const response = await asRole(t.app, world, 'admin', 'POST', `/api/round/${roundId}/action/Match`, {});
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'There are no offers and bids to clear: no project is offered and no credit requirement has a bid',
    );
  });

  it('keeps setup actions to Draft, Open and Closed (SetReserveInfo until bids and offers close)', async () => {
    for (const [status, setup, reserve] of [
      ['Draft', 200, 200],
      ['Closed', 200, 200],
      ['OpenForBidsAndOffers', 409, 200],
      ['ClosedForBidsAndOffers', 409, 409],
      ['Settled', 409, 409],
    ] as const) {
      await setRoundStatus(t.db, roundId, status);
      const dates = await asRole(
        t.app,
        world,
        'admin',
        'POST',
        `/api/round/${roundId}/action/SetRegistrationDates`,
        VALUES.SetRegistrationDates,
      );
      const reserveResponse = await asRole(
        t.app,
        world,
        'admin',
        'POST',
        `/api/round/${roundId}/action/SetReserveInfo`,
        VALUES.SetReserveInfo,
      );
      expect([status, dates.statusCode, reserveResponse.statusCode]).toEqual([status, setup, reserve]);
    }
  });

  /** The multipart imports: allowed statuses reach the handler (422 for an empty file), others 409; no status moves. */
  const importEdges = async (
    id: string,
    actionId: string,
    from: readonly string[],
    file: Record<string, string>,
  ) => {
    const wrong: string[] = [];
    for (const status of MARKET_ROUND_STATUSES) {
      await setRoundStatus(t.db, id, status);
      const values =
        actionId === 'ImportData'
          ? { bidderType: 'Buyers', creditType: 'Biodiversity' }
          : { reserve: 10, reserveAppliesTo: 'supply' };
      const response = await postMultipart(
        t.app,
        `/api/round/${id}/action/${actionId}`,
        values,
        Object.fromEntries(
          Object.entries(file).map(([field, content]) => [
            field,
            { name: `${field}.csv`, type: 'text/csv', content },
          ]),
        ),
        world.cookieOf('admin'),
      );
      const expected = from.includes(status) ? 422 : 409;
      if (response.statusCode !== expected) wrong.push(`${status}: ${response.statusCode} ${response.body}`);
      const [row] = await t.db
        .select({ status: marketRounds.status })
        .from(marketRounds)
        .where(eq(marketRounds.id, id));
      if (row?.status !== status) wrong.push(`${status}: moved to ${row?.status}`);
    }
    expect(wrong).toEqual([]);
  };

  it(`ImportData: reaches its rows from ${IMPORT_DATA_FROM.join(', ')}, refused 409 from every other status`, async () => {
    await importEdges(roundId, 'ImportData', IMPORT_DATA_FROM, {
      suppliersCSV: 'project,offer\r\n',
    });
  });

  it(`ImportMatch: reads the winners file from ${IMPORT_MATCH_FROM.join(', ')}, refused 409 from every other status`, async () => {
    const round = await buildRound(t.db, 'ClosedForBidsAndOffers');
    await buildClearableRound(t.db, round.id, {
      supplierId: world.members.participant.organisation.id,
      buyerId: world.otherParticipant.organisation.id,
    });
    await importEdges(round.id, 'ImportMatch', IMPORT_MATCH_FROM, {
      winnersCSV: 'project,service,requirement,year,units\r\n',
    });
  });
});
