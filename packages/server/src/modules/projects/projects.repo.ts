import type {
  AgentPermission,
  CertificationDecision,
  CreditType,
  ProjectStatus,
  ServiceCertificationStatus,
} from '@curlew/domain';
import { CREDIT_TYPES } from '@curlew/domain';
import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isRecordId } from '../../platform/actions/ids.ts';
import { accessOf } from '../../platform/actions/scope.ts';
import { lockStatusesIn } from '../../platform/actions/status.ts';
import type { RecordInScope, ScopeReader } from '../../platform/actions/types.ts';
import { chunksOf } from '../../platform/db/chunks.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { markets } from '../markets/markets.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { projectGroups } from '../project-groups/project-groups.tables.ts';
import { lpas, ncas, projectTypes, subcatchments } from '../refdata/refdata.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { type ProjectRelation, projectScope } from './projects.scope.ts';
import { projectServices, projectServiceUnits, projects } from './projects.tables.ts';

/** A project row. */
export type ProjectRow = typeof projects.$inferSelect;
/** A project service row. */
export type ProjectServiceRow = typeof projectServices.$inferSelect;
/** A yearly units row of a service. */
export type ProjectServiceUnitsRow = typeof projectServiceUnits.$inferSelect;

/** The supplier organisation of a project, joined under its own name. */
export const supplierOrganisations = alias(organisations, 'supplier_organisations');

/** A project with the names of what it refers to. */
export type ProjectRecord = ProjectRow & {
  supplierName: string;
  agentName: string | null;
  typeName: string | null;
  marketName: string | null;
  roundName: string | null;
  roundStatus: (typeof marketRounds.$inferSelect)['status'] | null;
  roundDates: (typeof marketRounds.$inferSelect)['registrationDates'] | null;
  lpaName: string | null;
  ncaName: string | null;
  subcatchmentName: string | null;
  groupName: string | null;
  groupType: (typeof projectGroups.$inferSelect)['type'] | null;
};

const nameOf = <T = string>(
  table:
    | typeof organisations
    | typeof projectTypes
    | typeof markets
    | typeof lpas
    | typeof ncas
    | typeof subcatchments,
  column: SQL | AnyColumn,
  id: AnyColumn,
) => sql<T | null>`(select ${column} from ${table} where ${table.id} = ${id})`;

/**
 * The columns of a project record: the project and the names it refers to, each read by a scalar subquery (the
 * planner then plans one table, however many references a project has, which keeps a list page fast).
 */
const projectRecordColumns = {
  project: projects,
  supplierName: supplierOrganisations.name,
  agentName: nameOf(organisations, organisations.name, projects.agentId),
  typeName: nameOf(projectTypes, projectTypes.name, projects.typeId),
  marketName: nameOf(markets, markets.name, projects.marketId),
  roundName: marketRounds.name,
  roundStatus: marketRounds.status,
  roundDates: marketRounds.registrationDates,
  lpaName: nameOf(lpas, lpas.name, projects.lpaId),
  ncaName: nameOf(ncas, ncas.name, projects.ncaId),
  subcatchmentName: nameOf(subcatchments, subcatchments.name, projects.subcatchmentId),
  groupName: projectGroups.name,
  groupType: projectGroups.type,
};

type RecordRow = { project: ProjectRow } & Omit<ProjectRecord, keyof ProjectRow>;

const toRecord = ({ project, ...names }: RecordRow): ProjectRecord => ({ ...project, ...names });

/**
 * A select of projects with their names (and `extra` columns): the supplier, round and group joined, the other
 * names read by scalar subqueries.
 */
const selectProjectRecords = <Extra extends Record<string, SQL | SQL.Aliased>>(
  db: Queryable,
  extra: Extra,
) => {
  // The supplier is always joined: with a join, drizzle qualifies every column of the selection's subqueries (a
  // single-table select would leave them bare, and a bare column binds to the subquery's own table first).
  return db
    .select({ ...projectRecordColumns, ...extra })
    .from(projects)
    .innerJoin(supplierOrganisations, eq(supplierOrganisations.id, projects.supplierId))
    .leftJoin(marketRounds, eq(marketRounds.id, projects.marketRoundId))
    .leftJoin(projectGroups, eq(projectGroups.id, projects.groupId));
};

/** A select of projects with names and the actor's access, inside the actor's scope and `where`. */
export const selectProjectsFor = (db: Queryable, actor: ScopeReader, where: SQL | undefined) => {
  const scope = projectScope(actor);
  return selectProjectRecords(db, { relation: scope.relation, permissions: scope.permissions }).where(
    and(scope.where, where),
  );
};

/** A selected row as a record with its access; null outside the scope. */
export const projectInScope = (
  row: RecordRow & { relation: string | null; permissions: string[] | null },
): RecordInScope<ProjectRecord, ProjectRelation> | null => {
  const { relation, permissions, ...rest } = row;
  const access = accessOf({
    relation: relation as ProjectRelation | null,
    permissions: (permissions ?? []) as AgentPermission[],
  });
  return access ? { record: toRecord(rest), access } : null;
};

/** Loads a project with names (unscoped, for the runner and system work). */
export async function findProjectRecord(
  db: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ProjectRecord | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = selectProjectRecords(db, {}).where(eq(projects.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: projects }) : await query;
  return row ? toRecord(row) : undefined;
}

/** The projects of a round with names (unscoped, for system work), sorted by id. */
export async function findRoundProjectRecords(db: Queryable, roundId: string): Promise<ProjectRecord[]> {
  const rows = await selectProjectRecords(db, {})
    .where(eq(projects.marketRoundId, roundId))
    .orderBy(asc(projects.id));
  return rows.map(toRecord);
}

/** Loads a project with the actor's access; undefined when missing or outside the scope. */
export async function findProjectFor(
  db: Queryable,
  actor: ScopeReader,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<RecordInScope<ProjectRecord, ProjectRelation> | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = selectProjectsFor(db, actor, eq(projects.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: projects }) : await query;
  return row ? (projectInScope(row) ?? undefined) : undefined;
}

/** Writes some projects' status: the runner's and `transition`'s status write, never a handler's. */
export async function writeProjectStatus(
  tx: Queryable,
  ids: readonly string[],
  status: ProjectStatus,
  now: Date,
): Promise<void> {
  for (const chunk of chunksOf(ids))
    await tx.update(projects).set({ status, updatedAt: now }).where(inArray(projects.id, chunk));
}

/** The statuses of some projects, their rows locked until the transaction ends. */
export const lockProjectStatuses = (
  tx: Queryable,
  ids: readonly string[],
): Promise<Map<string, ProjectStatus>> => lockStatusesIn<ProjectStatus>(tx, projects, ids);

/** Updates a project's columns (never its status) and stamps it. */
export async function updateProject(
  tx: Queryable,
  id: string,
  values: Omit<Partial<typeof projects.$inferInsert>, 'status' | 'id'>,
  now: Date,
): Promise<void> {
  await tx
    .update(projects)
    .set({ ...values, updatedAt: now })
    .where(eq(projects.id, id));
}

/** Puts some projects in a project group (membership is the project's `groupId`) and stamps them. */
export async function setProjectsGroup(
  tx: Queryable,
  ids: readonly string[],
  groupId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(projects)
    .set({ groupId, updatedAt: now })
    .where(inArray(projects.id, [...ids]));
}

/** The services of some projects with their yearly units, in creation order. */
export async function servicesOf(
  db: Queryable,
  projectIds: readonly string[],
): Promise<{ service: ProjectServiceRow; units: ProjectServiceUnitsRow[] }[]> {
  if (projectIds.length === 0) return [];
  const services = await db
    .select()
    .from(projectServices)
    .where(inArray(projectServices.projectId, [...projectIds]))
    .orderBy(asc(projectServices.createdAt), asc(projectServices.id));
  const units =
    services.length === 0
      ? []
      : await db
          .select()
          .from(projectServiceUnits)
          .where(
            inArray(
              projectServiceUnits.serviceId,
              services.map((service) => service.id),
            ),
          )
          .orderBy(asc(projectServiceUnits.start));
  const unitsOf = new Map<string, ProjectServiceUnitsRow[]>();
  for (const row of units) unitsOf.set(row.serviceId, [...(unitsOf.get(row.serviceId) ?? []), row]);
  return services.map((service) => ({ service, units: unitsOf.get(service.id) ?? [] }));
}

/** Keeps the project's `serviceTypes` (the list's credit types) in step with its services, in CREDIT_TYPES order. */
export async function refreshServiceTypes(
  tx: Queryable,
  projectId: string,
  now: Date,
): Promise<CreditType[]> {
  const rows = await tx
    .select({ type: projectServices.type })
    .from(projectServices)
    .where(eq(projectServices.projectId, projectId));
  const present = new Set(rows.map((row) => row.type));
  const types = CREDIT_TYPES.filter((type) => present.has(type));
  await updateProject(tx, projectId, { serviceTypes: types }, now);
  return types;
}

/** Replaces the yearly units of a service. */
export async function replaceServiceUnits(
  tx: Queryable,
  serviceId: string,
  periods: readonly { start: string; end: string; units: number }[],
): Promise<void> {
  await tx.delete(projectServiceUnits).where(eq(projectServiceUnits.serviceId, serviceId));
  if (periods.length > 0)
    await tx.insert(projectServiceUnits).values(periods.map((period) => ({ serviceId, ...period })));
}

/**
 * Moves the project's services along the service certification lifecycle: from the statuses in `from` to `to`
 * (CompleteRegistration: Draft -> PendingCertification; Reregister: decided -> PendingCertification).
 */
export async function moveServices(
  tx: Queryable,
  projectId: string,
  from: readonly ServiceCertificationStatus[],
  to: ServiceCertificationStatus,
  now: Date,
): Promise<void> {
  await tx
    .update(projectServices)
    .set({ status: to, updatedAt: now })
    .where(and(eq(projectServices.projectId, projectId), inArray(projectServices.status, [...from])));
}

/** Records one service's certification decision and the certification status it leads to. */
export async function decideService(
  tx: Queryable,
  serviceId: string,
  decision: { standardId: string | null; decision: CertificationDecision; certified: boolean },
  now: Date,
): Promise<void> {
  await tx
    .update(projectServices)
    .set({
      standardId: decision.standardId,
      decision: decision.decision,
      status: decision.certified ? 'Certified' : 'NotCertified',
      updatedAt: now,
    })
    .where(eq(projectServices.id, serviceId));
}

/** Restores the decided certification of each service (a project skipping to Certified keeps its decisions). */
export async function restoreServiceCertifications(
  tx: Queryable,
  projectId: string,
  now: Date,
): Promise<void> {
  const services = await tx
    .select({
      id: projectServices.id,
      decision: projectServices.decision,
      standardId: projectServices.standardId,
    })
    .from(projectServices)
    .where(eq(projectServices.projectId, projectId));
  for (const service of services)
    await decideService(
      tx,
      service.id,
      {
        standardId: service.standardId,
        decision: service.decision ?? 'NoSupplierRetaining',
        certified: service.decision === 'Yes' && service.standardId !== null,
      },
      now,
    );
}
