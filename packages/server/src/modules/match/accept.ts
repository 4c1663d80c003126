import { inArray, sql } from 'drizzle-orm';
import { type TransitionActor, transitionAll } from '../../platform/actions/status.ts';
import type { Transaction } from '../../platform/db/connect.ts';
import { AppError } from '../../platform/errors.ts';
import { projectKind } from '../projects/projects.kind.ts';
import { projects } from '../projects/projects.tables.ts';
import { requirementKind } from '../requirements/requirements.kind.ts';
import { requirementCredits } from '../requirements/requirements.tables.ts';
import { appendCreditEvents, type CreditEventRow } from '../settlement/settlement.ledger.ts';
import { leaveOutUnmatched } from './accept.left-out.ts';
import { allocationsOf } from './accept.rounding.ts';
import { allocations, payments, reservedCredits } from './match.tables.ts';
import { loadMatchRound } from './start-match.ts';
import { latestTaskOfRound } from './tasks.ts';

/** The refusal of AcceptMatch without a result. */
export const NO_RESULT_TO_ACCEPT = 'There is no matching result to accept yet';

const pence = (gbp: number) => Math.round(gbp * 100);
const ENTRY = { action: 'AcceptMatch', title: 'Accept match' } as const;

/**
 * Applies a round's latest result (MARKET.md section 5) inside the AcceptMatch transaction: winning projects
 * Matched and losing ones Unmatched, requirements with a fill RightsCreated and the others Unmatched (by
 * `transitionAll`, so a record whose status no longer allows the edge refuses the whole action), allocations rounded
 * to 2 decimals (`allocationsOf`), requirement credits' actual units, reserved credits and payments in integer pence. Throws on any
 * failure, so the caller's transaction leaves everything as it was.
 */
export async function applyResult(
  tx: Transaction,
  roundId: string,
  now: Date,
  by: TransitionActor,
): Promise<{ allocations: number; winners: number }> {
  const task = await latestTaskOfRound(tx, roundId);
  if (task?.status !== 'Succeeded' || !task.result) throw new AppError('invalid_status', NO_RESULT_TO_ACCEPT);
  const { instance, mapping, result } = task;
  const round = await loadMatchRound(tx, roundId, now);
  const entry = { ...ENTRY, now, details: { taskId: task.id } };

  await transitionAll(
    tx,
    projectKind,
    result.projects.map((line) => ({ id: line.id, to: line.won ? 'Matched' : 'Unmatched' })),
    by,
    entry,
  );
  const fills = new Map<string, number>();
  for (const line of result.requirements) {
    const target = mapping.requirements[line.id];
    if (!target) continue;
    fills.set(target.requirementId, Math.max(fills.get(target.requirementId) ?? 0, line.fill));
  }
  await transitionAll(
    tx,
    requirementKind,
    [...fills].map(([id, fill]) => ({ id, to: fill > 0 ? 'RightsCreated' : 'Unmatched' })),
    by,
    entry,
  );
  await leaveOutUnmatched(tx, roundId, { result, mapping }, by, entry);

  // Allocations and the reserve: every flow rounded once, within its credit-year and its requirement-year.
  const rounded = allocationsOf(instance, result, round.reserve);
  const requirementIds = [...fills.keys()];
  const creditRows =
    requirementIds.length === 0
      ? []
      : await tx
          .select()
          .from(requirementCredits)
          .where(inArray(requirementCredits.requirementId, requirementIds));
  const creditOf = (requirementId: string) =>
    creditRows
      .filter((row) => row.requirementId === requirementId)
      .sort((a, b) => a.position - b.position)[0];
  const rows = rounded.allocations.flatMap(({ flow, units, multiplier }) => {
    const target = mapping.requirements[flow.requirement];
    const serviceId = mapping.credits[flow.project]?.[flow.credit];
    if (!target || !serviceId) return [];
    return [
      {
        marketRoundId: roundId,
        solverTaskId: task.id,
        projectId: flow.project,
        serviceId,
        requirementId: target.requirementId,
        requirementCreditId: creditOf(target.requirementId)?.id ?? null,
        year: round.firstDeliveryYear + flow.year,
        units,
        multiplier,
        createdAt: now,
      },
    ];
  });
  if (rows.length > 0) await tx.insert(allocations).values(rows);

  const created: CreditEventRow[] = [];
  for (const [id, fill] of fills) {
    const credit = creditOf(id);
    if (!credit || !(fill > 0)) continue;
    const actualUnits = Math.round(credit.requiredUnits * fill * 100) / 100;
    created.push({
      marketRoundId: roundId,
      kind: 'Created',
      creditType: credit.type,
      units: actualUnits,
      requirementCreditId: credit.id,
      at: now,
    });
  }
  await setActualUnits(tx, created);
  await appendCreditEvents(tx, created);

  // Reserved credits: what the reserve holds back of every credit-year sold (MARKET.md section 3).
  const engineProjects = new Map(instance.projects.map((p) => [p.id, p]));
  const reserved = rounded.reserve.flatMap((item) => {
    const credit = engineProjects.get(item.project)?.credits[item.credit];
    const serviceId = mapping.credits[item.project]?.[item.credit];
    if (!credit || !serviceId) return [];
    return [
      {
        marketRoundId: roundId,
        projectId: item.project,
        serviceId,
        creditType: credit.type,
        year: round.firstDeliveryYear + item.year,
        units: item.units,
        createdAt: now,
      },
    ];
  });
  const reservedRows =
    reserved.length === 0 ? [] : await tx.insert(reservedCredits).values(reserved).returning();
  await appendCreditEvents(
    tx,
    reservedRows.map((row) => ({
      marketRoundId: roundId,
      kind: 'Reserved' as const,
      creditType: row.creditType,
      units: row.units,
      reservedCreditId: row.id,
      projectId: row.projectId,
      at: now,
    })),
  );

  // Payments in integer pence: what each filled requirement pays and each winning project receives (fees inside).
  const winners = result.projects.filter((line) => line.won);
  const costs =
    winners.length === 0
      ? []
      : await tx
          .select({
            id: projects.id,
            operator: projects.marketOperatorFee,
            compliance: projects.complianceMonitoring,
            performance: projects.performanceMonitoring,
          })
          .from(projects)
          .where(
            inArray(
              projects.id,
              winners.map((line) => line.id),
            ),
          );
  const feesOf = new Map(
    costs.map((row) => [row.id, (row.operator ?? 0) + (row.compliance ?? 0) + (row.performance ?? 0)]),
  );
  const paid = new Map<string, number>();
  for (const line of result.requirements) {
    const target = mapping.requirements[line.id];
    if (target && line.fill > 0)
      paid.set(target.requirementId, (paid.get(target.requirementId) ?? 0) + line.pays);
  }
  const paymentRows = [
    ...[...paid].map(([id, pays]) => ({
      marketRoundId: roundId,
      party: 'requirement' as const,
      partyId: id,
      amountPence: pence(pays),
      feesPence: 0,
      createdAt: now,
    })),
    ...winners.map((line) => ({
      marketRoundId: roundId,
      party: 'project' as const,
      partyId: line.id,
      amountPence: pence(line.receives),
      feesPence: pence(feesOf.get(line.id) ?? 0),
      createdAt: now,
    })),
  ];
  if (paymentRows.length > 0) await tx.insert(payments).values(paymentRows);
  return { allocations: rows.length, winners: winners.length };
}

/** Every filled requirement credit's actual units, written in one statement. */
async function setActualUnits(tx: Transaction, created: readonly CreditEventRow[]): Promise<void> {
  const lines = created.filter((row) => row.requirementCreditId != null);
  if (lines.length === 0) return;
  const values = sql.join(
    lines.map((row) => sql`(${row.requirementCreditId}::uuid, ${row.units}::numeric)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${requirementCredits} set actual_units = v.units from (values ${values}) as v(id, units) where ${requirementCredits.id} = v.id`,
  );
}
