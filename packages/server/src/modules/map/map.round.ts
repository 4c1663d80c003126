import type { MapFlow, MapRecord, RoundMap } from '@curlew/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Actor } from '../../platform/actions/types.ts';
import type { Database } from '../../platform/db/connect.ts';
import { allocations } from '../match/match.tables.ts';
import { projectScope } from '../projects/projects.scope.ts';
import { projects } from '../projects/projects.tables.ts';
import { lpas } from '../refdata/refdata.tables.ts';
import { requirementScope } from '../requirements/requirements.scope.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import { roundScope } from '../rounds/rounds.scope.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import {
  allocatedFlows,
  areaPoint,
  projectMapColumns,
  projectMapRecord,
  requirementMapColumns,
  requirementMapRecord,
  round2,
} from './map.records.ts';

/**
 * A round's map for its reader: the round's projects and credit requirements within the reader's own scopes (the
 * operator all; a participant or agent its own and its clients'; nothing for a reader who cannot see the round),
 * placed by grid reference or LPA, and the round's own LPAs (its area); after AcceptMatch, the flows between them. No price and no organisation is
 * answered. Undefined when the round is not the reader's to see.
 */
export async function roundMap(db: Database, actor: Actor, roundId: string): Promise<RoundMap | undefined> {
  const [round] = await db
    .select({
      id: marketRounds.id,
      name: marketRounds.name,
      status: marketRounds.status,
      lpaIds: marketRounds.lpaIds,
    })
    .from(marketRounds)
    .where(and(eq(marketRounds.id, roundId), roundScope(actor).where));
  if (!round) return undefined;
  const areas =
    round.lpaIds.length === 0
      ? []
      : await db
          .select({ code: lpas.code, name: lpas.name })
          .from(lpas)
          .where(inArray(lpas.id, round.lpaIds))
          .orderBy(lpas.name);

  const projectRows = await db
    .select(projectMapColumns())
    .from(projects)
    .leftJoin(lpas, eq(lpas.id, projects.lpaId))
    .where(and(eq(projects.marketRoundId, roundId), projectScope(actor).where))
    .orderBy(projects.name, projects.id);
  const requirementRows = await db
    .select({ ...requirementMapColumns(), neighbours: lpas.neighbourCodes })
    .from(creditRequirements)
    .leftJoin(lpas, eq(lpas.id, creditRequirements.lpaId))
    .where(and(eq(creditRequirements.marketRoundId, roundId), requirementScope(actor).where))
    .orderBy(creditRequirements.name, creditRequirements.id);

  const projectRecords = projectRows.map(projectMapRecord);
  const requirementRecords = requirementRows.map(requirementMapRecord);
  const neighbours: Record<string, string[]> = {};
  for (const row of requirementRows) if (row.lpaCode) neighbours[row.lpaCode] = row.neighbours ?? [];

  return {
    round: { id: round.id, name: round.name, status: round.status },
    areas,
    projects: projectRecords,
    requirements: requirementRecords,
    flows: await roundFlows(db, roundId, projectRecords, requirementRecords),
    neighbours,
  };
}

/**
 * The round's accepted flows touching a record the reader sees, summed per project, requirement and credit type.
 * The other end, when hidden from the reader, is drawn at a point of its LPA with no id.
 */
async function roundFlows(
  db: Database,
  roundId: string,
  shownProjects: readonly MapRecord[],
  shownRequirements: readonly MapRecord[],
): Promise<MapFlow[]> {
  const rows = await allocatedFlows(
    db,
    and(
      eq(allocations.marketRoundId, roundId),
      eq(allocations.origin, 'Clearing'),
      isNull(allocations.failedAt),
    ),
  );
  const projectsById = new Map(shownProjects.map((record) => [record.id, record]));
  const requirementsById = new Map(shownRequirements.map((record) => [record.id, record]));
  const visible = rows.filter(
    (row) => projectsById.has(row.projectId) || requirementsById.has(row.requirementId),
  );
  if (visible.length === 0) return [];
  const hidden = await hiddenEnds(
    db,
    visible.filter((row) => !projectsById.has(row.projectId)).map((row) => row.projectId),
    visible.filter((row) => !requirementsById.has(row.requirementId)).map((row) => row.requirementId),
  );
  return visible.flatMap((row): MapFlow[] => {
    const project = projectsById.get(row.projectId);
    const requirement = requirementsById.get(row.requirementId);
    const from = project?.place?.point ?? hidden.get(row.projectId) ?? null;
    const to = requirement?.place?.point ?? hidden.get(row.requirementId) ?? null;
    if (!from || !to) return [];
    return [
      {
        creditType: row.creditType,
        units: round2(row.units),
        multiplier: row.multiplier,
        from: { id: project ? project.id : null, point: from },
        to: { id: requirement ? requirement.id : null, point: to },
      },
    ];
  });
}

/** Points in their LPAs for the ends of flows the reader does not see. */
async function hiddenEnds(
  db: Database,
  projectIds: readonly string[],
  requirementIds: readonly string[],
): Promise<Map<string, [number, number]>> {
  const points = new Map<string, [number, number]>();
  if (projectIds.length > 0) {
    const rows = await db
      .select({ id: projects.id, lpaCode: lpas.code })
      .from(projects)
      .leftJoin(lpas, eq(lpas.id, projects.lpaId))
      .where(inArray(projects.id, [...new Set(projectIds)]));
    for (const row of rows) {
      const point = areaPoint(row);
      if (point) points.set(row.id, point);
    }
  }
  if (requirementIds.length > 0) {
    const rows = await db
      .select({ id: creditRequirements.id, lpaCode: lpas.code })
      .from(creditRequirements)
      .leftJoin(lpas, eq(lpas.id, creditRequirements.lpaId))
      .where(inArray(creditRequirements.id, [...new Set(requirementIds)]));
    for (const row of rows) {
      const point = areaPoint(row);
      if (point) points.set(row.id, point);
    }
  }
  return points;
}
