import type { CreditRequirement, Project } from '@curlew/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/connect.ts';
import { presentProject } from '../projects/projects.present.ts';
import { findProjectRecord } from '../projects/projects.repo.ts';
import { projects } from '../projects/projects.tables.ts';
import { presentRequirement } from '../requirements/requirements.present.ts';
import { creditsOf, findBid, findRequirementRecord } from '../requirements/requirements.repo.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import type { MatchRecordsLoader } from './start-match.ts';

const OPERATOR = { relation: 'operator', permissions: [] } as const;

/**
 * The round's projects and credit requirements as the operator reads them on `GET /api/project/{id}` and
 * `GET /api/requirement/{id}` (offers and bids included), every status: the instance builder keeps what may
 * enter and lists the rest with the reason. Sorted by id.
 */
export const loadRoundRecords: MatchRecordsLoader = async (db: Queryable, roundId: string) => {
  const projectIds = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.marketRoundId, roundId))
    .orderBy(asc(projects.id));
  const requirementIds = await db
    .select({ id: creditRequirements.id })
    .from(creditRequirements)
    .where(eq(creditRequirements.marketRoundId, roundId))
    .orderBy(asc(creditRequirements.id));
  const presentedProjects: Project[] = [];
  for (const { id } of projectIds) {
    const record = await findProjectRecord(db, id);
    if (record) presentedProjects.push(await presentProject(db, record, OPERATOR, []));
  }
  const credits = await creditsOf(
    db,
    requirementIds.map((row) => row.id),
  );
  const presentedRequirements: CreditRequirement[] = [];
  for (const { id } of requirementIds) {
    const record = await findRequirementRecord(db, id);
    if (!record) continue;
    presentedRequirements.push(
      presentRequirement(record, {
        credits: credits.get(id) ?? [],
        documents: [],
        bid: (await findBid(db, id)) ?? null,
        actions: [],
        now: new Date(0),
      }),
    );
  }
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
