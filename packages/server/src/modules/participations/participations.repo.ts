import type { MarketRoundReference, ParticipationCapacity, RegistrationStatus } from '@curlew/domain';
import { and, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isRecordId } from '../../platform/actions/ids.ts';
import { accessOf } from '../../platform/actions/scope.ts';
import type { RecordInScope, ScopeReader } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { type ParticipationRelation, participationScope } from './participations.scope.ts';
import { participations } from './participations.tables.ts';

/** A participation row: an organisation's part in a round in one capacity. */
export type ParticipationRow = typeof participations.$inferSelect;

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
): Promise<string> {
  const [row] = await tx
    .insert(participations)
    .values({
      marketRoundId: values.round.id,
      organisationId: values.organisationId,
      capacity: values.capacity,
      status: values.status,
      agentOrganisationId: values.agentOrganisationId,
      createdBy: values.createdBy,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning({ id: participations.id });
  if (!row) throw new Error('Inserting the participation returned no row');
  return row.id;
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

/** The agent organisation of a participation, joined under its own name. */
const agentOrganisations = alias(organisations, 'agent_organisations');

/** A participation with the names of its round, organisation and agent. */
export type ParticipationRecord = ParticipationRow & {
  roundName: string;
  roundStatus: (typeof marketRounds.$inferSelect)['status'];
  marketId: string;
  organisationName: string;
  agentName: string | null;
};

const detailColumns = {
  participation: participations,
  roundName: marketRounds.name,
  roundStatus: marketRounds.status,
  marketId: marketRounds.marketId,
  organisationName: organisations.name,
  agentName: agentOrganisations.name,
};

type DetailRow = {
  participation: ParticipationRow;
  roundName: string;
  roundStatus: ParticipationRecord['roundStatus'];
  marketId: string;
  organisationName: string;
  agentName: string | null;
};

const toRecord = ({ participation, ...names }: DetailRow): ParticipationRecord => ({
  ...participation,
  ...names,
});

/** A select of participations with names and the actor's access, inside the actor's scope and `where`. */
export const selectParticipationsFor = (db: Queryable, actor: ScopeReader, where: SQL | undefined) => {
  const scope = participationScope(actor);
  return db
    .select({ ...detailColumns, relation: scope.relation, permissions: scope.permissions })
    .from(participations)
    .innerJoin(marketRounds, eq(marketRounds.id, participations.marketRoundId))
    .innerJoin(organisations, eq(organisations.id, participations.organisationId))
    .leftJoin(agentOrganisations, eq(agentOrganisations.id, participations.agentOrganisationId))
    .where(and(scope.where, where));
};

/** A selected row as a record with its access; null outside the scope. */
export const participationInScope = (
  row: DetailRow & { relation: ParticipationRelation | null; permissions: string[] | null },
): RecordInScope<ParticipationRecord, ParticipationRelation> | null => {
  const access = accessOf({
    relation: row.relation,
    permissions: (row.permissions ?? []) as RecordInScope<
      ParticipationRecord,
      ParticipationRelation
    >['access']['permissions'][number][],
  });
  return access ? { record: toRecord(row), access } : null;
};

/** Loads a participation with names (unscoped). */
export async function findParticipationRecord(
  db: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ParticipationRecord | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = db
    .select(detailColumns)
    .from(participations)
    .innerJoin(marketRounds, eq(marketRounds.id, participations.marketRoundId))
    .innerJoin(organisations, eq(organisations.id, participations.organisationId))
    .leftJoin(agentOrganisations, eq(agentOrganisations.id, participations.agentOrganisationId))
    .where(eq(participations.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: participations }) : await query;
  return row ? toRecord(row) : undefined;
}

/** Loads a participation with the actor's access; undefined when missing or outside the scope. */
export async function findParticipationFor(
  db: Queryable,
  actor: ScopeReader,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<RecordInScope<ParticipationRecord, ParticipationRelation> | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = selectParticipationsFor(db, actor, eq(participations.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: participations }) : await query;
  return row ? (participationInScope(row) ?? undefined) : undefined;
}
