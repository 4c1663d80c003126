import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SubjectAccess } from './subject-access.ts';
import type { EntityKind } from './types.ts';

/**
 * The read access of a kind's records for comments, activity and files, through the kind's scope: readable when
 * it exists and is in the reader's scope.
 */
export const subjectAccessThroughScope = <Rec, Rel extends string>(
  kind: EntityKind<Rec, Rel>,
  more: Omit<SubjectAccess, 'canRead'> = {},
): SubjectAccess => ({
  async canRead({ db, user }, id) {
    return (await kind.loadFor(db, user, id)) !== undefined;
  },
  ...more,
});

/** A kind's `inRound`: the ids (as text) of its table's records whose round column names the round. */
export const recordsInRound =
  (table: PgTable, id: PgColumn, roundId: PgColumn) =>
  (round: string): SQL =>
    sql`(select ${id}::text from ${table} where ${roundId} = ${round})`;
