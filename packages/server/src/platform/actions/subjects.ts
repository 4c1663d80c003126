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
