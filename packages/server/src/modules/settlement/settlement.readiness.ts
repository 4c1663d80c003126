import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/connect.ts';
import { projects } from '../projects/projects.tables.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import { hasReached, type ProjectStage, supplyingProjectIds } from './settlement.ledger.ts';
import { balancingShortfalls } from './settlement.tables.ts';

const SHOWN = 5;

/** Names as a phrase: 'A', 'A and B', 'A, B and C', at most five and then 'and 3 more'. */
function namesPhrase(names: readonly string[]): string {
  const shown = names.slice(0, SHOWN);
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

const WORDS: Record<ProjectStage, string> = { Contracted: 'contracted', Verified: 'verified' };

/**
 * Why a requirement's rights cannot be allocated (stage Contracted) or its credits issued (stage Verified) yet: the
 * projects supplying it (through allocations not failed) that have not reached the stage, named, or nothing left when
 * all its supply failed and balancing could not replace it; undefined when it may go on.
 */
export async function suppliersRefusal(
  db: Queryable,
  requirementId: string,
  stage: ProjectStage,
): Promise<string | undefined> {
  const ids = (await supplyingProjectIds(db, [requirementId])).get(requirementId) ?? [];
  if (ids.length === 0) {
    const [short] = await db
      .select({ id: balancingShortfalls.id })
      .from(balancingShortfalls)
      .where(eq(balancingShortfalls.requirementId, requirementId))
      .limit(1);
    return short === undefined
      ? undefined
      : `Nothing is left to ${stage === 'Contracted' ? 'allocate' : 'issue'}: its supplying projects failed and the reserve could not replace their credits`;
  }
  const rows = await db
    .select({ name: projects.name, status: projects.status })
    .from(projects)
    .where(inArray(projects.id, ids))
    .orderBy(asc(projects.name));
  const behind = rows.filter((row) => !hasReached(row.status, stage)).map((row) => row.name);
  if (behind.length === 0) return undefined;
  const what = stage === 'Contracted' ? 'rights are allocated' : 'credits are issued';
  return `Every supplying project must be ${WORDS[stage]} before ${what}: ${namesPhrase(behind)} ${
    behind.length === 1 ? 'is' : 'are'
  } not ${WORDS[stage]} yet`;
}

/**
 * Why a round cannot be settled yet: its winning projects not contracted and its matched requirements without their
 * rights allocated, named; undefined when it may be settled.
 */
export async function settleRefusal(db: Queryable, roundId: string): Promise<string | undefined> {
  const waitingProjects = await db
    .select({ name: projects.name })
    .from(projects)
    .where(and(eq(projects.marketRoundId, roundId), eq(projects.status, 'Matched')))
    .orderBy(asc(projects.name));
  const waitingRequirements = await db
    .select({ name: creditRequirements.name })
    .from(creditRequirements)
    .where(and(eq(creditRequirements.marketRoundId, roundId), eq(creditRequirements.status, 'RightsCreated')))
    .orderBy(asc(creditRequirements.name));
  const parts = [
    waitingProjects.length === 0
      ? undefined
      : `${namesPhrase(waitingProjects.map((row) => row.name))} ${
          waitingProjects.length === 1 ? 'is' : 'are'
        } not contracted yet`,
    waitingRequirements.length === 0
      ? undefined
      : `the rights of ${namesPhrase(waitingRequirements.map((row) => row.name))} are not allocated yet`,
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? undefined : `The round cannot be settled: ${parts.join('; ')}`;
}
