import { clearingExclusionOf } from '@curlew/domain';
import { and, count, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/connect.ts';
import { projectCosts, projectSupply } from '../projects/projects.parts.ts';
import {
  findRoundProjectRecords,
  type ProjectRecord,
  type ProjectServiceRow,
  type ProjectServiceUnitsRow,
  servicesOf,
} from '../projects/projects.repo.ts';
import { projects } from '../projects/projects.tables.ts';
import { buyerCreditsOf, hasDevelopment, investorCreditsOf } from '../requirements/requirements.parts.ts';
import {
  bidsOf,
  findRoundRequirementRecords,
  type RequirementBidRow,
  type RequirementRecord,
} from '../requirements/requirements.repo.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import type { ClearingProject, ClearingRequirement, ClearingService } from './instance.types.ts';
import type { MatchRecordsLoader } from './start-match.ts';

const ref = (id: string | null) => (id === null ? null : { id });
const named = (id: string | null, name: string | null) =>
  id !== null && name !== null ? { id, name } : null;

/**
 * The round's projects and credit requirements as the clearing reads them (offers and bids included), every
 * status: the instance builder keeps what may enter and lists the rest with the reason. Sorted by id; read in a
 * fixed number of queries whatever their number.
 */
export const loadRoundRecords: MatchRecordsLoader = async (db: Queryable, roundId: string) => {
  const projectRecords = await findRoundProjectRecords(db, roundId);
  const servicesByProject = new Map<string, ClearingService[]>();
  for (const { service, units } of await servicesOf(
    db,
    projectRecords.map((record) => record.id),
  ))
    servicesByProject.set(service.projectId, [
      ...(servicesByProject.get(service.projectId) ?? []),
      clearingService(service, units),
    ]);
  const requirementRecords = await findRoundRequirementRecords(db, roundId);
  const bids = await bidsOf(
    db,
    requirementRecords.map((record) => record.id),
  );
  return {
    projects: projectRecords.map((record) => clearingProject(record, servicesByProject.get(record.id) ?? [])),
    requirements: requirementRecords.map((record) =>
      clearingRequirement(record, bids.get(record.id) ?? null),
    ),
  };
};

const clearingService = (service: ProjectServiceRow, units: ProjectServiceUnitsRow[]): ClearingService => ({
  id: service.id,
  type: service.type,
  status: service.status,
  module: service.module,
  broadHabitat: service.broadHabitat,
  habitatType: service.habitatType,
  distinctiveness: service.distinctiveness,
  mitigationDuration: service.mitigationDuration,
  years: service.years,
  unitsPerPeriod: units.map((row) => ({ start: row.start, units: row.units })),
});

/** A project's record as the clearing reads it: costs, supply and location only once each is complete. */
function clearingProject(record: ProjectRecord, services: ClearingService[]): ClearingProject {
  return {
    id: record.id,
    name: record.name,
    status: record.status,
    round: ref(record.marketRoundId),
    supplier: { id: record.supplierId, name: record.supplierName },
    type: named(record.typeId, record.typeName),
    offer: record.offer,
    clearingExclusion: clearingExclusionOf(record),
    costs: projectCosts(record),
    group:
      record.groupId !== null && record.groupName !== null && record.groupType !== null
        ? { id: record.groupId, name: record.groupName, type: record.groupType }
        : null,
    location:
      record.locationCreditTypes === null
        ? null
        : { lpa: ref(record.lpaId), nca: ref(record.ncaId), subcatchment: ref(record.subcatchmentId) },
    supply: projectSupply(record),
    services,
  };
}

/**
 * A requirement's record as the clearing reads it: a buyer's development once its credit type, planning reference,
 * redemption date, LPA and address are set; an investor's credits once units, redemption date, divisibility, module
 * and distinctiveness are, and its location once its LPA and NCA are.
 */
function clearingRequirement(record: RequirementRecord, bid: RequirementBidRow | null): ClearingRequirement {
  const isBuyer = record.type === 'Buyer';
  return {
    id: record.id,
    name: record.name,
    type: record.type,
    status: record.status,
    round: ref(record.marketRoundId),
    buyer: { id: record.buyerId, name: record.buyerName },
    bid:
      bid === null
        ? null
        : { bid: bid.bid, acceptOngoingOnly: bid.acceptOngoingOnly, bidOngoingOnly: bid.bidOngoingOnly },
    clearingExclusion: clearingExclusionOf(record),
    group: named(record.groupId, record.groupName),
    buyerCredits: buyerCreditsOf(record),
    development:
      hasDevelopment(record) && record.lpaId !== null
        ? {
            lpa: { id: record.lpaId },
            nca: ref(record.ncaId),
            subcatchment: ref(record.subcatchmentId),
            localOnly: record.localOnly,
          }
        : null,
    investorCredits: investorCreditsOf(record),
    location:
      !isBuyer && record.lpaId !== null && record.ncaId !== null
        ? { lpa: { id: record.lpaId }, nca: { id: record.ncaId } }
        : null,
  };
}

/** Why a round cannot be cleared yet: no Offered project, or no requirement with a bid; undefined when it can. */
export async function clearingRefusal(db: Queryable, roundId: string): Promise<string | undefined> {
  const [offered] = await db
    .select({ n: count() })
    .from(projects)
    .where(and(eq(projects.marketRoundId, roundId), eq(projects.status, 'Offered')));
  const [bid] = await db
    .select({ n: count() })
    .from(creditRequirements)
    .where(and(eq(creditRequirements.marketRoundId, roundId), eq(creditRequirements.status, 'Bid')));
  const offers = (offered?.n ?? 0) > 0;
  const bids = (bid?.n ?? 0) > 0;
  if (offers && bids) return undefined;
  if (!offers && !bids)
    return 'There are no offers and bids to clear: no project is offered and no credit requirement has a bid';
  return offers
    ? 'There are no bids to clear: no credit requirement of this round has a bid'
    : 'There are no offers to clear: no project of this round is offered';
}
