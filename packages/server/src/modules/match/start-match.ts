import { firstDeliveryYear, type MarketRoundStatus } from '@curlew/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { activity } from '../../platform/actions/activity.tables.ts';
import { notFoundInScope, type TransitionActor, transition } from '../../platform/actions/status.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Queryable, Transaction } from '../../platform/db/connect.ts';
import { markets } from '../markets/markets.tables.ts';
import { ncaNeighbourPairsAmong } from '../refdata/nca-neighbours.ts';
import { lpas } from '../refdata/refdata.tables.ts';
import { roundKind } from '../rounds/rounds.kind.ts';
import { buildInstance } from './instance.ts';
import type {
  BuiltInstance,
  ClearingProject,
  ClearingRequirement,
  LpaAdjacency,
  MatchRound,
} from './instance.types.ts';
import type { SolverTaskRow } from './match.tables.ts';
import { enqueueSolverTask } from './tasks.ts';

/** The round's projects and requirements as the clearing reads them, offers and bids included. */
export type MatchRecordsLoader = (
  db: Queryable,
  roundId: string,
) => Promise<{ projects: ClearingProject[]; requirements: ClearingRequirement[] }>;

/** When the round last moved to `status`, from its trail; null when it never did. */
export async function roundMovedAt(
  db: Queryable,
  roundId: string,
  status: MarketRoundStatus,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: activity.at })
    .from(activity)
    .where(
      and(
        eq(activity.subjectType, roundKind.entity),
        eq(activity.subjectId, roundId),
        eq(activity.statusAfter, status),
      ),
    )
    .orderBy(desc(activity.at))
    .limit(1);
  return row?.at ?? null;
}

/**
 * What the instance builder needs of a round: its services, reserve, AMP end and time limit, the market's buyer
 * share k, and the first delivery year (the year after bids and offers closed, from the round's trail; the year
 * after `now` while they have not closed).
 */
export async function loadMatchRound(db: Queryable, roundId: string, now: Date): Promise<MatchRound> {
  const round = await roundKind.load(db, roundId);
  if (!round) throw notFoundInScope(roundKind.noun);
  const [market] = await db
    .select({ buyerShareOfSurplus: markets.buyerShareOfSurplus })
    .from(markets)
    .where(eq(markets.id, round.marketId));
  const closedAt = await roundMovedAt(db, roundId, 'ClosedForBidsAndOffers');
  return {
    id: round.id,
    services: round.services,
    firstDeliveryYear: firstDeliveryYear(closedAt ?? now),
    ampEnd: round.ampEnd,
    reserve:
      round.reservePercentage !== null && round.reserveAppliesTo !== null
        ? { percentage: round.reservePercentage, appliesTo: round.reserveAppliesTo }
        : null,
    buyerShareOfSurplus: market?.buyerShareOfSurplus ?? 0.5,
    timeLimitSeconds: round.solverTimeLimitSeconds,
  };
}

/** The LPA adjacency of the reference data for the LPAs named (by id), neighbours by code. */
export async function loadLpaAdjacency(db: Queryable, lpaIds: readonly string[]): Promise<LpaAdjacency[]> {
  const ids = [...new Set(lpaIds)];
  if (ids.length === 0) return [];
  return db
    .select({ id: lpas.id, code: lpas.code, neighbourCodes: lpas.neighbourCodes })
    .from(lpas)
    .where(inArray(lpas.id, ids));
}

/** Builds a round's INSTANCE from the records `load` answers (the Match action's first step, outside a transaction). */
export async function buildRoundInstance(
  db: Queryable,
  roundId: string,
  now: Date,
  load: MatchRecordsLoader,
): Promise<{ round: MatchRound; built: BuiltInstance }> {
  const round = await loadMatchRound(db, roundId, now);
  const { projects, requirements } = await load(db, roundId);
  return {
    round,
    built: buildInstance(
      round,
      projects,
      requirements,
      await recordsLpaAdjacency(db, projects, requirements),
      await recordsNcaNeighbours(db, projects, requirements),
    ),
  };
}

/** The LPA adjacency of the LPAs where the projects and the requirements' developments or locations are. */
export async function recordsLpaAdjacency(
  db: Queryable,
  projects: readonly ClearingProject[],
  requirements: readonly ClearingRequirement[],
): Promise<LpaAdjacency[]> {
  const lpaIds = [
    ...projects.flatMap((p) => (p.location?.lpa ? [p.location.lpa.id] : [])),
    ...requirements.flatMap((r) =>
      [r.development?.lpa.id, r.location?.lpa.id].filter((id) => id !== undefined),
    ),
  ];
  return loadLpaAdjacency(db, lpaIds);
}

/** The pairs of neighbouring NCAs (by id) among the NCAs of the projects and the requirements' places. */
export async function recordsNcaNeighbours(
  db: Queryable,
  projects: readonly ClearingProject[],
  requirements: readonly ClearingRequirement[],
): Promise<[string, string][]> {
  const ncaIds = [
    ...projects.flatMap((p) => (p.location?.nca ? [p.location.nca.id] : [])),
    ...requirements.flatMap((r) =>
      [r.development?.nca?.id, r.location?.nca?.id].filter((id) => id !== undefined),
    ),
  ];
  return ncaNeighbourPairsAmong(db, ncaIds);
}

/**
 * Stores the queued task clearing `built.instance` with the round's time limit, in `tx`: what the Match action's
 * handler calls inside its own transaction (where the action runner moves the round to Matching).
 */
export async function queueMatch(
  tx: Transaction,
  round: Pick<MatchRound, 'id' | 'timeLimitSeconds'>,
  built: BuiltInstance,
  now: Date,
): Promise<SolverTaskRow> {
  return enqueueSolverTask(tx, { roundId: round.id, built, timeLimitSeconds: round.timeLimitSeconds, now });
}

/**
 * Starts clearing a round: stores its solver task (queued; a runner of any server process takes it up) and moves
 * the round to Matching, in one transaction. 409 when the round may not be matched in its status.
 */
export async function startMatch(
  deps: { db: Database; clock: Clock },
  roundId: string,
  built: BuiltInstance,
  by: TransitionActor = 'system',
): Promise<SolverTaskRow> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const round = await loadMatchRound(tx, roundId, now);
    await transition(tx, roundKind, roundId, 'Matching', by, {
      action: 'Match',
      title: 'Match bids and offers',
      now,
    });
    return queueMatch(tx, round, built, now);
  });
}
