import { type AnyActionDefinition, canTransition, edgeTargets, type JsonValue } from '@curlew/domain';
import { and, asc, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { chunksOf } from '../db/chunks.ts';
import type { Queryable, Transaction } from '../db/connect.ts';
import { AppError } from '../errors.ts';
import { activity } from './activity.tables.ts';
import { type ActivityEntry, recordActivities, recordActivity } from './activity.ts';
import { isRecordId } from './ids.ts';
import type { Actor, EntityKind, KindLifecycle } from './types.ts';

/** 'OpenForBidsAndOffers' -> 'open for bids and offers': a status as words in a sentence. */
export const statusWords = (status: string): string =>
  status
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();

/** The sentence of an action or change refused in the record's status (409), unless the kind words its own. */
export const refusedInStatus = <Rec, Status extends string>(
  kind: { noun: string; lifecycle?: KindLifecycle<Rec, Status> },
  title: string,
  status: Status,
): string =>
  kind.lifecycle?.refusal?.(title, status) ??
  `${title} is not possible while this ${kind.noun} is ${statusWords(status)}`;

/** The 404 of a record that is missing or outside the actor's scope: it never says which. */
export const notFoundInScope = (noun: string): AppError =>
  new AppError('not_found', `This ${noun} does not exist or you cannot see it`);

/**
 * The status each record had before it reached `current` (what Reinstate returns to), read from the activity trail
 * in one query: the `statusBefore` of the latest entry (by its sequence) that moved the record into `current`. A
 * record that no entry moved there is absent from the answer.
 */
export async function previousStatusesOf(
  db: Queryable,
  subjectType: string,
  subjectIds: readonly string[],
  current: string,
): Promise<Map<string, string>> {
  if (subjectIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([activity.subjectId], {
      subjectId: activity.subjectId,
      statusBefore: activity.statusBefore,
    })
    .from(activity)
    .where(
      and(
        eq(activity.subjectType, subjectType),
        inArray(activity.subjectId, [...subjectIds]),
        eq(activity.statusAfter, current),
        isNotNull(activity.statusBefore),
        ne(activity.statusBefore, current),
      ),
    )
    .orderBy(activity.subjectId, desc(activity.sequence));
  return new Map(
    rows.flatMap((row) => (row.statusBefore === null ? [] : [[row.subjectId, row.statusBefore] as const])),
  );
}

/**
 * The status a record had before it reached `current` (what Reinstate returns to), read from its activity trail:
 * the `statusBefore` of the latest entry that moved it into `current`; null when none did.
 */
async function previousStatusOf(
  db: Queryable,
  subject: { subjectType: string; subjectId: string },
  current: string,
): Promise<string | null> {
  const found = await previousStatusesOf(db, subject.subjectType, [subject.subjectId], current);
  return found.get(subject.subjectId) ?? null;
}

/**
 * The status an action leads a record to: its edge's only target, or the one its `target` function chooses from
 * the values and the record's status history; null when the action leaves the status as it is. 409 when the
 * chosen change is not in the lifecycle.
 */
export async function chooseTarget<Rec, Status extends string>(
  db: Queryable,
  kind: EntityKind<Rec, string, Status>,
  definition: AnyActionDefinition,
  record: Rec,
  values: unknown,
): Promise<Status | null> {
  const { lifecycle } = kind;
  const edge = definition.lifecycle;
  if (!lifecycle || !edge) return null;
  const targets = edgeTargets(edge) as readonly Status[];
  if (targets.length === 0) return null;
  const status = lifecycle.statusOf(record);
  let to: Status | undefined = targets[0];
  if (targets.length > 1) {
    const previous = await previousStatusOf(
      db,
      { subjectType: kind.entity, subjectId: kind.idOf(record) },
      status,
    );
    // The definition's own values type was erased in the registry; these values were parsed by its own schema.
    const choose = edge.target as
      | ((values: unknown, context: { status: Status; previousStatus: Status | null }) => Status)
      | undefined;
    to = choose?.(values, { status, previousStatus: previous as Status | null });
    if (to === undefined || !targets.includes(to))
      throw new Error(`${kind.entity}/${definition.id}: the target function chose none of its targets`);
  }
  if (to === undefined || to === status) return to ?? null;
  if (!canTransition(lifecycle.definition, status, to))
    throw new AppError('invalid_status', refusedInStatus(kind, definition.title, status));
  return to;
}

/** Who a system transition is for: a user, or the system itself (a solver task ending). */
export type TransitionActor = Actor | 'system';

/** What a transition's activity entry says. */
export interface TransitionEntry {
  /** The action id shown in the trail (`AcceptMatch`). */
  action: string;
  title: string;
  now: Date;
  details?: Record<string, JsonValue>;
}

/** Refuses a move the lifecycle does not allow (409 with the kind's sentence); true when the record must move. */
function mustMove<Rec, Status extends string>(
  kind: EntityKind<Rec, string, Status>,
  lifecycle: KindLifecycle<Rec, Status>,
  from: Status,
  to: Status,
  title: string,
): boolean {
  if (from === to) return false;
  if (!canTransition(lifecycle.definition, from, to))
    throw new AppError('invalid_status', refusedInStatus(kind, title, from));
  return true;
}

/** The activity entry of one record moved by a transition. */
const movedEntry = (
  subject: { subjectType: string; subjectId: string },
  from: string,
  to: string,
  by: TransitionActor,
  entry: TransitionEntry,
): ActivityEntry => ({
  ...subject,
  action: entry.action,
  title: entry.title,
  actor:
    by === 'system' ? null : { id: by.id, displayName: by.displayName, organisationId: by.organisationId },
  statusBefore: from,
  statusAfter: to,
  ...(entry.details === undefined ? {} : { details: entry.details }),
  at: entry.now,
});

/**
 * Moves one record to `to` outside a user's action on it: for work nobody submits (a solver task ending) and what
 * one action does to another record. Checks the lifecycle (409 with the kind's sentence), writes the status and the
 * activity entry in `tx`. Moving a record to the status it has changes nothing and writes nothing.
 */
export async function transition<Rec, Status extends string>(
  tx: Transaction,
  kind: EntityKind<Rec, string, Status>,
  id: string,
  to: Status,
  by: TransitionActor,
  entry: TransitionEntry,
): Promise<void> {
  const { lifecycle } = kind;
  if (!lifecycle) throw new Error(`${kind.entity} has no lifecycle to move along`);
  const record = await kind.load(tx, id, { forUpdate: true });
  if (record === undefined) throw notFoundInScope(kind.noun);
  const from = lifecycle.statusOf(record);
  if (!mustMove(kind, lifecycle, from, to, entry.title)) return;
  await lifecycle.writeStatus(tx, record, to, entry.now);
  await recordActivity(tx, movedEntry({ subjectType: kind.entity, subjectId: id }, from, to, by, entry));
}

/** One record's move in `transitionAll`. */
interface Move<Status extends string> {
  id: string;
  to: Status;
}

/**
 * Moves many records of one kind at once, as `transition` moves one (AcceptMatch moves every project and requirement
 * of a round): their rows locked in id order, every move checked before anything is written (the first refused one
 * refuses all), then one status write per target status and the activity entries in a few statements.
 */
export async function transitionAll<Rec, Status extends string>(
  tx: Transaction,
  kind: EntityKind<Rec, string, Status>,
  moves: readonly Move<Status>[],
  by: TransitionActor,
  entry: TransitionEntry,
): Promise<void> {
  const lifecycle = kind.lifecycle;
  const batch = lifecycle?.batch;
  if (!lifecycle || !batch) throw new Error(`${kind.entity} has no lifecycle to move many records along`);
  const ids = moves.map((move) => move.id);
  if (new Set(ids).size !== ids.length)
    throw new Error(`${kind.entity}: a record moves once in one transition`);
  const statuses = await batch.lockStatuses(tx, ids);
  const byTarget = new Map<Status, string[]>();
  const entries: ActivityEntry[] = [];
  for (const { id, to } of moves) {
    const from = statuses.get(id);
    if (from === undefined) throw notFoundInScope(kind.noun);
    if (!mustMove(kind, lifecycle, from, to, entry.title)) continue;
    const group = byTarget.get(to) ?? [];
    if (group.length === 0) byTarget.set(to, group);
    group.push(id);
    entries.push(movedEntry({ subjectType: kind.entity, subjectId: id }, from, to, by, entry));
  }
  for (const [to, group] of byTarget) await batch.writeStatuses(tx, group, to, entry.now);
  await recordActivities(tx, entries);
}

/**
 * The statuses of some records of a table with `id` and `status` columns, their rows locked until the transaction
 * ends and read in id order (so two transactions locking overlapping sets wait rather than deadlock); a missing or
 * malformed id is absent. A kind's `batch.lockStatuses`.
 */
export async function lockStatusesIn<Status extends string>(
  tx: Queryable,
  table: PgTable & { id: AnyPgColumn; status: AnyPgColumn },
  ids: readonly string[],
): Promise<Map<string, Status>> {
  const found = new Map<string, Status>();
  for (const chunk of chunksOf([...new Set(ids)].filter(isRecordId).sort())) {
    const rows = await tx
      .select({ id: table.id, status: table.status })
      .from(table)
      .where(inArray(table.id, chunk))
      .orderBy(asc(table.id))
      .for('update');
    for (const row of rows) found.set(String(row.id), row.status as Status);
  }
  return found;
}
