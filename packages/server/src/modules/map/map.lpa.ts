import type { LpaMap, LpaMapDevelopment, LpaMapSite, MapArea, MapFlow } from '@curlew/domain';
import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { Actor } from '../../platform/actions/types.ts';
import type { Database } from '../../platform/db/connect.ts';
import { allocations } from '../match/match.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { projectScope } from '../projects/projects.scope.ts';
import { projects } from '../projects/projects.tables.ts';
import { lpas } from '../refdata/refdata.tables.ts';
import { requirementScope } from '../requirements/requirements.scope.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import {
  allocatedFlows,
  areaOf,
  placed,
  projectCreditTypes,
  projectMapColumns,
  projectMapRecord,
  requirementMapColumns,
  requirementMapRecord,
  round2,
} from './map.records.ts';

/** The most developments and sites in the area an LPA's map draws (as its home lists). */
const LPA_MAP_ROWS = 500;

/** The LPA the reader's organisation is linked to, or null. */
async function ownArea(db: Database, actor: Actor): Promise<MapArea | null> {
  if (actor.organisationId === null) return null;
  const [row] = await db
    .select({ code: lpas.code, name: lpas.name })
    .from(organisations)
    .innerJoin(lpas, eq(lpas.id, organisations.lpaId))
    .where(and(eq(organisations.id, actor.organisationId), eq(organisations.type, 'LPA')));
  return row ?? null;
}

/** The area's developments: buyers' requirements past Draft in the LPA (the requirement scope decides). */
async function areaDevelopments(db: Database, actor: Actor): Promise<LpaMapDevelopment[]> {
  const rows = await db
    .select({ ...requirementMapColumns(), planningRef: creditRequirements.planningRef })
    .from(creditRequirements)
    .leftJoin(lpas, eq(lpas.id, creditRequirements.lpaId))
    .where(requirementScope(actor).where)
    .orderBy(asc(creditRequirements.name), asc(creditRequirements.id))
    .limit(LPA_MAP_ROWS);
  return rows.map((row) => ({ ...requirementMapRecord(row), planningRef: row.planningRef }));
}

/** The sites located in the area (the project scope decides), with their status and peak units. */
async function areaSites(db: Database, actor: Actor): Promise<LpaMapSite[]> {
  const rows = await db
    .select(projectMapColumns())
    .from(projects)
    .leftJoin(lpas, eq(lpas.id, projects.lpaId))
    .where(projectScope(actor).where)
    .orderBy(asc(projects.name), asc(projects.id))
    .limit(LPA_MAP_ROWS);
  return rows.map((row) => ({ ...projectMapRecord(row), inArea: true }));
}

/** Units allocated (not failed) to the developments, per site, development and credit type. */
async function allocationsTo(db: Database, developmentIds: readonly string[]) {
  if (developmentIds.length === 0) return [];
  return allocatedFlows(
    db,
    and(inArray(allocations.requirementId, [...developmentIds]), isNull(allocations.failedAt)),
  );
}

/**
 * The sites elsewhere that serve the area's developments: their name and place only (as the LPA home lists them),
 * sized by the units they supply to the area.
 */
async function servingSites(
  db: Database,
  supplied: ReadonlyMap<string, number>,
  known: readonly string[],
): Promise<LpaMapSite[]> {
  const ids = [...supplied.keys()].filter((id) => !known.includes(id));
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: projects.id,
      name: projects.name,
      gridReference: projects.gridReference,
      lpaCode: lpas.code,
      lpaName: lpas.name,
      creditTypes: projectCreditTypes(),
    })
    .from(projects)
    .leftJoin(lpas, eq(lpas.id, projects.lpaId))
    .where(and(inArray(projects.id, ids), known.length > 0 ? notInArray(projects.id, [...known]) : undefined))
    .orderBy(asc(projects.name), asc(projects.id));
  return rows.map((row) => ({
    id: row.id,
    self: null,
    name: row.name,
    status: null,
    creditTypes: row.creditTypes ?? [],
    units: round2(supplied.get(row.id) ?? 0),
    lpa: areaOf(row),
    place: placed(row),
    inArea: false,
  }));
}

/**
 * An LPA officer's area map: its own LPA, the developments there, the sites located there and the sites elsewhere
 * serving its developments, with the flows from sites to developments. Every record of the area is read through
 * the requirement and project scopes; a site elsewhere is answered only by name and place, as the LPA home lists it.
 * No price, bid, offer or cost is answered.
 */
export async function lpaMap(db: Database, actor: Actor): Promise<LpaMap> {
  const lpa = await ownArea(db, actor);
  if (lpa === null) return { lpa: null, developments: [], sites: [], flows: [] };
  const developments = await areaDevelopments(db, actor);
  const inArea = await areaSites(db, actor);
  const rows = await allocationsTo(
    db,
    developments.map((development) => development.id),
  );
  const supplied = new Map<string, number>();
  for (const row of rows) supplied.set(row.projectId, (supplied.get(row.projectId) ?? 0) + row.units);
  const elsewhere = await servingSites(
    db,
    supplied,
    inArea.map((site) => site.id),
  );
  const sites = [...inArea, ...elsewhere];
  const siteById = new Map(sites.map((site) => [site.id, site]));
  const developmentById = new Map(developments.map((development) => [development.id, development]));
  const flows = rows.flatMap((row): MapFlow[] => {
    const from = siteById.get(row.projectId)?.place?.point;
    const to = developmentById.get(row.requirementId)?.place?.point;
    if (!from || !to) return [];
    return [
      {
        creditType: row.creditType,
        units: round2(row.units),
        multiplier: row.multiplier,
        from: { id: row.projectId, point: from },
        to: { id: row.requirementId, point: to },
      },
    ];
  });
  return { lpa, developments, sites, flows };
}
