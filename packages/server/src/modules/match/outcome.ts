import { CREDIT_TYPES, type CreditType, type CreditVolume, type ParticipantOutcome } from '@curlew/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/connect.ts';
import { marketRounds } from '../markets/markets.tables.ts';
import { projectServices } from '../projects/projects.tables.ts';
import { allocations, payments } from './match.tables.ts';
import { readableReason, roundNames } from './reason-names.ts';
import { latestTaskOfRound } from './tasks.ts';

const ACCEPTED = new Set(['Matched', 'Settled']);
const units2 = (x: number) => Math.round(x * 100) / 100;

/** Allocated units (times their multiplier) per credit type, in the order of CREDIT_TYPES. */
const volumesOf = (
  rows: readonly { creditType: CreditType; units: number; multiplier: number }[],
): CreditVolume[] =>
  CREDIT_TYPES.flatMap((creditType) => {
    const mine = rows.filter((row) => row.creditType === creditType);
    return mine.length === 0
      ? []
      : [{ creditType, units: units2(mine.reduce((sum, row) => sum + row.units * row.multiplier, 0)) }];
  });

async function acceptedTask(db: Queryable, roundId: string | null) {
  if (!roundId) return null;
  const [round] = await db
    .select({ status: marketRounds.status })
    .from(marketRounds)
    .where(eq(marketRounds.id, roundId));
  if (!round || !ACCEPTED.has(round.status)) return null;
  const task = await latestTaskOfRound(db, roundId);
  return task?.status === 'Succeeded' && task.result ? task : null;
}

async function paymentOf(db: Queryable, roundId: string, party: 'project' | 'requirement', id: string) {
  const [row] = await db
    .select({ amountPence: payments.amountPence, feesPence: payments.feesPence })
    .from(payments)
    .where(and(eq(payments.marketRoundId, roundId), eq(payments.party, party), eq(payments.partyId, id)));
  return row ?? { amountPence: 0, feesPence: 0 };
}

/** A project's own outcome of its accepted round; null before acceptance or when it was not in the clearing. */
export async function projectOutcome(
  db: Queryable,
  project: { id: string; marketRoundId: string | null },
): Promise<ParticipantOutcome | null> {
  const task = await acceptedTask(db, project.marketRoundId);
  const line = task?.result?.projects.find((p) => p.id === project.id);
  if (!task || !line || !project.marketRoundId) return null;
  const rows = await db
    .select({
      creditType: projectServices.type,
      units: allocations.units,
      multiplier: sql<number>`1`.mapWith(Number),
    })
    .from(allocations)
    .innerJoin(projectServices, eq(projectServices.id, allocations.serviceId))
    .where(and(eq(allocations.marketRoundId, project.marketRoundId), eq(allocations.projectId, project.id)));
  const paid = await paymentOf(db, project.marketRoundId, 'project', project.id);
  return {
    won: line.won,
    units: volumesOf(rows),
    amountPence: paid.amountPence,
    feesPence: paid.feesPence,
    reason: line.won
      ? null
      : (readableReason(line.reason, await roundNames(db, project.marketRoundId)) ??
        'Its offer was higher than any buyer would pay'),
  };
}

/** A requirement's own outcome of its accepted round; null before acceptance or when it was not in the clearing. */
export async function requirementOutcome(
  db: Queryable,
  requirement: { id: string; marketRoundId: string | null },
): Promise<ParticipantOutcome | null> {
  const task = await acceptedTask(db, requirement.marketRoundId);
  if (!task?.result || !requirement.marketRoundId) return null;
  const lines = task.result.requirements.filter(
    (r) => task.mapping.requirements[r.id]?.requirementId === requirement.id,
  );
  if (lines.length === 0) return null;
  const line = lines.find((r) => r.fill > 0) ?? lines[0];
  if (!line) return null;
  const rows = await db
    .select({
      creditType: projectServices.type,
      units: allocations.units,
      multiplier: allocations.multiplier,
    })
    .from(allocations)
    .innerJoin(projectServices, eq(projectServices.id, allocations.serviceId))
    .where(
      and(
        eq(allocations.marketRoundId, requirement.marketRoundId),
        eq(allocations.requirementId, requirement.id),
      ),
    );
  const paid = await paymentOf(db, requirement.marketRoundId, 'requirement', requirement.id);
  const partFilled = line.fill > 0 && line.fill < 1 - 1e-9;
  const reason =
    line.reason === null
      ? null
      : readableReason(line.reason, await roundNames(db, requirement.marketRoundId));
  return {
    won: line.fill > 0,
    units: volumesOf(rows),
    amountPence: paid.amountPence,
    feesPence: 0,
    reason:
      line.fill === 0
        ? (reason ?? 'No offer could meet it at its bid')
        : partFilled
          ? (reason ?? 'Only part of it could be met within its bid')
          : null,
  };
}
