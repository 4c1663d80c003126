import type { CreditRequirement } from '@curlew/domain';
import { and, count, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/connect.ts';
import { presentProjects } from '../projects/projects.present.ts';
import { findRoundProjectRecords } from '../projects/projects.repo.ts';
import { projects } from '../projects/projects.tables.ts';
import { presentRequirement } from '../requirements/requirements.present.ts';
import { bidsOf, creditsOf, findRoundRequirementRecords } from '../requirements/requirements.repo.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import type { MatchRecordsLoader } from './start-match.ts';

const OPERATOR = { relation: 'operator', permissions: [] } as const;

/**
 * The round's projects and credit requirements as the operator reads them on `GET /api/project/{id}` and
 * `GET /api/requirement/{id}` (offers and bids included), every status: the instance builder keeps what may
 * enter and lists the rest with the reason. Sorted by id; read in a fixed number of queries whatever their number.
 */
export const loadRoundRecords: MatchRecordsLoader = async (db: Queryable, roundId: string) => {
  const projectRecords = await findRoundProjectRecords(db, roundId);
  const presentedProjects = await presentProjects(db, projectRecords, OPERATOR);
  const requirementRecords = await findRoundRequirementRecords(db, roundId);
  const ids = requirementRecords.map((record) => record.id);
  const credits = await creditsOf(db, ids);
  const bids = await bidsOf(db, ids);
  const presentedRequirements: CreditRequirement[] = requirementRecords.map((record) =>
    presentRequirement(record, {
      credits: credits.get(record.id) ?? [],
      documents: [],
      bid: bids.get(record.id) ?? null,
      actions: [],
      now: new Date(0),
    }),
  );
  return { projects: presentedProjects, requirements: presentedRequirements };
};

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
