import { type CreditRequirementStatus, ROUND_STATUSES_ALLOWING_GROUP_CHANGES } from '@curlew/domain';
import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import { accessOf, operatorScope } from '../../platform/actions/scope.ts';
import type { RecordInScope, ScopeReader } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { requirementScope } from '../requirements/requirements.scope.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { type RequirementGroupRelation, requirementGroupScope } from './requirement-groups.scope.ts';
import { requirementGroupMembers, requirementGroups } from './requirement-groups.tables.ts';

/** A group with the names of its buyer and round. */
export type RequirementGroupRecord = typeof requirementGroups.$inferSelect & {
  buyerName: string;
  roundName: string | null;
  roundStatus: (typeof marketRounds.$inferSelect)['status'] | null;
};

const columns = {
  group: requirementGroups,
  buyerName: organisations.name,
  roundName: marketRounds.name,
  roundStatus: marketRounds.status,
};

const selectJoined = (
  db: Queryable,
  access: { relation: SQL<RequirementGroupRelation | null>; permissions: SQL<string[] | null> },
  where: SQL | undefined,
) =>
  db
    .select({ ...columns, relation: access.relation, permissions: access.permissions })
    .from(requirementGroups)
    .innerJoin(organisations, eq(organisations.id, requirementGroups.buyerId))
    .leftJoin(marketRounds, eq(marketRounds.id, requirementGroups.marketRoundId))
    .where(where);

type Row = Awaited<ReturnType<typeof selectJoined>>[number];

/** A selected row as a record with its access; null outside the scope. */
export const groupInScope = (
  row: Row,
): RecordInScope<RequirementGroupRecord, RequirementGroupRelation> | null => {
  const access = accessOf({
    relation: row.relation,
    permissions: (row.permissions ?? []) as RecordInScope<
      RequirementGroupRecord,
      RequirementGroupRelation
    >['access']['permissions'][number][],
  });
  const { group, relation: _relation, permissions: _permissions, ...names } = row;
  return access ? { record: { ...group, ...names }, access } : null;
};

/** Groups with names and the actor's access, inside the actor's scope and `where`. */
export const selectGroupsFor = (db: Queryable, actor: ScopeReader, where: SQL | undefined) => {
  const scope = requirementGroupScope(actor);
  return selectJoined(db, scope, and(scope.where, where));
};

/** Loads a group (unscoped). */
export async function findGroupRecord(
  db: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<RequirementGroupRecord | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = selectJoined(
    db,
    operatorScope<RequirementGroupRelation>('operator'),
    eq(requirementGroups.id, id),
  );
  const [row] = options.forUpdate ? await query.for('update', { of: requirementGroups }) : await query;
  return row ? (groupInScope(row)?.record ?? undefined) : undefined;
}

/** Loads a group with the actor's access; undefined when missing or outside the scope. */
export async function findGroupFor(
  db: Queryable,
  actor: ScopeReader,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<RecordInScope<RequirementGroupRecord, RequirementGroupRelation> | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = selectGroupsFor(db, actor, eq(requirementGroups.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: requirementGroups }) : await query;
  return row ? (groupInScope(row) ?? undefined) : undefined;
}

/** One member requirement of a group. */
export interface GroupMember {
  groupId: string;
  id: string;
  name: string;
  status: CreditRequirementStatus;
}

/** The requirements of groups, by group id, by name. */
export async function membersOf(
  db: Queryable,
  groupIds: readonly string[],
): Promise<Map<string, GroupMember[]>> {
  const byGroup = new Map<string, GroupMember[]>();
  if (groupIds.length === 0) return byGroup;
  const rows = await db
    .select({
      groupId: requirementGroupMembers.groupId,
      id: creditRequirements.id,
      name: creditRequirements.name,
      status: creditRequirements.status,
    })
    .from(requirementGroupMembers)
    .innerJoin(creditRequirements, eq(creditRequirements.id, requirementGroupMembers.requirementId))
    .where(inArray(requirementGroupMembers.groupId, [...groupIds]))
    .orderBy(asc(creditRequirements.name), asc(creditRequirements.id));
  for (const row of rows) byGroup.set(row.groupId, [...(byGroup.get(row.groupId) ?? []), row]);
  return byGroup;
}

/** Inserts a group with its requirements. */
export async function insertGroup(
  tx: Queryable,
  values: {
    id: string;
    name: string;
    buyerId: string;
    marketRoundId: string | null;
    createdBy: string | null;
    now: Date;
  },
  requirementIds: readonly string[],
): Promise<void> {
  const { now, ...rest } = values;
  await tx.insert(requirementGroups).values({ ...rest, createdAt: now, updatedAt: now });
  await addMembers(tx, values.id, requirementIds);
}

/** Adds requirements to a group. */
export async function addMembers(
  tx: Queryable,
  groupId: string,
  requirementIds: readonly string[],
): Promise<void> {
  if (requirementIds.length === 0) return;
  await tx
    .insert(requirementGroupMembers)
    .values(requirementIds.map((requirementId) => ({ groupId, requirementId })));
}

/** Removes requirements from a group. */
export async function removeMembers(
  tx: Queryable,
  groupId: string,
  requirementIds: readonly string[],
): Promise<void> {
  await tx
    .delete(requirementGroupMembers)
    .where(
      and(
        eq(requirementGroupMembers.groupId, groupId),
        inArray(requirementGroupMembers.requirementId, [...requirementIds]),
      ),
    );
}

/** Renames a group. */
export async function renameGroup(tx: Queryable, id: string, name: string, now: Date): Promise<void> {
  await tx.update(requirementGroups).set({ name, updatedAt: now }).where(eq(requirementGroups.id, id));
}

/** The requirements a group may take: the buyer's, of the round (or of none), not in any group. */
export async function candidateRequirements(
  db: Queryable,
  buyerId: string,
  marketRoundId: string | null | undefined,
): Promise<{ id: string; name: string; marketRoundId: string | null; groupId: string | null }[]> {
  return db
    .select({
      id: creditRequirements.id,
      name: creditRequirements.name,
      marketRoundId: creditRequirements.marketRoundId,
      groupId: requirementGroupMembers.groupId,
    })
    .from(creditRequirements)
    .leftJoin(requirementGroupMembers, eq(requirementGroupMembers.requirementId, creditRequirements.id))
    .where(
      and(
        eq(creditRequirements.buyerId, buyerId),
        marketRoundId === undefined
          ? undefined
          : marketRoundId === null
            ? undefined
            : eq(creditRequirements.marketRoundId, marketRoundId),
      ),
    )
    .orderBy(asc(creditRequirements.name));
}

/**
 * The requirements a new group may take, as options: those in the actor's scope in no group, in no round or in one
 * that allows group changes, of one buyer when given, each labelled with its round when it has one (a group keeps
 * to one round). One query.
 */
export async function groupableRequirementOptions(
  db: Queryable,
  actor: ScopeReader,
  buyerId?: string,
): Promise<{ value: string; label: string }[]> {
  const scope = requirementScope(actor);
  const rows = await db
    .select({ id: creditRequirements.id, name: creditRequirements.name, roundName: marketRounds.name })
    .from(creditRequirements)
    .leftJoin(marketRounds, eq(marketRounds.id, creditRequirements.marketRoundId))
    .leftJoin(requirementGroupMembers, eq(requirementGroupMembers.requirementId, creditRequirements.id))
    .where(
      and(
        scope.where,
        isNull(requirementGroupMembers.groupId),
        or(
          isNull(creditRequirements.marketRoundId),
          inArray(marketRounds.status, [...ROUND_STATUSES_ALLOWING_GROUP_CHANGES]),
        ),
        buyerId === undefined ? undefined : eq(creditRequirements.buyerId, buyerId),
      ),
    )
    .orderBy(asc(marketRounds.name), asc(creditRequirements.name));
  return rows.map((row) => ({
    value: row.id,
    label: row.roundName === null ? row.name : `${row.name} (${row.roundName})`,
  }));
}
