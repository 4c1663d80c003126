import {
  type AgentPermission,
  CREDIT_TYPES,
  type CreditRequirementStatus,
  type CreditStatus,
  type CreditType,
} from '@curlew/domain';
import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isRecordId } from '../../platform/actions/ids.ts';
import { accessOf, operatorScope } from '../../platform/actions/scope.ts';
import { lockStatusesIn } from '../../platform/actions/status.ts';
import type { RecordInScope, ScopeReader } from '../../platform/actions/types.ts';
import { chunksOf } from '../../platform/db/chunks.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { markets } from '../markets/markets.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { lpas, ncas, subcatchments } from '../refdata/refdata.tables.ts';
import {
  requirementGroupMembers,
  requirementGroups,
} from '../requirement-groups/requirement-groups.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { type RequirementRelation, requirementScope } from './requirements.scope.ts';
import { creditRequirements, requirementBids, requirementCredits } from './requirements.tables.ts';

/** A requirement row. */
export type RequirementRow = typeof creditRequirements.$inferSelect;
/** A requirement credit line row. */
export type RequirementCreditRow = typeof requirementCredits.$inferSelect;
/** A bid row. */
export type RequirementBidRow = typeof requirementBids.$inferSelect;

/** The agent organisation of a requirement, joined under its own name. */
const requirementAgents = alias(organisations, 'requirement_agents');

/** A requirement with the names of what it refers to. */
export type RequirementRecord = RequirementRow & {
  buyerName: string;
  agentName: string | null;
  marketName: string | null;
  roundName: string | null;
  roundStatus: (typeof marketRounds.$inferSelect)['status'] | null;
  roundAmpEnd: string | null;
  lpaName: string | null;
  ncaName: string | null;
  subcatchmentName: string | null;
  groupId: string | null;
  groupName: string | null;
};

/** The columns of a requirement with its names (no bid: it is read apart, for those who may see it). */
const requirementColumns = {
  requirement: creditRequirements,
  buyerName: organisations.name,
  agentName: requirementAgents.name,
  marketName: markets.name,
  roundName: marketRounds.name,
  roundStatus: marketRounds.status,
  roundAmpEnd: marketRounds.ampEnd,
  lpaName: lpas.name,
  ncaName: ncas.name,
  subcatchmentName: subcatchments.name,
  groupId: requirementGroups.id,
  groupName: requirementGroups.name,
};

type DetailRow = {
  requirement: RequirementRow;
  buyerName: string;
  agentName: string | null;
  marketName: string | null;
  roundName: string | null;
  roundStatus: RequirementRecord['roundStatus'];
  roundAmpEnd: string | null;
  lpaName: string | null;
  ncaName: string | null;
  subcatchmentName: string | null;
  groupId: string | null;
  groupName: string | null;
};

const toRecord = ({ requirement, ...names }: DetailRow): RequirementRecord => ({ ...requirement, ...names });

/** A select of requirements with their names and an access, joined as every read needs, where `where`. */
const selectJoined = (
  db: Queryable,
  access: { relation: SQL<RequirementRelation | null>; permissions: SQL<AgentPermission[] | null> },
  where: SQL | undefined,
) =>
  db
    .select({ ...requirementColumns, relation: access.relation, permissions: access.permissions })
    .from(creditRequirements)
    .innerJoin(organisations, eq(organisations.id, creditRequirements.buyerId))
    .leftJoin(requirementAgents, eq(requirementAgents.id, creditRequirements.agentId))
    .leftJoin(markets, eq(markets.id, creditRequirements.marketId))
    .leftJoin(marketRounds, eq(marketRounds.id, creditRequirements.marketRoundId))
    .leftJoin(lpas, eq(lpas.id, creditRequirements.lpaId))
    .leftJoin(ncas, eq(ncas.id, creditRequirements.ncaId))
    .leftJoin(subcatchments, eq(subcatchments.id, creditRequirements.subcatchmentId))
    .leftJoin(requirementGroupMembers, eq(requirementGroupMembers.requirementId, creditRequirements.id))
    .leftJoin(requirementGroups, eq(requirementGroups.id, requirementGroupMembers.groupId))
    .where(where);

/** A select of requirements with names and the actor's access, inside the actor's scope and `where`. */
export const selectRequirementsFor = (db: Queryable, actor: ScopeReader, where: SQL | undefined) => {
  const scope = requirementScope(actor);
  return selectJoined(db, scope, and(scope.where, where));
};

/** A selected row as a record with its access; null outside the scope. */
export const requirementInScope = (
  row: DetailRow & { relation: RequirementRelation | null; permissions: string[] | null },
): RecordInScope<RequirementRecord, RequirementRelation> | null => {
  const access = accessOf({
    relation: row.relation,
    permissions: (row.permissions ?? []) as RecordInScope<
      RequirementRecord,
      RequirementRelation
    >['access']['permissions'][number][],
  });
  return access ? { record: toRecord(row), access } : null;
};

/** Loads a requirement with names (unscoped); undefined when missing or the id is malformed. */
export async function findRequirementRecord(
  db: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<RequirementRecord | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = selectJoined(
    db,
    operatorScope<RequirementRelation>('operator'),
    eq(creditRequirements.id, id),
  );
  const [row] = options.forUpdate ? await query.for('update', { of: creditRequirements }) : await query;
  return row ? toRecord(row) : undefined;
}

/** The credit requirements of a round with names (unscoped, for system work), sorted by id. */
export async function findRoundRequirementRecords(
  db: Queryable,
  roundId: string,
): Promise<RequirementRecord[]> {
  const rows = await selectJoined(
    db,
    operatorScope<RequirementRelation>('operator'),
    eq(creditRequirements.marketRoundId, roundId),
  ).orderBy(asc(creditRequirements.id));
  return rows.map(toRecord);
}

/** Loads a requirement with the actor's access; undefined when missing or outside the scope. */
export async function findRequirementFor(
  db: Queryable,
  actor: ScopeReader,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<RecordInScope<RequirementRecord, RequirementRelation> | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = selectRequirementsFor(db, actor, eq(creditRequirements.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: creditRequirements }) : await query;
  return row ? (requirementInScope(row) ?? undefined) : undefined;
}

/** Inserts a Draft requirement and answers its id. */
export async function insertRequirement(
  tx: Queryable,
  values: Pick<
    typeof creditRequirements.$inferInsert,
    'id' | 'name' | 'type' | 'buyerId' | 'agentId' | 'marketId' | 'marketRoundId' | 'createdBy'
  > & { buyerName: string; now: Date },
): Promise<string> {
  const { now, ...rest } = values;
  const [row] = await tx
    .insert(creditRequirements)
    .values({ ...rest, status: 'Draft', createdAt: now, updatedAt: now })
    .returning({ id: creditRequirements.id });
  if (!row) throw new Error('Inserting the requirement returned no row');
  return row.id;
}

/** Updates a requirement's own columns (never its status). */
export async function updateRequirementRow(
  tx: Queryable,
  id: string,
  values: Omit<Partial<typeof creditRequirements.$inferInsert>, 'id' | 'status'>,
  now: Date,
): Promise<void> {
  await tx
    .update(creditRequirements)
    .set({ ...values, updatedAt: now })
    .where(eq(creditRequirements.id, id));
}

/**
 * Writes an organisation's new name on its requirements: the requirements list sorts by the owner's name kept beside
 * each requirement (not stamped: the requirement itself did not change).
 */
export async function renameRequirementsOwner(tx: Queryable, ownerId: string, name: string): Promise<void> {
  await tx.update(creditRequirements).set({ buyerName: name }).where(eq(creditRequirements.buyerId, ownerId));
}

/** A credit line to write. */
export type CreditLine = Pick<
  typeof requirementCredits.$inferInsert,
  'type' | 'requiredUnits' | 'isPermanent' | 'years'
>;

/** Replaces a requirement's credit lines and writes their summary (credit types, total units) on it. */
export async function replaceCredits(
  tx: Queryable,
  requirementId: string,
  lines: readonly CreditLine[],
  now: Date,
): Promise<void> {
  await tx.delete(requirementCredits).where(eq(requirementCredits.requirementId, requirementId));
  if (lines.length > 0)
    await tx
      .insert(requirementCredits)
      .values(
        lines.map((line, position) => ({ ...line, requirementId, position, status: 'Draft' as const })),
      );
  const types = CREDIT_TYPES.filter((type: CreditType) => lines.some((line) => line.type === type));
  const units = lines.reduce((sum, line) => sum + line.requiredUnits, 0);
  await tx
    .update(creditRequirements)
    .set({ creditTypes: types, units, updatedAt: now })
    .where(eq(creditRequirements.id, requirementId));
}

/** The credit lines of requirements, by requirement id, in their order. */
export async function creditsOf(
  db: Queryable,
  requirementIds: readonly string[],
): Promise<Map<string, RequirementCreditRow[]>> {
  const byRequirement = new Map<string, RequirementCreditRow[]>();
  if (requirementIds.length === 0) return byRequirement;
  const rows = await db
    .select()
    .from(requirementCredits)
    .where(inArray(requirementCredits.requirementId, [...requirementIds]))
    .orderBy(asc(requirementCredits.requirementId), asc(requirementCredits.position));
  for (const row of rows)
    byRequirement.set(row.requirementId, [...(byRequirement.get(row.requirementId) ?? []), row]);
  return byRequirement;
}

/** The bid of a requirement, if any (only ever read for those who may see it). */
export async function findBid(db: Queryable, requirementId: string): Promise<RequirementBidRow | undefined> {
  const [row] = await db
    .select()
    .from(requirementBids)
    .where(eq(requirementBids.requirementId, requirementId));
  return row;
}

/** The bids of several requirements by requirement id (only ever read for those who may see them). */
export async function bidsOf(
  db: Queryable,
  requirementIds: readonly string[],
): Promise<Map<string, RequirementBidRow>> {
  if (requirementIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(requirementBids)
    .where(inArray(requirementBids.requirementId, [...requirementIds]));
  return new Map(rows.map((row) => [row.requirementId, row]));
}

/** Writes the bid of a requirement. */
export async function writeBid(
  tx: Queryable,
  values: {
    requirementId: string;
    bid: number;
    acceptOngoingOnly: boolean;
    bidOngoingOnly: number | null;
    setBy: string | null;
    now: Date;
  },
): Promise<void> {
  const { now, ...rest } = values;
  await tx
    .insert(requirementBids)
    .values({ ...rest, updatedAt: now })
    .onConflictDoUpdate({
      target: requirementBids.requirementId,
      set: {
        bid: rest.bid,
        acceptOngoingOnly: rest.acceptOngoingOnly,
        bidOngoingOnly: rest.bidOngoingOnly,
        setBy: rest.setBy,
        updatedAt: now,
      },
    });
}

/** Removes a requirement's bid. */
export async function deleteBid(tx: Queryable, requirementId: string): Promise<void> {
  await tx.delete(requirementBids).where(eq(requirementBids.requirementId, requirementId));
}

/** The status each credit line takes when its requirement reaches a status (MARKET.md section 2). */
const CREDIT_STATUS_OF: Partial<Record<CreditRequirementStatus, CreditStatus>> = {
  Draft: 'Draft',
  Provisional: 'None',
  Registered: 'None',
  Bid: 'Bid',
  Unmatched: 'Unused',
  RightsCreated: 'RightsCreated',
  RightsAllocated: 'RightsAllocated',
  CreditsIssued: 'Issued',
  CreditsRedeemed: 'Redeemed',
  Retired: 'Retired',
};

const AFTER_MATCH: readonly CreditStatus[] = ['RightsAllocated', 'Issued', 'Redeemed', 'Retired'];

/**
 * Writes some requirements' status and moves their credit lines with them: the runner's and `transition`'s status
 * write, never a handler's.
 */
export async function writeRequirementStatus(
  tx: Queryable,
  ids: readonly string[],
  status: CreditRequirementStatus,
  now: Date,
): Promise<void> {
  const creditStatus = CREDIT_STATUS_OF[status];
  for (const chunk of chunksOf(ids)) {
    await tx
      .update(creditRequirements)
      .set({ status, updatedAt: now })
      .where(inArray(creditRequirements.id, chunk));
    if (creditStatus !== undefined)
      await tx
        .update(requirementCredits)
        .set({ status: creditStatus })
        .where(
          and(
            inArray(requirementCredits.requirementId, chunk),
            // After the match an Unused line stays Unused.
            AFTER_MATCH.includes(creditStatus) ? ne(requirementCredits.status, 'Unused') : undefined,
          ),
        );
  }
}

/** The statuses of some requirements, their rows locked until the transaction ends. */
export const lockRequirementStatuses = (
  tx: Queryable,
  ids: readonly string[],
): Promise<Map<string, CreditRequirementStatus>> =>
  lockStatusesIn<CreditRequirementStatus>(tx, creditRequirements, ids);
