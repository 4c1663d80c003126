import type { CreditType, MapArea, MapRecord } from '@curlew/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { selfLink } from '../../platform/actions/runner.ts';
import type { Database } from '../../platform/db/connect.ts';
import { allocations } from '../match/match.tables.ts';
import { projectServices, projects } from '../projects/projects.tables.ts';
import { lpas } from '../refdata/refdata.tables.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import { planningAreas } from './map.areas.ts';
import { placeOf } from './map.points.ts';

/** What the maps share: a record's area and place, a project's size, rounded units. */

export const round2 = (value: number): number => Math.round(value * 100) / 100;

export interface PlacedRow {
  id: string;
  gridReference: string | null;
  lpaCode: string | null;
  lpaName: string | null;
}

export const areaOf = (row: Pick<PlacedRow, 'lpaCode' | 'lpaName'>): MapArea | null =>
  row.lpaCode && row.lpaName ? { code: row.lpaCode, name: row.lpaName } : null;

/** A record's place: its own grid reference, or a point inside its LPA that only its id decides. */
export const placed = (row: Pick<PlacedRow, 'id' | 'gridReference' | 'lpaCode'>) =>
  placeOf(planningAreas(), { key: row.id, gridReference: row.gridReference, lpaCode: row.lpaCode }) ?? null;

/** A place shown for an end the reader may not see: only its LPA, never its own site. */
export const areaPoint = (row: Pick<PlacedRow, 'id' | 'lpaCode'>): [number, number] | null =>
  placeOf(planningAreas(), { key: row.id, lpaCode: row.lpaCode })?.point ?? null;

/** The credit types of a project's services, as a selected column. */
export const projectCreditTypes = () =>
  sql<
    CreditType[]
  >`array(select distinct s.type from ${projectServices} s where s.project_id = ${projects.id} order by 1)`;

/** The kg a year of a project's nutrient services, as a selected column. */
export const projectNutrientUnits = () =>
  sql<
    number | null
  >`(select sum(s.units) from ${projectServices} s where s.project_id = ${projects.id} and s.type <> 'Biodiversity')`.mapWith(
    Number,
  );

/**
 * A project's size on the map: its biodiversity units at their peak (gain less baseline lost) plus its nutrient
 * services' kg a year.
 */
export const projectUnits = (row: {
  gainsPerYear: readonly number[] | null;
  baselineUnitsLost: number | null;
  nutrientUnits: number | null;
}): number =>
  round2(
    Math.max(0, Math.max(0, ...(row.gainsPerYear ?? [])) - (row.baselineUnitsLost ?? 0)) +
      (row.nutrientUnits ?? 0),
  );

/** The columns a project's map record is read from (with `lpas` left-joined on the project's LPA). */
export const projectMapColumns = () => ({
  id: projects.id,
  name: projects.name,
  status: projects.status,
  gridReference: projects.gridReference,
  lpaCode: lpas.code,
  lpaName: lpas.name,
  creditTypes: projectCreditTypes(),
  gainsPerYear: projects.gainsPerYear,
  baselineUnitsLost: projects.baselineUnitsLost,
  nutrientUnits: projectNutrientUnits(),
});

/** The columns a credit requirement's map record is read from (with `lpas` left-joined on its LPA). */
export const requirementMapColumns = () => ({
  id: creditRequirements.id,
  name: creditRequirements.name,
  status: creditRequirements.status,
  gridReference: creditRequirements.gridReference,
  lpaCode: lpas.code,
  lpaName: lpas.name,
  creditTypes: creditRequirements.creditTypes,
  units: creditRequirements.units,
});

/** A project on a map, from the row `projectMapColumns` read. */
export const projectMapRecord = (
  row: PlacedRow & {
    name: string;
    status: string;
    creditTypes: CreditType[] | null;
    gainsPerYear: readonly number[] | null;
    baselineUnitsLost: number | null;
    nutrientUnits: number | null;
  },
): MapRecord => ({
  id: row.id,
  self: selfLink('project', row.id),
  name: row.name,
  status: row.status,
  creditTypes: row.creditTypes ?? [],
  units: projectUnits(row),
  lpa: areaOf(row),
  place: placed(row),
});

/** A credit requirement on a map, from the row `requirementMapColumns` read. */
export const requirementMapRecord = (
  row: PlacedRow & { name: string; status: string; creditTypes: CreditType[]; units: number },
): MapRecord => ({
  id: row.id,
  self: selfLink('requirement', row.id),
  name: row.name,
  status: row.status,
  creditTypes: row.creditTypes,
  units: round2(row.units),
  lpa: areaOf(row),
  place: placed(row),
});

/** Units allocated (not failed) that `where` selects, summed per site, development and credit type. */
export const allocatedFlows = (db: Database, where: SQL | undefined) =>
  db
    .select({
      projectId: allocations.projectId,
      requirementId: allocations.requirementId,
      creditType: projectServices.type,
      units: sql<number>`sum(${allocations.units})`.mapWith(Number),
      multiplier: sql<number>`max(${allocations.multiplier})`.mapWith(Number),
    })
    .from(allocations)
    .innerJoin(projectServices, eq(projectServices.id, allocations.serviceId))
    .where(where)
    .groupBy(allocations.projectId, allocations.requirementId, projectServices.type)
    .orderBy(allocations.projectId, allocations.requirementId, projectServices.type);
