import { CREDIT_TYPES, type CreditType, type CreditVolume, type ParticipantOutcome } from '@curlew/domain';
import type { ClearingResult } from '@curlew/matching';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { chunksOf } from '../../platform/db/chunks.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { projectServices } from '../projects/projects.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { allocations, payments } from './match.tables.ts';
import { readableReason, roundNames } from './reason-names.ts';
import { latestTaskResult } from './tasks.ts';

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

/** The accepted result of a round and its engine-to-record mapping; null before acceptance or without a result. */
async function acceptedResult(db: Queryable, roundId: string) {
  const [round] = await db
    .select({ status: marketRounds.status })
    .from(marketRounds)
    .where(eq(marketRounds.id, roundId));
  if (!round || !ACCEPTED.has(round.status)) return null;
  const task = await latestTaskResult(db, roundId);
  return task?.status === 'Succeeded' && task.result ? { result: task.result, mapping: task.mapping } : null;
}

/** Rows of allocations or payments of a round for many parties, read in chunks and grouped by party id. */
async function byParty<Row>(
  ids: readonly string[],
  read: (chunk: string[]) => Promise<(Row & { partyId: string })[]>,
): Promise<Map<string, Row[]>> {
  const grouped = new Map<string, Row[]>();
  for (const chunk of chunksOf([...new Set(ids)])) {
    for (const row of await read(chunk)) grouped.set(row.partyId, [...(grouped.get(row.partyId) ?? []), row]);
  }
  return grouped;
}

/** The projects' and requirements' own outcomes of their accepted round, by id; none before acceptance. */
interface RoundOutcomes {
  projects: Map<string, ParticipantOutcome>;
  requirements: Map<string, ParticipantOutcome>;
}

/**
 * The own outcomes of some of a round's projects and requirements, read together: the accepted result once, their
 * allocations and payments in a statement per thousand records, and the names reasons mention only when one does.
 * A record that was not in the clearing has no outcome.
 */
export async function outcomesOf(
  db: Queryable,
  roundId: string,
  ids: { projectIds: readonly string[]; requirementIds: readonly string[] },
): Promise<RoundOutcomes> {
  const outcomes: RoundOutcomes = { projects: new Map(), requirements: new Map() };
  const accepted = await acceptedResult(db, roundId);
  if (!accepted) return outcomes;
  const { result, mapping } = accepted;
  let names: Map<string, string> | undefined;
  const readable = async (reason: string | null) => {
    if (reason === null) return null;
    names = names ?? (await roundNames(db, roundId));
    return readableReason(reason, names);
  };

  const projectLines = new Map(result.projects.map((line) => [line.id, line]));
  const projectIds = ids.projectIds.filter((id) => projectLines.has(id));
  const requirementLines = new Map<string, ClearingResult['requirements'][number][]>();
  for (const line of result.requirements) {
    const recordId = mapping.requirements[line.id]?.requirementId;
    if (recordId !== undefined)
      requirementLines.set(recordId, [...(requirementLines.get(recordId) ?? []), line]);
  }
  const requirementIds = ids.requirementIds.filter((id) => requirementLines.has(id));

  const allocated = (party: 'project' | 'requirement') => async (chunk: string[]) => {
    const partyColumn = party === 'project' ? allocations.projectId : allocations.requirementId;
    return db
      .select({
        partyId: partyColumn,
        creditType: projectServices.type,
        units: allocations.units,
        multiplier: party === 'project' ? sql<number>`1`.mapWith(Number) : allocations.multiplier,
      })
      .from(allocations)
      .innerJoin(projectServices, eq(projectServices.id, allocations.serviceId))
      .where(and(eq(allocations.marketRoundId, roundId), inArray(partyColumn, chunk)));
  };
  const paid = (party: 'project' | 'requirement') => (chunk: string[]) =>
    db
      .select({ partyId: payments.partyId, amountPence: payments.amountPence, feesPence: payments.feesPence })
      .from(payments)
      .where(
        and(eq(payments.marketRoundId, roundId), eq(payments.party, party), inArray(payments.partyId, chunk)),
      );

  const projectUnits = await byParty(projectIds, allocated('project'));
  const projectPayments = await byParty(projectIds, paid('project'));
  for (const id of projectIds) {
    const line = projectLines.get(id);
    if (!line) continue;
    const payment = projectPayments.get(id)?.[0];
    outcomes.projects.set(id, {
      won: line.won,
      units: volumesOf(projectUnits.get(id) ?? []),
      amountPence: payment?.amountPence ?? 0,
      feesPence: payment?.feesPence ?? 0,
      reason: line.won
        ? null
        : ((await readable(line.reason)) ?? 'Its offer was higher than any buyer would pay'),
    });
  }

  const requirementUnits = await byParty(requirementIds, allocated('requirement'));
  const requirementPayments = await byParty(requirementIds, paid('requirement'));
  for (const id of requirementIds) {
    const lines = requirementLines.get(id) ?? [];
    // A requirement with an ongoing-only alternative has two lines: the one that filled tells its outcome.
    const line = lines.find((candidate) => candidate.fill > 0) ?? lines[0];
    if (!line) continue;
    const partFilled = line.fill > 0 && line.fill < 1 - 1e-9;
    const reason = await readable(line.reason);
    outcomes.requirements.set(id, {
      won: line.fill > 0,
      units: volumesOf(requirementUnits.get(id) ?? []),
      amountPence: requirementPayments.get(id)?.[0]?.amountPence ?? 0,
      feesPence: 0,
      reason:
        line.fill === 0
          ? (reason ?? 'No offer could meet it at its bid')
          : partFilled
            ? (reason ?? 'Only part of it could be met within its bid')
            : null,
    });
  }
  return outcomes;
}

/** A project's own outcome of its accepted round; null before acceptance or when it was not in the clearing. */
export async function projectOutcome(
  db: Queryable,
  project: { id: string; marketRoundId: string | null },
): Promise<ParticipantOutcome | null> {
  if (!project.marketRoundId) return null;
  const { projects } = await outcomesOf(db, project.marketRoundId, {
    projectIds: [project.id],
    requirementIds: [],
  });
  return projects.get(project.id) ?? null;
}

/** A requirement's own outcome of its accepted round; null before acceptance or when it was not in the clearing. */
export async function requirementOutcome(
  db: Queryable,
  requirement: { id: string; marketRoundId: string | null },
): Promise<ParticipantOutcome | null> {
  if (!requirement.marketRoundId) return null;
  const { requirements } = await outcomesOf(db, requirement.marketRoundId, {
    projectIds: [],
    requirementIds: [requirement.id],
  });
  return requirements.get(requirement.id) ?? null;
}
