import type { MarketRoundReference, ParticipationCapacity, RegistrationStatus } from '@curlew/domain';
import { and, eq } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { participations } from '../markets/markets.tables.ts';

/** A participation row: an organisation's part in a round in one capacity. */
export type ParticipationRow = typeof participations.$inferSelect;

/** Finds a participation by id; undefined when missing or the id is malformed. */
export async function findParticipation(
  db: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ParticipationRow | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = db.select().from(participations).where(eq(participations.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The participation of an organisation in a round in one capacity, locked for the caller's transaction. */
export async function findParticipationOf(
  tx: Queryable,
  key: { marketRoundId: string; organisationId: string; capacity: ParticipationCapacity },
): Promise<ParticipationRow | undefined> {
  const [row] = await tx
    .select()
    .from(participations)
    .where(
      and(
        eq(participations.marketRoundId, key.marketRoundId),
        eq(participations.organisationId, key.organisationId),
        eq(participations.capacity, key.capacity),
      ),
    )
    .for('update');
  return row;
}

/** Inserts a participation. */
export async function insertParticipation(
  tx: Queryable,
  values: {
    round: Pick<MarketRoundReference, 'id'>;
    organisationId: string;
    capacity: ParticipationCapacity;
    status: RegistrationStatus;
    agentOrganisationId: string | null;
    createdBy: string;
    now: Date;
  },
): Promise<void> {
  await tx.insert(participations).values({
    marketRoundId: values.round.id,
    organisationId: values.organisationId,
    capacity: values.capacity,
    status: values.status,
    agentOrganisationId: values.agentOrganisationId,
    createdBy: values.createdBy,
    createdAt: values.now,
    updatedAt: values.now,
  });
}

/** Writes a participation's status: the runner's and `transition`'s status write, never a handler's. */
export async function writeParticipationStatus(
  tx: Queryable,
  id: string,
  status: RegistrationStatus,
  now: Date,
): Promise<void> {
  await tx.update(participations).set({ status, updatedAt: now }).where(eq(participations.id, id));
}
