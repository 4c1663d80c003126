import type { JsonValue, RefDataType } from '@curlew/domain';
import type { SessionUser } from '../../auth/sessions.ts';
import { recordActivity } from '../../platform/actions/activity.ts';
import type { Queryable } from '../../platform/db/connect.ts';

/** Activity subject type of a kind of reference data, e.g. `refdata:standards`. */
const refDataSubjectType = (type: RefDataType): string => `refdata:${type}`;

/** Writes the activity entry of a reference-data change (who, what, when) in the caller's transaction. */
export async function recordRefDataChange(
  tx: Queryable,
  change: {
    type: RefDataType;
    subjectId: string;
    action: string;
    title: string;
    session: SessionUser;
    at: Date;
    details?: Record<string, JsonValue>;
  },
): Promise<void> {
  const { user } = change.session;
  await recordActivity(tx, {
    subjectType: refDataSubjectType(change.type),
    subjectId: change.subjectId,
    action: change.action,
    title: change.title,
    actor: { id: user.id, displayName: user.displayName, organisationId: user.organisationId },
    statusBefore: null,
    statusAfter: null,
    ...(change.details ? { details: change.details } : {}),
    at: change.at,
  });
}
