import {
  type EntityAction,
  type MarketRound,
  type MarketRoundStatus,
  type NamedReference,
  PARTICIPATION_CAPACITIES,
  type ParticipationCounts,
  REGISTRATION_PERIODS,
  REGISTRATION_STATUSES,
  type RoundDeclaration,
  type RoundSummary,
  roundLifecycle,
} from '@curlew/domain';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { selfLink } from '../../platform/actions/runner.ts';
import type { EntityKind, ScopeReader } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { participationScope } from '../participations/participations.scope.ts';
import { participations } from '../participations/participations.tables.ts';
import { projectScope } from '../projects/projects.scope.ts';
import { projects } from '../projects/projects.tables.ts';
import { lpas, ncas, projectTypes, standards, subcatchments } from '../refdata/refdata.tables.ts';
import { requirementScope } from '../requirements/requirements.scope.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import { findRoundFor, findRoundRecord, type RoundRecord, writeRoundStatus } from './rounds.repo.ts';
import type { RoundRelation } from './rounds.scope.ts';
import { marketRounds } from './rounds.tables.ts';

/** The market round entity for the action runner: `/round/{id}`. */
export const roundKind: EntityKind<RoundRecord, RoundRelation, MarketRoundStatus> = {
  entity: 'round',
  collection: 'rounds',
  noun: 'market round',
  load: findRoundRecord,
  loadFor: findRoundFor,
  idOf: (record) => record.id,
  lifecycle: {
    definition: roundLifecycle,
    statusOf: (record) => record.status,
    writeStatus: (tx, record, status, now) => writeRoundStatus(tx, record.id, status, now),
  },
  fields: (record) => ({
    name: record.name,
    services: [...record.services],
    standardIds: [...record.standardIds],
    projectTypeIds: [...record.projectTypeIds],
    ncaIds: [...record.ncaIds],
    lpaIds: [...record.lpaIds],
    subcatchmentIds: [...record.subcatchmentIds],
    bidderType: record.bidderType,
    ampEnd: record.ampEnd,
    percentage: record.reservePercentage,
    appliesTo: record.reserveAppliesTo,
    agreedWithEMB: record.reserveAgreedWithEMB,
  }),
};

type Named = { id: string; name: string };

async function namesOf(db: Queryable, records: readonly RoundRecord[]) {
  const all = (pick: (record: RoundRecord) => string[]) => [...new Set(records.flatMap(pick))];
  const read = async (
    table: typeof standards | typeof projectTypes | typeof ncas | typeof lpas | typeof subcatchments,
    ids: string[],
  ): Promise<Map<string, string>> => {
    if (ids.length === 0) return new Map();
    const rows: Named[] = await db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(inArray(table.id, ids));
    return new Map(rows.map((row) => [row.id, row.name]));
  };
  return {
    standards: await read(
      standards,
      all((record) => record.standardIds),
    ),
    projectTypes: await read(
      projectTypes,
      all((record) => record.projectTypeIds),
    ),
    ncas: await read(
      ncas,
      all((record) => record.ncaIds),
    ),
    lpas: await read(
      lpas,
      all((record) => record.lpaIds),
    ),
    subcatchments: await read(
      subcatchments,
      all((record) => record.subcatchmentIds),
    ),
  };
}

const named = (ids: readonly string[], names: Map<string, string>): NamedReference[] =>
  ids.flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [{ id, name }];
  });

const emptyCounts = (): ParticipationCounts =>
  Object.fromEntries(
    PARTICIPATION_CAPACITIES.map((capacity) => [
      capacity,
      Object.fromEntries(REGISTRATION_STATUSES.map((status) => [status, 0])),
    ]),
  ) as ParticipationCounts;

/**
 * The counts of several rounds as the actor may see them (the participations, projects and requirements in its scope: its own,
 * its clients'),
 * in one query for all of them.
 */
export async function roundSummaries(
  db: Queryable,
  actor: ScopeReader,
  roundIds: readonly string[],
): Promise<Map<string, RoundSummary>> {
  const summaries = new Map<string, RoundSummary>(
    roundIds.map((id) => [
      id,
      { participations: emptyCounts(), projects: 0, requirements: 0, offers: 0, bids: 0 },
    ]),
  );
  if (roundIds.length === 0) return summaries;
  const scope = participationScope(actor);
  const rows = await db
    .select({
      roundId: participations.marketRoundId,
      capacity: participations.capacity,
      status: participations.status,
      value: count(),
    })
    .from(participations)
    .where(and(inArray(participations.marketRoundId, [...roundIds]), scope.where))
    .groupBy(participations.marketRoundId, participations.capacity, participations.status);
  for (const row of rows) {
    const summary = summaries.get(row.roundId);
    if (summary) summary.participations[row.capacity][row.status] = row.value;
  }
  const supply = await db
    .select({
      roundId: projects.marketRoundId,
      projects: count(),
      offers: sql<number>`count(*) filter (where ${projects.status} = 'Offered')`.mapWith(Number),
    })
    .from(projects)
    // The join makes Drizzle qualify every column, so the scope's subqueries read the project's own round.
    .innerJoin(marketRounds, eq(marketRounds.id, projects.marketRoundId))
    .where(and(inArray(projects.marketRoundId, [...roundIds]), projectScope(actor).where))
    .groupBy(projects.marketRoundId);
  for (const row of supply) {
    const summary = row.roundId === null ? undefined : summaries.get(row.roundId);
    if (!summary) continue;
    summary.projects = row.projects;
    summary.offers = row.offers;
  }
  const demand = await db
    .select({
      roundId: creditRequirements.marketRoundId,
      requirements: count(),
      bids: sql<number>`count(*) filter (where ${creditRequirements.status} = 'Bid')`.mapWith(Number),
    })
    .from(creditRequirements)
    .innerJoin(marketRounds, eq(marketRounds.id, creditRequirements.marketRoundId))
    .where(and(inArray(creditRequirements.marketRoundId, [...roundIds]), requirementScope(actor).where))
    .groupBy(creditRequirements.marketRoundId);
  for (const row of demand) {
    const summary = row.roundId === null ? undefined : summaries.get(row.roundId);
    if (!summary) continue;
    summary.requirements = row.requirements;
    summary.bids = row.bids;
  }
  return summaries;
}

/** The round's counts as the actor may see them: the participations, projects and requirements in its scope (its own, its clients'). */
export async function roundSummary(
  db: Queryable,
  actor: ScopeReader,
  roundId: string,
): Promise<RoundSummary> {
  const summary = (await roundSummaries(db, actor, [roundId])).get(roundId);
  if (!summary) throw new Error('A round summary is always answered for the round asked');
  return summary;
}

/** Rounds as the API answers them (reference names resolved in one pass). */
export async function presentRounds(
  db: Queryable,
  items: readonly {
    record: RoundRecord;
    actions: EntityAction[];
    declarations: RoundDeclaration[];
    summary: RoundSummary;
  }[],
): Promise<MarketRound[]> {
  const names = await namesOf(
    db,
    items.map((item) => item.record),
  );
  return items.map(({ record, actions, declarations, summary }) => ({
    id: record.id,
    self: selfLink('round', record.id),
    market: { id: record.marketId, name: record.marketName, self: selfLink('market', record.marketId) },
    name: record.name,
    status: record.status,
    services: [...record.services],
    standards: named(record.standardIds, names.standards),
    projectTypes: named(record.projectTypeIds, names.projectTypes),
    ncas: named(record.ncaIds, names.ncas),
    lpas: named(record.lpaIds, names.lpas),
    subcatchments: named(record.subcatchmentIds, names.subcatchments),
    bidderType: record.bidderType,
    ampEnd: record.ampEnd,
    registrationDates: Object.fromEntries(
      REGISTRATION_PERIODS.map((period) => [period, record.registrationDates[period] ?? null]),
    ) as MarketRound['registrationDates'],
    reserve:
      record.reservePercentage === null || record.reserveAppliesTo === null
        ? null
        : {
            percentage: record.reservePercentage,
            appliesTo: record.reserveAppliesTo,
            agreedWithEMB: record.reserveAgreedWithEMB,
          },
    declarations,
    summary,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    actions,
  }));
}
