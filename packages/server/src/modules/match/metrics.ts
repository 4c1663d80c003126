import { sql } from 'drizzle-orm';
import { Gauge, Histogram, type Registry } from 'prom-client';
import { type Database, queryRows } from '../../platform/db/connect.ts';

/** Solves are bucketed from 1 s to 1 h. */
const TASK_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600];

/**
 * Adds the solver tasks' metrics to `registry`: the queue (tasks waiting and running, across every process on the
 * database) and the duration of each task this process ended; answers what the runner calls when one ends.
 */
export function registerSolverMetrics(
  registry: Registry,
  db: Database,
): (status: string, seconds: number) => void {
  new Gauge({
    name: 'curlew_solver_tasks',
    help: 'Solver tasks waiting (Queued) and running (Running), across every server process',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await queryRows<{ status: string; total: string | number }>(
        db,
        sql`select status, count(*) as total from solver_tasks where status in ('Queued', 'Running') group by status`,
      );
      this.set({ status: 'Queued' }, 0);
      this.set({ status: 'Running' }, 0);
      for (const row of rows) this.set({ status: row.status }, Number(row.total));
    },
  });
  const durations = new Histogram({
    name: 'curlew_solver_task_duration_seconds',
    help: 'How long solver tasks ended by this process ran, by how they ended',
    labelNames: ['status'] as const,
    buckets: TASK_BUCKETS,
    registers: [registry],
  });
  return (status, seconds) => durations.observe({ status }, seconds);
}
