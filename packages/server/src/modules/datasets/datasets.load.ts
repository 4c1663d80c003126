import { aliasedTable, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError } from '../../platform/errors.ts';
import type {
  BuiltInstance,
  ClearingProject,
  ClearingRequirement,
  MatchRound,
} from '../match/instance.types.ts';
import { loadRoundRecords } from '../match/match.records.ts';
import { loadMatchRound, recordsLpaAdjacency, recordsNcaNeighbours } from '../match/start-match.ts';
import { latestTaskOfRound } from '../match/tasks.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { participations } from '../participations/participations.tables.ts';
import {
  candidateInstance,
  type Dataset,
  type DatasetName,
  type ParticipantRow,
  participantsDataset,
  requirementsDataset,
  suppliersDataset,
  winnersDataset,
} from './datasets.build.ts';

/** The refusal of the winners data set before a result. */
const NO_WINNERS_YET = 'This round has no matching result yet, so there are no winners to download';

/** Every participation of a round with its organisation and agent, by organisation name and capacity. */
async function participantRows(db: Queryable, roundId: string): Promise<ParticipantRow[]> {
  const agents = aliasedTable(organisations, 'agents');
  return db
    .select({
      organisationId: organisations.id,
      organisation: organisations.name,
      csvId: organisations.csvId,
      capacity: participations.capacity,
      status: participations.status,
      agent: agents.name,
      contact: organisations.contact,
      email: organisations.email,
      phone: organisations.phone,
    })
    .from(participations)
    .innerJoin(organisations, eq(organisations.id, participations.organisationId))
    .leftJoin(agents, eq(agents.id, participations.agentOrganisationId))
    .where(eq(participations.marketRoundId, roundId))
    .orderBy(asc(organisations.name), asc(participations.capacity), asc(participations.id));
}

/**
 * One data set of a round, read as the operator sees it (offers and bids included). The winners data set needs a
 * result (409 otherwise): the latest task's, pending review or accepted.
 */
export async function loadDataset(
  db: Queryable,
  roundId: string,
  name: DatasetName,
  now: Date,
): Promise<Dataset> {
  if (name === 'participants') return participantsDataset(await participantRows(db, roundId));
  if (name === 'winners') {
    const task = await latestTaskOfRound(db, roundId);
    if (task?.status !== 'Succeeded' || !task.result) throw new AppError('invalid_status', NO_WINNERS_YET);
    const round = await loadMatchRound(db, roundId, now);
    return winnersDataset(task.result, task.mapping, round.firstDeliveryYear);
  }
  const { round, built, projects, requirements } = await loadCandidates(db, roundId, now);
  if (name === 'suppliers') return suppliersDataset(round, built, projects);
  return requirementsDataset(name, round, built, requirements);
}

/** A round's records that are or may be in its clearing, and their candidate instance (`candidateInstance`). */
export interface RoundCandidates {
  round: MatchRound;
  built: BuiltInstance;
  projects: ClearingProject[];
  requirements: ClearingRequirement[];
}

/** Reads a round's records as the clearing reads them and builds their candidate instance. */
export async function loadCandidates(db: Queryable, roundId: string, now: Date): Promise<RoundCandidates> {
  const round = await loadMatchRound(db, roundId, now);
  const { projects, requirements } = await loadRoundRecords(db, roundId);
  const built = candidateInstance(
    round,
    projects,
    requirements,
    await recordsLpaAdjacency(db, projects, requirements),
    await recordsNcaNeighbours(db, projects, requirements),
  );
  return { round, built, projects, requirements };
}
