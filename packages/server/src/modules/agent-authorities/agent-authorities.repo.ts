import {
  type AgentAuthority,
  type AgentPermission,
  agentAuthorityStatus,
  type ClientConfirmation,
} from '@curlew/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.tables.ts';
import { recordActivity } from '../../platform/actions/activity.ts';
import { isRecordId } from '../../platform/actions/ids.ts';
import { accessColumns, accessOf, type ScopeReader } from '../../platform/actions/scope.ts';
import type { Actor, RecordInScope } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { storedFiles } from '../files/files.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import {
  type AgentAuthorityRelation,
  agentAuthorityScope,
  approvedAuthorityCondition,
} from './agent-authorities.scope.ts';
import { agentAuthorities, agentClients } from './agent-authorities.tables.ts';

/** The client and agent organisations, joined twice under their own names. */
export const clientOrganisations = alias(organisations, 'client_organisations');
/** The agent organisation of an authority. */
export const agentOrganisations = alias(organisations, 'agent_organisations');

/** Who uploaded the signed authority to act on file, and who answered for the client. */
const uploaders = alias(users, 'uploaders');
const uploaderOrganisations = alias(organisations, 'uploader_organisations');
const confirmers = alias(users, 'confirmers');

/** Whether the organisation in `organisationColumn` has users who can sign in (not disabled). */
const hasActiveUsers = (organisationColumn: SQL | typeof agentAuthorities.clientOrganisationId) =>
  sql<boolean>`exists (select 1 from ${users} where ${users.organisationId} = ${organisationColumn} and not ${users.disabled})`;

/** The columns of an authority with the names it is shown with. */
const agentAuthorityColumns = {
  authority: agentAuthorities,
  roundName: marketRounds.name,
  roundStatus: marketRounds.status,
  clientName: clientOrganisations.name,
  agentName: agentOrganisations.name,
  approvedByName: users.displayName,
  uploadedBy: uploaders.id,
  uploadedByName: uploaders.displayName,
  uploadedByOrganisationId: uploaderOrganisations.id,
  uploadedByOrganisationName: uploaderOrganisations.name,
  clientConfirmedByName: confirmers.displayName,
  clientHasUsers: hasActiveUsers(agentAuthorities.clientOrganisationId),
};

/** An agent authority with its round, client, agent and approver names. */
export interface AgentAuthorityRecord {
  authority: typeof agentAuthorities.$inferSelect;
  roundName: string;
  roundStatus: AgentAuthority['marketRound']['status'];
  clientName: string;
  agentName: string;
  approvedByName: string | null;
  uploadedBy: string | null;
  uploadedByName: string | null;
  uploadedByOrganisationId: string | null;
  uploadedByOrganisationName: string | null;
  clientConfirmedByName: string | null;
  clientHasUsers: boolean;
}

/** The joined select of authorities (with extra columns), filtered by `where`. */
const selectJoined = <Extra extends Record<string, SQL>>(
  db: Queryable,
  extra: Extra,
  where: SQL | undefined,
) =>
  db
    .select({ ...agentAuthorityColumns, ...extra })
    .from(agentAuthorities)
    .innerJoin(marketRounds, eq(marketRounds.id, agentAuthorities.marketRoundId))
    .innerJoin(clientOrganisations, eq(clientOrganisations.id, agentAuthorities.clientOrganisationId))
    .innerJoin(agentOrganisations, eq(agentOrganisations.id, agentAuthorities.agentOrganisationId))
    .leftJoin(users, eq(users.id, agentAuthorities.approvedBy))
    .leftJoin(storedFiles, eq(storedFiles.id, agentAuthorities.authorityToActFileId))
    // The letter's uploader; the person who filed the authority when its letter records none.
    .leftJoin(
      uploaders,
      eq(uploaders.id, sql`coalesce(${storedFiles.uploadedBy}, ${agentAuthorities.createdBy})`),
    )
    .leftJoin(uploaderOrganisations, eq(uploaderOrganisations.id, uploaders.organisationId))
    .leftJoin(confirmers, eq(confirmers.id, agentAuthorities.clientConfirmedBy))
    .where(where);

/** The joined select of authorities, filtered by `where`. */
const selectAgentAuthorities = (db: Queryable, where: SQL | undefined) => selectJoined(db, {}, where);

/**
 * The joined select of the authorities in the actor's scope, filtered by `where`, each with the actor's access
 * (computed in the same query).
 */
export const selectAgentAuthoritiesFor = (db: Queryable, actor: ScopeReader, where: SQL | undefined) => {
  const scope = agentAuthorityScope(actor);
  return selectJoined(db, accessColumns(scope), and(scope.where, where));
};

/** The record and access of a row of `selectAgentAuthoritiesFor`; null outside the scope. */
export const inScope = (
  row: AgentAuthorityRecord & {
    relation: AgentAuthorityRelation | null;
    permissions: AgentPermission[] | null;
  },
): RecordInScope<AgentAuthorityRecord, AgentAuthorityRelation> | null => {
  const { relation, permissions, ...record } = row;
  const access = accessOf({ relation, permissions });
  return access === null ? null : { record, access };
};

/** Finds an authority by id; undefined when missing or the id is malformed. */
export async function findAgentAuthority(
  db: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<AgentAuthorityRecord | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = selectAgentAuthorities(db, eq(agentAuthorities.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: agentAuthorities }) : await query;
  return row;
}

/** Finds an authority in the actor's scope with the actor's access; undefined when missing or out of scope. */
export async function findAgentAuthorityFor(
  db: Queryable,
  actor: ScopeReader,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<RecordInScope<AgentAuthorityRecord, AgentAuthorityRelation> | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = selectAgentAuthoritiesFor(db, actor, eq(agentAuthorities.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: agentAuthorities }) : await query;
  return (row && inScope(row)) ?? undefined;
}

/** The authority of an agent for a client in a round, approved or not, if any. */
export async function findAuthorityOf(
  db: Queryable,
  scope: { agentOrganisationId: string; clientOrganisationId: string; marketRoundId: string },
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: agentAuthorities.id })
    .from(agentAuthorities)
    .where(
      and(
        eq(agentAuthorities.marketRoundId, scope.marketRoundId),
        eq(agentAuthorities.clientOrganisationId, scope.clientOrganisationId),
        eq(agentAuthorities.agentOrganisationId, scope.agentOrganisationId),
      ),
    );
  return row;
}

/** The approved authority of an agent for a client in a round (holding `permission` when given), if any. */
export async function findApprovedAuthority(
  db: Queryable,
  scope: { agentOrganisationId: string; clientOrganisationId: string; marketRoundId: string },
  permission?: AgentPermission,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: agentAuthorities.id })
    .from(agentAuthorities)
    .where(approvedAuthorityCondition(scope, permission))
    .limit(1);
  return row;
}

/** What a new (pending) authority holds. */
interface NewAgentAuthority {
  id: string;
  marketRoundId: string;
  clientOrganisationId: string;
  agentOrganisationId: string;
  authorityToActFileId: string;
  permissions: readonly AgentPermission[];
  /** Confirmed when a member of the client filed it, Pending when its members are asked, NotAsked without any. */
  clientConfirmation: ClientConfirmation;
  createdBy: string;
  createdAt: Date;
}

/**
 * Inserts a pending authority (the operator decides it with SetApproval); its own activity feed starts with the
 * action that gave it.
 */
export async function insertAgentAuthority(
  tx: Queryable,
  actor: Pick<Actor, 'id' | 'displayName' | 'organisationId'>,
  action: { id: string; title: string },
  authority: NewAgentAuthority,
): Promise<void> {
  const permissions = [...new Set(authority.permissions)];
  const confirmedByFiler = authority.clientConfirmation === 'Confirmed';
  await tx.insert(agentAuthorities).values({
    ...authority,
    permissions,
    approved: null,
    clientConfirmedBy: confirmedByFiler ? authority.createdBy : null,
    clientConfirmedAt: confirmedByFiler ? authority.createdAt : null,
    updatedAt: authority.createdAt,
  });
  await recordActivity(tx, {
    subjectType: 'agent-authority',
    subjectId: authority.id,
    action: action.id,
    title: action.title,
    actor: { id: actor.id, displayName: actor.displayName, organisationId: actor.organisationId },
    statusBefore: null,
    statusAfter: agentAuthorityStatus(null),
    details: { permissions, clientConfirmation: authority.clientConfirmation },
    at: authority.createdAt,
  });
}

/** Records that an agent added a client itself (AddParticipantClient): the agent acts for it from now on. */
export async function insertAgentClient(
  tx: Queryable,
  link: { agentOrganisationId: string; clientOrganisationId: string; createdBy: string; createdAt: Date },
): Promise<void> {
  await tx.insert(agentClients).values(link).onConflictDoNothing();
}

/** Updates an authority's columns (never its approval: the runner writes the status). */
export async function updateAgentAuthority(
  tx: Queryable,
  id: string,
  columns: Partial<
    Pick<
      typeof agentAuthorities.$inferInsert,
      | 'permissions'
      | 'approvedBy'
      | 'approvedAt'
      | 'authorityToActFileId'
      | 'clientConfirmation'
      | 'clientConfirmedBy'
      | 'clientConfirmedAt'
    >
  > & {
    updatedAt: Date;
  },
): Promise<void> {
  await tx.update(agentAuthorities).set(columns).where(eq(agentAuthorities.id, id));
}

/** Writes an authority's approval: the runner's status write of the agent authority lifecycle. */
export async function writeApproval(tx: Queryable, id: string, approved: boolean, now: Date): Promise<void> {
  await tx.update(agentAuthorities).set({ approved, updatedAt: now }).where(eq(agentAuthorities.id, id));
}

/** E-mail addresses of the users of an organisation who can sign in (not disabled). */
export async function activeMemberEmails(db: Queryable, organisationId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.disabled, false)));
  return rows.map((row) => row.email);
}

/**
 * The client's confirmation of a letter filed by `filerId`: Confirmed when the filer is one of its members, else
 * Pending when it has members to ask, NotAsked when it has none.
 */
export async function askedConfirmation(
  db: Queryable,
  clientOrganisationId: string,
  filerId: string | null,
): Promise<ClientConfirmation> {
  const members = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, clientOrganisationId), eq(users.disabled, false)));
  if (filerId !== null && members.some((member) => member.id === filerId)) return 'Confirmed';
  return members.length > 0 ? 'Pending' : 'NotAsked';
}
