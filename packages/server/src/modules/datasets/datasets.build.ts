import {
  ROUND_DATASET_FORMATS,
  ROUND_DATASET_NAMES,
  type RoundDatasetFormat,
  type RoundDatasetName,
} from '@curlew/domain';
import type { ClearingResult } from '@curlew/matching';
import { buildInstance } from '../match/instance.ts';
import type {
  BuiltInstance,
  ClearingProject,
  ClearingRequirement,
  LpaAdjacency,
  MatchRound,
} from '../match/instance.types.ts';
import { WINNERS_COLUMNS, winnersLines } from '../match/winners.csv.ts';

/** The data sets of a round the operator downloads (SPEC 3 "Data sets"). */
export const DATASET_NAMES = ROUND_DATASET_NAMES;
/** A data set's name. */
export type DatasetName = RoundDatasetName;
/** The file formats a data set is downloaded in. */
export const DATASET_FORMATS = ROUND_DATASET_FORMATS;
/** A data set's file format. */
export type DatasetFormat = RoundDatasetFormat;

/** A cell of a data set: text, a number or nothing. */
export type Cell = string | number | boolean | null;
/** A data set: its columns and rows, in the order they are written. */
export interface Dataset {
  name: DatasetName;
  columns: string[];
  rows: Cell[][];
}

/** The suppliers data set's columns before the yearly units (`units{year}` follow, one per year of the round). */
export const SUPPLIER_COLUMNS = [
  'projectId',
  'project',
  'supplierId',
  'supplier',
  'projectType',
  'serviceId',
  'creditType',
  'module',
  'broadHabitat',
  'habitatType',
  'distinctiveness',
  'permanent',
  'lpa',
  'nca',
  'subcatchment',
  'group',
  'groupType',
  'offer',
  'fees',
  'price',
] as const;

/** The buyers' and investors' data sets' columns before the yearly units. */
export const REQUIREMENT_COLUMNS = [
  'requirementId',
  'requirement',
  'bidderId',
  'bidder',
  'creditType',
  'module',
  'broadHabitat',
  'habitatType',
  'distinctiveness',
  'lpa',
  'nca',
  'subcatchment',
  'localOnly',
  'divisible',
  'ongoingOnly',
  'group',
  'bid',
] as const;

/** The participant data set's columns. */
const PARTICIPANT_COLUMNS = [
  'organisationId',
  'organisation',
  'csvId',
  'capacity',
  'status',
  'agent',
  'contact',
  'email',
  'phone',
] as const;

/** One participation of the round with its organisation, as the participant data set lists it. */
export interface ParticipantRow {
  organisationId: string;
  organisation: string;
  csvId: string | null;
  capacity: string;
  status: string;
  agent: string | null;
  contact: string | null;
  email: string | null;
  phone: string | null;
}

const yearColumns = (round: MatchRound, years: number) =>
  Array.from({ length: years }, (_, i) => `units${round.firstDeliveryYear + i}`);

const fees = (project: ClearingProject) =>
  project.costs
    ? project.costs.marketOperator + project.costs.complianceMonitoring + project.costs.performanceMonitoring
    : 0;

/**
 * What an unset offer or bid stands at in the candidate instance: the smallest amount the money rule takes (one
 * penny), so a record waiting for its offer or bid is judged on everything else. The data sets never show it.
 */
const UNSET_AMOUNT = 0.01;

/**
 * The round as an outside solver reads it: its projects that are or may be offered (Certified or Offered) and its
 * requirements that have or may get a bid (Registered or Bid), built by the same instance builder as Match (a
 * missing offer or bid is taken as one penny and written blank), so units per year, places and groups are exactly what the
 * clearing uses and the ids are those a winners file names.
 */
export function candidateInstance(
  round: MatchRound,
  projects: readonly ClearingProject[],
  requirements: readonly ClearingRequirement[],
  lpas: readonly LpaAdjacency[],
  ncaPairs: readonly (readonly [string, string])[] = [],
): BuiltInstance {
  const asOffered = projects
    .filter((p) => p.status === 'Certified' || p.status === 'Offered')
    .map((p) => ({ ...p, status: 'Offered' as const, offer: p.offer ?? UNSET_AMOUNT }));
  const asBid = requirements
    .filter((r) => r.status === 'Registered' || r.status === 'Bid')
    .map((r) => ({
      ...r,
      status: 'Bid' as const,
      bid: r.bid ?? {
        bid: UNSET_AMOUNT,
        acceptOngoingOnly: r.buyerCredits?.nutrientAcceptOngoingOnly === true,
        bidOngoingOnly: r.buyerCredits?.nutrientAcceptOngoingOnly === true ? UNSET_AMOUNT : null,
      },
    }));
  return buildInstance(round, asOffered, asBid, lpas, ncaPairs);
}

/** The suppliers data set: one row per project service that can be sold, the supplier's offer blank when unset. */
export function suppliersDataset(
  round: MatchRound,
  built: BuiltInstance,
  projects: readonly ClearingProject[],
): Dataset {
  const byId = new Map(projects.map((p) => [p.id, p]));
  const rows: Cell[][] = [];
  for (const engine of built.instance.projects) {
    const project = byId.get(engine.id);
    if (!project) continue;
    const offer = project.offer ?? null;
    engine.credits.forEach((credit, index) => {
      rows.push([
        project.id,
        project.name,
        project.supplier.id,
        project.supplier.name,
        project.type?.name ?? null,
        built.credits[engine.id]?.[index] ?? null,
        credit.type,
        credit.module ?? null,
        credit.broadHabitat ?? null,
        credit.habitatType ?? null,
        credit.distinctiveness ?? null,
        credit.permanent,
        engine.lpa ?? null,
        engine.nca ?? null,
        engine.subcatchment ?? null,
        project.group?.name ?? null,
        project.group?.type ?? null,
        offer,
        fees(project),
        offer === null ? null : offer + fees(project),
        ...padUnits(credit.units, built.instance.years),
      ]);
    });
  }
  return {
    name: 'suppliers',
    columns: [...SUPPLIER_COLUMNS, ...yearColumns(round, built.instance.years)],
    rows,
  };
}

const padUnits = (units: readonly number[], years: number): Cell[] =>
  Array.from({ length: years }, (_, i) => units[i] ?? (units.length === 1 ? null : 0));

/**
 * The buyers' (or investors') data set: one row per requirement entry of the clearing, the ongoing-only
 * alternative of a buyer's nutrient requirement on its own row (`ongoingOnly` true, its id `{id}/ongoing-only`);
 * the bid blank when unset.
 */
export function requirementsDataset(
  name: 'buyers' | 'investors',
  round: MatchRound,
  built: BuiltInstance,
  requirements: readonly ClearingRequirement[],
): Dataset {
  const byId = new Map(requirements.map((r) => [r.id, r]));
  const rows: Cell[][] = [];
  for (const engine of built.instance.requirements) {
    const target = built.requirements[engine.id];
    const requirement = target ? byId.get(target.requirementId) : undefined;
    if (!target || !requirement || (requirement.type === 'Buyer') !== (name === 'buyers')) continue;
    const bid = requirement.bid ?? null;
    const amount = bid === null ? null : target.ongoingOnly ? bid.bidOngoingOnly : bid.bid;
    rows.push([
      engine.id,
      requirement.name,
      requirement.buyer.id,
      requirement.buyer.name,
      engine.type,
      engine.module ?? null,
      engine.broadHabitat ?? null,
      engine.habitatType ?? null,
      engine.distinctiveness ?? null,
      engine.lpa ?? null,
      engine.nca ?? null,
      engine.subcatchment ?? null,
      engine.localOnly,
      engine.divisible,
      engine.ongoingOnly,
      requirement.group?.name ?? null,
      amount,
      ...padUnits(engine.units, built.instance.years),
    ]);
  }
  return { name, columns: [...REQUIREMENT_COLUMNS, ...yearColumns(round, built.instance.years)], rows };
}

/** The participant data set: every participation of the round with its organisation's contact details. */
export const participantsDataset = (participants: readonly ParticipantRow[]): Dataset => ({
  name: 'participants',
  columns: [...PARTICIPANT_COLUMNS],
  rows: participants.map((p) => PARTICIPANT_COLUMNS.map((column) => p[column])),
});

/** The winners data set: the latest result's deliveries as the winners file ImportMatch reads. */
export const winnersDataset = (
  result: ClearingResult,
  built: Omit<BuiltInstance, 'instance'>,
  firstDeliveryYear: number,
): Dataset => ({
  name: 'winners',
  columns: [...WINNERS_COLUMNS],
  rows: winnersLines(result, built, firstDeliveryYear),
});
