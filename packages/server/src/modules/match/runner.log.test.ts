import { expect, it, vi } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildRound } from '../../../test/world.ts';
import type { Database } from '../../platform/db/connect.ts';
import { type SolverRunnerLog, SolverTaskRunner } from './runner.ts';
import { built } from './solver-tasks.testing.ts';
import { startMatch } from './start-match.ts';

const spyLog = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }) satisfies SolverRunnerLog;
const events = (calls: unknown[][]) => calls.map(([details]) => (details as { event: string }).event);

// The runner logs each task it claims and ends, and every failure of its own, instead of dropping it.

it('logs a pass that fails (the database is down) and keeps polling', async () => {
  const down = new Error('database down');
  const db = new Proxy({}, { get: () => () => Promise.reject(down) }) as Database;
  const log = spyLog();
  const runner = new SolverTaskRunner(db, () => new Date(), { log, pollMs: 10, owner: 'runner-1' });
  runner.start();
  await vi.waitFor(() => expect(log.error.mock.calls.length).toBeGreaterThanOrEqual(2));
  await runner.stop();
  expect(log.error.mock.calls[0]).toEqual([
    { event: 'solver_pass_failed', owner: 'runner-1', err: down },
    'running solver tasks failed; the runner looks again at its next poll',
  ]);
  expect(log.info).not.toHaveBeenCalled();
});

describeWithApp('the solver task runner’s log', (t) => {
  it('logs the task it claims and how it ended, and nothing when there is no task', async () => {
    const log = spyLog();
    const runner = new SolverTaskRunner(t.db, t.clock.now, { log, heartbeatMs: 100, owner: 'runner-2' });
    expect(await runner.runNext()).toBeNull();
    expect(log.info).not.toHaveBeenCalled();
    const round = await buildRound(t.db, 'ClosedForBidsAndOffers');
    const task = await startMatch({ db: t.db, clock: t.clock.now }, round.id, built());
    expect(await runner.runNext()).toMatchObject({ id: task.id, status: 'Succeeded' });
    const about = { taskId: task.id, roundId: round.id, owner: 'runner-2' };
    expect(log.info.mock.calls).toEqual([
      [{ event: 'solver_task_claimed', ...about, attempt: 1 }, 'solver task claimed'],
      [{ event: 'solver_task_ended', ...about, status: 'Succeeded', reason: null }, 'solver task ended'],
    ]);
    expect(events(log.warn.mock.calls)).toEqual([]);
    expect(events(log.error.mock.calls)).toEqual([]);
  }, 30_000);
});
