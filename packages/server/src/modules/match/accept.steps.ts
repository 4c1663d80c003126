import type { ClearingResult, Instance } from '@curlew/matching';
import { inArray, sql } from 'drizzle-orm';
import { type TransitionActor, type TransitionEntry, transitionAll } from '../../platform/actions/status.ts';
import type { Transaction } from '../../platform/db/connect.ts';
import { projectKind } from '../projects/projects.kind.ts';
import { projects } from '../projects/projects.tables.ts';
import { requirementKind } from '../requirements/requirements.kind.ts';
import { requirementCredits } from '../requirements/requirements.tables.ts';
import { appendCreditEvents, type CreditEventRow } from '../settlement/settlement.ledger.ts';
import { leaveOutUnmatched } from './accept.left-out.ts';
import type { AllocationUnits, ReserveUnits } from './accept.rounding.ts';
import type { BuiltInstance } from './instance.types.ts';
import { allocations, payments, reservedCredits } from './match.tables.ts';

// The steps of AcceptMatch (`applyResult`), each in the caller's transaction, in the order it calls them.

/** What every step of AcceptMatch reads: the transaction, the round's accepted task and when. */
export interface AcceptStep {
  tx: Transaction;
  roundId: string;
  taskId: string;
  instance: Instance;
  mapping: Omit<BuiltInstance, 'instance'>;
  result: ClearingResult;
  firstDeliveryYear: number;
  now: Date;
}

type RequirementCreditRow = typeof requirementCredits.$inferSelect;
type ReservedCreditRow = typeof reservedCredits.$inferSelect;

const pence = (gbp: number) => Math.round(gbp * 100);

/** Each requirement's fill: the largest of its alternatives' (0..1), by requirement id. */
export function requirementFills({ result, mapping }: AcceptStep): Map<string, number> {
  const fills = new Map<string, number>();
  for (const line of result.requirements) {
    const target = mapping.requirements[line.id];
    if (!target) continue;
    fills.set(target.requirementId, Math.max(fills.get(target.requirementId) ?? 0, line.fill));
  }
  return fills;
}

/**
 * Moves the records: winning projects Matched and losing ones Unmatched, requirements with a fill RightsCreated and
 * the others Unmatched, and the round's offered and bidding records that were not in the clearing Unmatched.
 */
export async function moveRecords(
  step: AcceptStep,
  fills: ReadonlyMap<string, number>,
  by: TransitionActor,
  entry: TransitionEntry,
): Promise<void> {
  const { tx, result } = step;
  await transitionAll(
    tx,
    projectKind,
    result.projects.map((line) => ({ id: line.id, to: line.won ? 'Matched' : 'Unmatched' })),
    by,
    entry,
  );
  await transitionAll(
    tx,
    requirementKind,
    [...fills].map(([id, fill]) => ({ id, to: fill > 0 ? 'RightsCreated' : 'Unmatched' })),
    by,
    entry,
  );
  await leaveOutUnmatched(tx, step.roundId, { result, mapping: step.mapping }, by, entry);
}

/** Each requirement's first credit (by position): the one its allocations and actual units go to. */
export async function firstCreditsOf(
  tx: Transaction,
  requirementIds: readonly string[],
): Promise<(requirementId: string) => RequirementCreditRow | undefined> {
  const rows =
    requirementIds.length === 0
      ? []
      : await tx
          .select()
          .from(requirementCredits)
          .where(inArray(requirementCredits.requirementId, [...requirementIds]));
  return (requirementId) =>
    rows.filter((row) => row.requirementId === requirementId).sort((a, b) => a.position - b.position)[0];
}

/**
 * Writes the rounded flows as allocations (service and year to requirement credit) and each filled requirement
 * credit's actual units (required units x fill, 2 decimals); answers how many allocations it wrote and the credits
 * it created, for the ledger.
 */
export async function writeAllocations(
  step: AcceptStep,
  rounded: readonly AllocationUnits[],
  fills: ReadonlyMap<string, number>,
  creditOf: (requirementId: string) => RequirementCreditRow | undefined,
): Promise<{ written: number; created: CreditEventRow[] }> {
  const { tx, roundId, mapping, now } = step;
  const rows = rounded.flatMap(({ flow, units, multiplier }) => {
    const target = mapping.requirements[flow.requirement];
    const serviceId = mapping.credits[flow.project]?.[flow.credit];
    if (!target || !serviceId) return [];
    return [
      {
        marketRoundId: roundId,
        solverTaskId: step.taskId,
        projectId: flow.project,
        serviceId,
        requirementId: target.requirementId,
        requirementCreditId: creditOf(target.requirementId)?.id ?? null,
        year: step.firstDeliveryYear + flow.year,
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
    created.push({
      marketRoundId: roundId,
      kind: 'Created',
      creditType: credit.type,
      units: Math.round(credit.requiredUnits * fill * 100) / 100,
      requirementCreditId: credit.id,
      at: now,
    });
  }
  await setActualUnits(tx, created);
  return { written: rows.length, created };
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

/** Writes the reserved credits: what the reserve holds back of every credit-year sold (MARKET.md section 3). */
export async function writeReserve(
  step: AcceptStep,
  rounded: readonly ReserveUnits[],
): Promise<ReservedCreditRow[]> {
  const { instance, mapping } = step;
  const engineProjects = new Map(instance.projects.map((p) => [p.id, p]));
  const reserved = rounded.flatMap((item) => {
    const credit = engineProjects.get(item.project)?.credits[item.credit];
    const serviceId = mapping.credits[item.project]?.[item.credit];
    if (!credit || !serviceId) return [];
    return [
      {
        marketRoundId: step.roundId,
        projectId: item.project,
        serviceId,
        creditType: credit.type,
        year: step.firstDeliveryYear + item.year,
        units: item.units,
        createdAt: step.now,
      },
    ];
  });
  return reserved.length === 0 ? [] : step.tx.insert(reservedCredits).values(reserved).returning();
}

/**
 * Writes the payments in integer pence: what each filled requirement pays and each winning project receives (its
 * fees inside); answers how many projects won.
 */
export async function writePayments(step: AcceptStep): Promise<number> {
  const { tx, roundId, mapping, result, now } = step;
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
  const rows = [
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
  if (rows.length > 0) await tx.insert(payments).values(rows);
  return winners.length;
}

/** Writes the ledger: the requirement credits created, then the credits reserved. */
export async function writeLedger(
  step: AcceptStep,
  created: readonly CreditEventRow[],
  reserved: readonly ReservedCreditRow[],
): Promise<void> {
  await appendCreditEvents(step.tx, created);
  await appendCreditEvents(
    step.tx,
    reserved.map((row) => ({
      marketRoundId: step.roundId,
      kind: 'Reserved' as const,
      creditType: row.creditType,
      units: row.units,
      reservedCreditId: row.id,
      projectId: row.projectId,
      at: step.now,
    })),
  );
}
