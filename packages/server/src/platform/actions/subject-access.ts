import type { SQL } from 'drizzle-orm';
import type { UserWithOrganisation } from '../../auth/users.repo.ts';
import type { Queryable } from '../db/connect.ts';
import { AppError } from '../errors.ts';

/**
 * The bridge between the entity modules and the things that hang on any entity: comments, activity, files and
 * locations. Each entity kind registers once, at module load, how to tell whether a user may read one of its
 * records:
 *
 * ```ts
 * registerSubjectAccess('organisation', {
 *   canRead: ({ db, user }, id) => organisationInScope(db, user, id),   // false when missing or out of scope
 *   organisationIds: async (_db, id) => [id],                            // whose users can be mentioned
 *   describe: async (db, id) => (await findOrganisation(db, id))?.name,  // named in mention e-mails
 * });
 * ```
 *
 * The kind is the first segment of the entity's self link (`/organisation/{id}` -> `organisation`), the same
 * string as `subjectType` / `ownerType` in SPEC 7 calls. A kind nobody registered is denied (404), and so is a
 * record for which `canRead` answers false: callers never learn whether it exists.
 */

/** The user whose access is checked: the signed-in user, or a user about to be notified of a mention. */
export type SubjectReader = UserWithOrganisation;

/** What a read check gets: the database (or the current transaction) and the user. */
export interface SubjectAccessContext {
  db: Queryable;
  user: SubjectReader;
}

/** How one entity kind answers for its records. */
export interface SubjectAccess {
  /** True when the record exists and the user may read it (the entity's read policy and scope). */
  canRead(context: SubjectAccessContext, subjectId: string): Promise<boolean>;
  /**
   * The organisations taking part in the record (e.g. client and agent of an agent authority); their users,
   * with the operator's, are offered in the mention typeahead. Without it, only the asking user's organisation
   * and the operator are offered.
   */
  organisationIds?(db: Queryable, subjectId: string): Promise<readonly string[]>;
  /** A short name of the record for e-mails ('Wetland Trust'); the kind is used when absent. */
  describe?(db: Queryable, subjectId: string): Promise<string | undefined>;
  /** The web route of the record's page, the same for every reader (`RECORD_PAGES`); e-mails link to it. */
  page?(db: Queryable, subjectId: string): Promise<string | undefined>;
  /** The ids (as text) of the kind's records in a round, for the round's whole activity; absent: none are. */
  inRound?(roundId: string): SQL;
}

/** A reference to one record of an entity kind. */
export interface SubjectKey {
  subjectType: string;
  subjectId: string;
}

const registry = new Map<string, SubjectAccess>();

/**
 * Declares how records of `subjectType` are read-checked. Call once per kind at module load; registering the same
 * object again is harmless, a different one for the same kind is a mistake and throws.
 */
export function registerSubjectAccess(subjectType: string, access: SubjectAccess): void {
  const known = registry.get(subjectType);
  if (known !== undefined && known !== access) {
    throw new Error(`Subject access for '${subjectType}' is already registered`);
  }
  registry.set(subjectType, access);
}

/** The registered access of a kind, or undefined when no module registered it. */
export function subjectAccessFor(subjectType: string): SubjectAccess | undefined {
  return registry.get(subjectType);
}

/** Every registered kind whose records can belong to a round, with the ids of its records in a round. */
export const roundSubjectKinds = (): [string, (roundId: string) => SQL][] =>
  [...registry].flatMap(([subjectType, access]) =>
    access.inRound === undefined ? [] : [[subjectType, access.inRound] as [string, (roundId: string) => SQL]],
  );

/** Whether the user may read the record; false for an unknown kind. */
export async function canReadSubject(
  db: Queryable,
  user: SubjectReader,
  subject: SubjectKey,
): Promise<boolean> {
  const access = registry.get(subject.subjectType);
  return access !== undefined && (await access.canRead({ db, user }, subject.subjectId));
}

/** The kind's access when the user may read the record; otherwise a 404 that does not say whether it exists. */
export async function assertSubjectReadable(
  db: Queryable,
  user: SubjectReader,
  subject: SubjectKey,
): Promise<SubjectAccess> {
  const access = registry.get(subject.subjectType);
  if (access === undefined || !(await access.canRead({ db, user }, subject.subjectId))) {
    throw new AppError('not_found', 'This record does not exist or you cannot see it');
  }
  return access;
}
