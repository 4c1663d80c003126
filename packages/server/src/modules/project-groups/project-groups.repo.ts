import type { AgentPermission } from '@curlew/domain';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import { accessOf } from '../../platform/actions/scope.ts';
import type { RecordInScope, ScopeReader } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { projects } from '../projects/projects.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { type ProjectGroupRelation, projectGroupScope } from './project-groups.scope.ts';
import { projectGroups } from './project-groups.tables.ts';

/** A project group with the names of its supplier and round. */
export type ProjectGroupRecord = typeof projectGroups.$inferSelect & {
  supplierName: string;
  roundName: string;
  roundStatus: (typeof marketRounds.$inferSelect)['status'];
};

const columns = {
  group: projectGroups,
  supplierName: organisations.name,
  roundName: marketRounds.name,
  roundStatus: marketRounds.status,
};

type Row = { group: typeof projectGroups.$inferSelect } & Omit<
  ProjectGroupRecord,
  keyof typeof projectGroups.$inferSelect
>;

const toRecord = ({ group, ...names }: Row): ProjectGroupRecord => ({ ...group, ...names });

const joined = <Extra extends Record<string, SQL>>(db: Queryable, extra: Extra) =>
  db
    .select({ ...columns, ...extra })
    .from(projectGroups)
    .innerJoin(organisations, eq(organisations.id, projectGroups.supplierId))
    .innerJoin(marketRounds, eq(marketRounds.id, projectGroups.marketRoundId));

/** Groups with names and the actor's access, inside the actor's scope and `where`. */
export const selectProjectGroupsFor = (db: Queryable, actor: ScopeReader, where: SQL | undefined) => {
  const scope = projectGroupScope(actor);
  return joined(db, { relation: scope.relation, permissions: scope.permissions }).where(
    and(scope.where, where),
  );
};

/** A selected row as a record with its access; null outside the scope. */
export const projectGroupInScope = (
  row: Row & { relation: string | null; permissions: string[] | null },
): RecordInScope<ProjectGroupRecord, ProjectGroupRelation> | null => {
  const { relation, permissions, ...rest } = row;
  const access = accessOf({
    relation: relation as ProjectGroupRelation | null,
    permissions: (permissions ?? []) as AgentPermission[],
  });
  return access ? { record: toRecord(rest), access } : null;
};

/** Loads a group with names (unscoped). */
export async function findProjectGroupRecord(
  db: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ProjectGroupRecord | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = joined(db, {}).where(eq(projectGroups.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: projectGroups }) : await query;
  return row ? toRecord(row) : undefined;
}

/** Loads a group with the actor's access; undefined when missing or outside the scope. */
export async function findProjectGroupFor(
  db: Queryable,
  actor: ScopeReader,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<RecordInScope<ProjectGroupRecord, ProjectGroupRelation> | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = selectProjectGroupsFor(db, actor, eq(projectGroups.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: projectGroups }) : await query;
  return row ? (projectGroupInScope(row) ?? undefined) : undefined;
}

/** The member projects of some groups, by name. */
export async function membersOf(db: Queryable, groupIds: readonly string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ id: projects.id, name: projects.name, status: projects.status, groupId: projects.groupId })
    .from(projects)
    .where(inArray(projects.groupId, [...groupIds]))
    .orderBy(asc(projects.name), asc(projects.id));
}
