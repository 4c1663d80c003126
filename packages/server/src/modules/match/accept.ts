import { neighboursOf, sellableUnits, spatialMultiplier } from '@curlew/matching';
import { inArray, sql } from 'drizzle-orm';
import { type TransitionActor, transitionAll } from '../../platform/actions/status.ts';
import type { Transaction } from '../../platform/db/connect.ts';
import { AppError } from '../../platform/errors.ts';
import { projectKind } from '../projects/projects.kind.ts';
import { projects } from '../projects/projects.tables.ts';
import { requirementKind } from '../requirements/requirements.kind.ts';
import { requirementCredits } from '../requirements/requirements.tables.ts';
import { appendCreditEvents, type CreditEventRow } from '../settlement/settlement.ledger.ts';
import { allocations, payments, reservedCredits } from './match.tables.ts';
import { roundFlows } from './rounding.ts';
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
 * to 2 decimals, requirement credits' actual units, reserved credits and payments in integer pence. Throws on any
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

  // Allocations: every flow rounded to 2 decimals within its credit-year and its requirement-year.
  const engineProjects = new Map(instance.projects.map((p) => [p.id, p]));
  const engineRequirements = new Map(instance.requirements.map((r) => [r.id, r]));
  const neighbours = neighboursOf(instance);
  const fillOf = new Map(result.requirements.map((r) => [r.id, r.fill]));
  const sellable = new Map<string, number>();
  const need = new Map<string, number>();
  const exact = result.flows.map((flow) => {
    const project = engineProjects.get(flow.project);
    const credit = project?.credits[flow.credit];
    const requirement = engineRequirements.get(flow.requirement);
    if (!project || !credit || !requirement) throw new Error('The result names a record the instance lacks');
    const supply = `${flow.project}/${flow.credit}/${flow.year}`;
    const demand = `${flow.requirement}/${flow.year}`;
    sellable.set(supply, sellableUnits(credit, flow.year, instance.reservePercent));
    need.set(demand, (requirement.units[flow.year] ?? 0) * (fillOf.get(flow.requirement) ?? 0));
    const multiplier =
      credit.type === 'Biodiversity'
        ? spatialMultiplier(
            { lpa: project.lpa, nca: project.nca },
            { lpa: requirement.lpa, nca: requirement.nca },
            neighbours,
          )
        : 1;
    return { supply, demand, units: flow.units, multiplier };
  });
  const rounded = roundFlows(exact, sellable, need);

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
  const rows = result.flows.flatMap((flow, i) => {
    const units = rounded[i] ?? 0;
    const target = mapping.requirements[flow.requirement];
    const serviceId = mapping.credits[flow.project]?.[flow.credit];
    if (!(units > 0) || !target || !serviceId) return [];
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
        multiplier: exact[i]?.multiplier ?? 1,
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

  // Reserved credits: what the reserve holds back of every allocation (MARKET.md section 3).
  const reserve = round.reserve && round.reserve.percentage > 0 ? round.reserve : null;
  if (reserve) {
    const r = reserve.percentage / 100;
    const held = new Map<
      string,
      { projectId: string; serviceId: string; creditType: string; year: number; units: number }
    >();
    result.flows.forEach((flow, i) => {
      const credit = engineProjects.get(flow.project)?.credits[flow.credit];
      const serviceId = mapping.credits[flow.project]?.[flow.credit];
      const units = rounded[i] ?? 0;
      if (!credit || !serviceId || !(units > 0)) return;
      if (reserve.appliesTo === 'ongoingDemand' && !credit.permanent) return;
      const amount = reserve.appliesTo === 'supply' ? (units * r) / (1 - r) : units * r;
      const key = `${serviceId}/${flow.year}`;
      const current = held.get(key) ?? {
        projectId: flow.project,
        serviceId,
        creditType: credit.type,
        year: round.firstDeliveryYear + flow.year,
        units: 0,
      };
      current.units += amount;
      held.set(key, current);
    });
    const reserved = [...held.values()]
      .map((item) => ({ ...item, units: Math.floor(item.units * 100 + 1e-7) / 100 }))
      .filter((item) => item.units > 0);
    const rows =
      reserved.length === 0
        ? []
        : await tx
            .insert(reservedCredits)
            .values(
              reserved.map((item) => ({
                marketRoundId: roundId,
                projectId: item.projectId,
                serviceId: item.serviceId,
                creditType: item.creditType as 'Biodiversity',
                year: item.year,
                units: item.units,
                createdAt: now,
              })),
            )
            .returning();
    await appendCreditEvents(
      tx,
      rows.map((row) => ({
        marketRoundId: roundId,
        kind: 'Reserved' as const,
        creditType: row.creditType,
        units: row.units,
        reservedCreditId: row.id,
        projectId: row.projectId,
        at: now,
      })),
    );
  }

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
