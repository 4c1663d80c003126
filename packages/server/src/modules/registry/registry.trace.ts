import type { CreditTrace, TraceSource } from '@curlew/domain';
import { asc, eq } from 'drizzle-orm';
import type { ScopeReader } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { allocations } from '../match/match.tables.ts';
import { projects } from '../projects/projects.tables.ts';
import { lpas, ncas } from '../refdata/refdata.tables.ts';
import { creditEvents } from '../settlement/settlement.tables.ts';
import { findCredit, named, presentCredits, replaced, replacedProjects, units2 } from './registry.repo.ts';

/**
 * A credit the reader may see, traced from its sites (each supplying project service with its location and its
 * allocations by year, failed ones and their reserve replacements included) to its development; undefined outside
 * the reader's scope.
 */
export async function traceCredit(
  db: Queryable,
  actor: ScopeReader,
  id: string,
): Promise<CreditTrace | undefined> {
  const row = await findCredit(db, actor, id);
  if (row === undefined) return undefined;
  const [credit] = await presentCredits(db, [row]);
  if (credit === undefined) return undefined;
  const rows = await db
    .select({
      serviceId: allocations.serviceId,
      projectId: projects.id,
      projectName: projects.name,
      projectStatus: projects.status,
      lpaId: lpas.id,
      lpaName: lpas.name,
      ncaId: ncas.id,
      ncaName: ncas.name,
      gridReference: projects.gridReference,
      year: allocations.year,
      units: allocations.units,
      origin: allocations.origin,
      failedAt: allocations.failedAt,
      replacesId: replacedProjects.id,
      replacesName: replacedProjects.name,
    })
    .from(allocations)
    .innerJoin(projects, eq(projects.id, allocations.projectId))
    .leftJoin(lpas, eq(lpas.id, projects.lpaId))
    .leftJoin(ncas, eq(ncas.id, projects.ncaId))
    .leftJoin(replaced, eq(replaced.id, allocations.replacesAllocationId))
    .leftJoin(replacedProjects, eq(replacedProjects.id, replaced.projectId))
    .where(eq(allocations.requirementCreditId, id))
    .orderBy(asc(allocations.createdAt), asc(projects.name), asc(allocations.year));
  const sources = new Map<string, TraceSource>();
  for (const allocation of rows) {
    const source = sources.get(allocation.serviceId) ?? {
      project: { id: allocation.projectId, name: allocation.projectName, status: allocation.projectStatus },
      creditType: credit.creditType,
      lpa: named(allocation.lpaId, allocation.lpaName),
      nca: named(allocation.ncaId, allocation.ncaName),
      gridReference: allocation.gridReference,
      allocations: [],
    };
    source.allocations.push({
      year: allocation.year,
      units: units2(allocation.units),
      origin: allocation.origin,
      failed: allocation.failedAt !== null,
      replaces: named(allocation.replacesId, allocation.replacesName),
    });
    sources.set(allocation.serviceId, source);
  }
  const events = await db
    .select({ kind: creditEvents.kind, units: creditEvents.units, at: creditEvents.at })
    .from(creditEvents)
    .where(eq(creditEvents.requirementCreditId, id))
    .orderBy(asc(creditEvents.at), asc(creditEvents.id));
  return {
    credit,
    development: {
      requirement: { id: row.requirementId, name: row.requirementName, status: row.requirementStatus },
      planningRef: row.planningRef,
      lpa: credit.lpa,
      redemptionDate: row.redemptionDate,
    },
    sources: [...sources.values()],
    events: events.map((event) => ({
      kind: event.kind,
      units: units2(event.units),
      at: event.at.toISOString(),
    })),
  };
}
