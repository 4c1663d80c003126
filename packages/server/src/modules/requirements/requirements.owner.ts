import { and, eq } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import { isOperator } from '../../platform/actions/policy.ts';
import type { Actor } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { agentActsFor } from '../agent-authorities/agent-authorities.scope.ts';
import { organisations } from '../organisations/organisations.tables.ts';

/** The owner a create names, checked against who creates it (403 or 422). */
export async function ownerFor(
  db: Queryable,
  actor: Actor,
  buyerId: string,
): Promise<{ id: string; name: string }> {
  const [row] = isRecordId(buyerId)
    ? await db
        .select({ id: organisations.id, name: organisations.name, type: organisations.type })
        .from(organisations)
        .where(eq(organisations.id, buyerId))
    : [];
  if (row?.type !== 'PARTICIPANT') throw validationError('buyerId', 'Not a valid option');
  if (isOperator(actor)) return row;
  if (actor.organisation?.type === 'PARTICIPANT') {
    if (row.id !== actor.organisationId)
      throw new AppError('forbidden', 'You can only add credit requirements of your own organisation');
    return row;
  }
  const own = actor.organisationId ?? '';
  const [acts] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.id, row.id), agentActsFor(own, organisations.id)));
  if (!acts) throw new AppError('forbidden', `You do not act for ${row.name}`);
  return row;
}
