import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.ts';
import { buildRound } from '../../../test/factories.rounds.ts';
import { buildOrganisation } from '../../../test/factories.ts';
import {
  callWith,
  type HttpClient,
  migratedDataFolder,
  type ServerProcess,
  signInOver,
  startServing,
  stopServer,
} from '../../../test/processes.ts';
import { type AppliedRoundState, appliedRoundState } from '../../../test/round-state.ts';
import { connectPglite, pgliteFolder } from '../../platform/db/connect.ts';
import { DEMO_ROUNDS } from '../../seed/seed.rounds.ts';
import { buildClearableRound } from './match.testing.ts';

/** Waits until the round has left Matching, checking every 200 ms, and answers its status. */
async function settledStatus(client: HttpClient, baseUrl: string, roundId: string): Promise<string> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { body } = await client.call('GET', `${baseUrl}/api/round/${roundId}`);
    const status = (body as { status: string }).status;
    if (status !== 'Matching') return status;
    if (Date.now() > deadline) throw new Error('The round is still Matching');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Closes bids and offers of the demo's Round 3 2025 and clears it through HTTP: answers its id once Pending. */
async function pendingDemoRound(baseUrl: string): Promise<string> {
  const admin = await signInOver(baseUrl, 'admin');
  const list = await admin.call('GET', `${baseUrl}/api/rounds?status=OpenForBidsAndOffers`);
  const round = (list.body as { items: { id: string; name: string }[] }).items.find(
    (item) => item.name === DEMO_ROUNDS.bidding,
  );
  if (!round) throw new Error('No demo round open for bids and offers');
  expect(
    (await admin.call('POST', `${baseUrl}/api/round/${round.id}/action/CloseBidsAndOffers`)).status,
  ).toBe(200);
  expect((await admin.call('POST', `${baseUrl}/api/round/${round.id}/action/Match`)).status).toBe(200);
  expect(await settledStatus(admin, baseUrl, round.id)).toBe('Pending');
  return round.id;
}

/** The state of a round in a PGlite data folder no process holds. */
async function stateInFolder(dataDir: string, roundId: string): Promise<AppliedRoundState> {
  const connection = await connectPglite({ dataDir: pgliteFolder(dataDir) });
  try {
    return await appliedRoundState(connection.db, roundId);
  } finally {
    await connection.close();
  }
}

/** AcceptMatch over HTTP; a request the killed server never answered reads as status 0. */
const accept = (client: HttpClient, baseUrl: string, roundId: string) =>
  client
    .call('POST', `${baseUrl}/api/round/${roundId}/action/AcceptMatch`)
    .catch(() => ({ status: 0, body: null }));

/** Polls `query` every 20 ms until it answers a row: answers that row's `pid`. */
async function waitForBackend(client: pg.Client, query: string): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await client.query<{ pid: number }>(query);
    if (rows[0]) return rows[0].pid;
    if (Date.now() > deadline) throw new Error(`Nothing answered: ${query}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What AcceptMatch must have applied: everything, once (the counts of an uninterrupted AcceptMatch). */
function expectAppliedOnce(state: AppliedRoundState, reference: AppliedRoundState): void {
  expect(state).toEqual(reference);
  expect(state.status).toBe('Matched');
  expect(state.allocations).toBeGreaterThan(0);
  expect(state.duplicateAllocations).toBe(0);
  expect(state.duplicatePayments).toBe(0);
  expect(state.outcomeMails).toBeGreaterThan(0);
}

describe('AcceptMatch when the server process is killed (SIGKILL) on PGlite, as npm start runs', () => {
  it('leaves the round Pending with nothing applied or Matched with everything, and Accept match then applies once', async () => {
    const pendingFolder = await migratedDataFolder('curlew-accept-crash-');
    const first = await startServing({ DATA_DIR: pendingFolder });
    const roundId = await pendingDemoRound(first.url);
    expect(await stopServer(first)).toBe(0);
    const pending = await stateInFolder(pendingFolder, roundId);
    expect(pending).toMatchObject({
      status: 'Pending',
      allocations: 0,
      payments: 0,
      creditEvents: 0,
      outcomeMails: 0,
    });
    expect(pending.projectStatuses.Offered).toBeGreaterThan(0);

    const copyOf = (name: string) => {
      const folder = mkdtempSync(path.join(tmpdir(), `curlew-accept-${name}-`));
      cpSync(pendingFolder, folder, { recursive: true });
      return folder;
    };
    // The reference: AcceptMatch uninterrupted, and how long it takes through HTTP.
    const referenceFolder = copyOf('reference');
    const server = await startServing({ DATA_DIR: referenceFolder });
    const admin = await signInOver(server.url, 'admin');
    const started = performance.now();
    expect((await accept(admin, server.url, roundId)).status).toBe(200);
    const acceptMs = performance.now() - started;
    expect(await stopServer(server)).toBe(0);
    const reference = await stateInFolder(referenceFolder, roundId);
    expectAppliedOnce(reference, reference);

    // Killed at moments spread over the time AcceptMatch takes: before, during and after its transaction.
    for (const fraction of [0.2, 0.5, 0.8, 1.5]) {
      const folder = copyOf(`killed-${fraction}`);
      const doomed = await startServing({ DATA_DIR: folder });
      const client = await signInOver(doomed.url, 'admin');
      const answer = accept(client, doomed.url, roundId);
      await new Promise((resolve) => setTimeout(resolve, acceptMs * fraction));
      doomed.child.kill('SIGKILL');
      await doomed.exited;
      await answer;

      // Opened again (crash recovery, as a restart does), the round is all or nothing.
      const after = await stateInFolder(folder, roundId);
      if (after.status === 'Pending') expect(after).toEqual(pending);
      else expectAppliedOnce(after, reference);

      // A restarted server then applies AcceptMatch once: 200 while Pending, 409 after.
      const restarted = await startServing({ DATA_DIR: folder });
      const operator = await signInOver(restarted.url, 'admin');
      expect((await accept(operator, restarted.url, roundId)).status).toBe(
        after.status === 'Pending' ? 200 : 409,
      );
      expect((await accept(operator, restarted.url, roundId)).status).toBe(409);
      expect(await stopServer(restarted)).toBe(0);
      expectAppliedOnce(await stateInFolder(folder, roundId), reference);
    }
  }, 900_000);
});

// Where a PostgreSQL server is configured for tests (always in CI): real processes sharing one database.
if (process.env.TEST_DATABASE_URL) {
  describe('AcceptMatch and Match on PostgreSQL with real server processes', () => {
    it('a server killed (SIGKILL) inside AcceptMatch’s transaction leaves the round Pending with nothing applied; Accept match then applies once', async () => {
      const database = await openTestDatabase('postgres', { migrate: false });
      const url = database.url ?? '';
      const servers: ServerProcess[] = [];
      // `holder` keeps the payments table locked; `watcher` looks on from outside any transaction (a transaction
      // would read one snapshot of pg_stat_activity throughout).
      const holder = new pg.Client({ connectionString: url });
      const watcher = new pg.Client({ connectionString: url });
      try {
        const first = await startServing({ DATABASE_URL: url });
        servers.push(first);
        const roundId = await pendingDemoRound(first.url);
        const pending = await appliedRoundState(database.db, roundId);
        expect(pending.status).toBe('Pending');

        // AcceptMatch's transaction waits inside, after its first writes, on the payments table held here.
        await holder.connect();
        await watcher.connect();
        await holder.query('begin');
        await holder.query('lock table payments in share mode');
        const admin = await signInOver(first.url, 'admin');
        const answer = accept(admin, first.url, roundId);
        const blocked = await waitForBackend(
          watcher,
          `select a.pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where not l.granted and l.relation = 'payments'::regclass and a.backend_xid is not null`,
        );
        first.child.kill('SIGKILL');
        await first.exited;
        expect((await answer).status).toBe(0);
        await holder.query('rollback');
        // PostgreSQL ends the dead client's backend, rolling its transaction back.
        await waitForBackend(
          watcher,
          `select 1 as pid where not exists (select 1 from pg_stat_activity where pid = ${blocked})`,
        );
        expect(await appliedRoundState(database.db, roundId)).toEqual(pending);

        const restarted = await startServing({ DATABASE_URL: url });
        servers.push(restarted);
        const operator = await signInOver(restarted.url, 'admin');
        expect((await accept(operator, restarted.url, roundId)).status).toBe(200);
        expect((await accept(operator, restarted.url, roundId)).status).toBe(409);
        const applied = await appliedRoundState(database.db, roundId);
        expect(applied).toMatchObject({ status: 'Matched', duplicateAllocations: 0, duplicatePayments: 0 });
        expect(applied.allocations).toBeGreaterThan(0);
        expect(applied.outcomeMails).toBeGreaterThan(0);
      } finally {
        await holder.end();
        await watcher.end();
        for (const server of servers) await stopServer(server);
        await database.close();
      }
    }, 600_000);

    it('two processes pressed at the same moment: Match gives one task run once, Accept applies once, and of Reject and Accept exactly one wins', async () => {
      const database = await openTestDatabase('postgres', { migrate: false });
      const url = database.url ?? '';
      const servers: ServerProcess[] = [];
      try {
        const one = await startServing({ DATABASE_URL: url });
        servers.push(one);
        const two = await startServing({ DATABASE_URL: url });
        servers.push(two);
        // One session serves both processes: sessions live in the database.
        const { cookie } = await signInOver(one.url, 'admin');
        const both = (path: string, body: unknown = {}) =>
          Promise.all([one.url, two.url].map((base) => callWith(cookie, 'POST', `${base}${path}`, body)));
        const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status).sort();
        const admin: HttpClient = { call: (method, target, body) => callWith(cookie, method, target, body) };

        const list = await admin.call('GET', `${one.url}/api/rounds?status=OpenForBidsAndOffers`);
        const round = (list.body as { items: { id: string; name: string }[] }).items.find(
          (item) => item.name === DEMO_ROUNDS.bidding,
        );
        if (!round) throw new Error('No demo round open for bids and offers');
        expect(
          (await admin.call('POST', `${one.url}/api/round/${round.id}/action/CloseBidsAndOffers`)).status,
        ).toBe(200);

        expect(statuses(await both(`/api/round/${round.id}/action/Match`))).toEqual([200, 409]);
        expect(await settledStatus(admin, one.url, round.id)).toBe('Pending');
        expect((await appliedRoundState(database.db, round.id)).solverTasks).toEqual([
          { status: 'Succeeded', attempts: 1 },
        ]);

        expect(statuses(await both(`/api/round/${round.id}/action/AcceptMatch`))).toEqual([200, 409]);
        const accepted = await appliedRoundState(database.db, round.id);
        expect(accepted).toMatchObject({ status: 'Matched', duplicateAllocations: 0, duplicatePayments: 0 });
        expect(accepted.allocations).toBeGreaterThan(0);

        // A second round, cleared, then rejected on one process and accepted on the other at once.
        const other = await buildRound(database.db, 'ClosedForBidsAndOffers');
        const supplier = await buildOrganisation(database.db, { type: 'PARTICIPANT' });
        const buyer = await buildOrganisation(database.db, { type: 'PARTICIPANT' });
        await buildClearableRound(database.db, other.id, { supplierId: supplier.id, buyerId: buyer.id });
        expect((await admin.call('POST', `${two.url}/api/round/${other.id}/action/Match`)).status).toBe(200);
        expect(await settledStatus(admin, one.url, other.id)).toBe('Pending');
        const raced = await Promise.all([
          callWith(cookie, 'POST', `${one.url}/api/round/${other.id}/action/RejectMatch`, {
            reason: 'Prices to check',
          }),
          callWith(cookie, 'POST', `${two.url}/api/round/${other.id}/action/AcceptMatch`, {}),
        ]);
        expect(statuses(raced)).toEqual([200, 409]);
        const decided = await appliedRoundState(database.db, other.id);
        const rejectWon = raced[0]?.status === 200;
        expect(decided.status).toBe(rejectWon ? 'Rejected' : 'Matched');
        if (rejectWon) expect(decided).toMatchObject({ allocations: 0, payments: 0, creditEvents: 0 });
        else expect(decided).toMatchObject({ duplicateAllocations: 0, duplicatePayments: 0 });
        if (!rejectWon) expect(decided.allocations).toBeGreaterThan(0);
      } finally {
        for (const server of servers) await stopServer(server);
        await database.close();
      }
    }, 600_000);
  });
}
