import { randomUUID } from 'node:crypto';
import {
  AUTHORITY_TO_ACT_EXTENSIONS,
  type addParticipantClient,
  agentAuthorityStatus,
  assertRoundAcceptsAgentAuthority,
  type FieldOption,
  provideAgentAuthority as provideAgentAuthorityAction,
  ROUND_STATUSES_ACCEPTING_AGENT_AUTHORITY,
} from '@curlew/domain';
import { and, asc, eq } from 'drizzle-orm';
import { isConfirmedOrganisation } from '../../auth/users.repo.ts';
import { recordActivity } from '../../platform/actions/activity.ts';
import type { RecordActionHandler } from '../../platform/actions/types.ts';
import { AppError, CONFLICT_MESSAGE, validationError } from '../../platform/errors.ts';
import { agentAuthorities, agentClients } from '../agent-authorities/agent-authorities.tables.ts';
import { saveUploadedFile } from '../files/files.repo.ts';
import { fileStorageFor } from '../files/storage.ts';
import { roundOptions } from '../markets/rounds.repo.ts';
import { findOrganisation, type OrganisationRelation, type OrganisationRow } from './organisations.kind.ts';
import { requireRound } from './organisations.rounds.ts';
import { organisations } from './organisations.tables.ts';

/** The document kind under which a signed authority to act is stored. */
export const AUTHORITY_TO_ACT_TAG = 'AuthorityToAct';

/** AddParticipantClient: a new participant organisation the agent acts for. */
export const addParticipantClientHandler: RecordActionHandler<
  typeof addParticipantClient,
  OrganisationRow,
  OrganisationRelation
> = {
  appliesTo: (record) => record.type === 'AGENT',
  async handle({ tx, record, actor, values, now, describe }) {
    const [client] = await tx
      .insert(organisations)
      .values({ ...values, type: 'PARTICIPANT', createdAt: now, updatedAt: now })
      .returning();
    if (!client) throw new Error('Inserting the client returned no row');
    await tx.insert(agentClients).values({
      agentOrganisationId: record.id,
      clientOrganisationId: client.id,
      createdBy: actor.id,
      createdAt: now,
    });
    describe({ clientId: client.id, clientName: client.name });
    return {
      message: `${client.name} added as a client`,
      context: { id: client.id, self: `/organisation/${client.id}` },
    };
  },
};

const isConfirmed = async (db: Parameters<typeof findOrganisation>[0], id: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.id, id), isConfirmedOrganisation(organisations.id)));
  return row !== undefined;
};

const agentOptions = async (
  db: Parameters<typeof findOrganisation>[0],
  relation: OrganisationRelation,
  actor: { organisationId: string | null; organisation: { id: string; name: string } | null },
): Promise<FieldOption[]> => {
  // An agent can only give itself authority; the client and the operator choose among all agents.
  if (relation === 'agent')
    return actor.organisation ? [{ value: actor.organisation.id, label: actor.organisation.name }] : [];
  const rows = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(and(eq(organisations.type, 'AGENT'), isConfirmedOrganisation(organisations.id)))
    .orderBy(asc(organisations.name));
  return rows.map((row) => ({ value: row.id, label: row.name }));
};

/**
 * ProvideAgentAuthority: a Pending authority for the agent to act for this client in the round, with the signed
 * authority to act stored by the files module; the agent starts acting for the client. 409 when one exists for
 * the same round and agent, or the round no longer accepts authorities.
 */
export const provideAgentAuthorityHandler: RecordActionHandler<
  typeof provideAgentAuthorityAction,
  OrganisationRow,
  OrganisationRelation
> = {
  appliesTo: (record) => record.type === 'PARTICIPANT',
  async load({ db, relation, actor }) {
    return {
      options: {
        marketRoundId: await roundOptions(db, ROUND_STATUSES_ACCEPTING_AGENT_AUTHORITY),
        agentId: await agentOptions(db, relation, actor),
      },
      initialValues:
        relation === 'agent' && actor.organisationId !== null ? { agentId: actor.organisationId } : {},
    };
  },
  async handle({ deps, tx, record, relation, actor, values, files, now, describe }) {
    if (relation === 'agent' && values.agentId !== actor.organisationId)
      throw new AppError('forbidden', 'An agent can only provide its own authority to act');
    const agent = await findOrganisation(tx, values.agentId);
    if (agent?.type !== 'AGENT' || !(await isConfirmed(tx, agent.id)))
      throw validationError('agentId', 'Not a valid agent');
    const round = await requireRound(tx, values.marketRoundId, 'marketRoundId');
    assertRoundAcceptsAgentAuthority(round);
    const [existing] = await tx
      .select({ id: agentAuthorities.id })
      .from(agentAuthorities)
      .where(
        and(
          eq(agentAuthorities.marketRoundId, round.id),
          eq(agentAuthorities.clientOrganisationId, record.id),
          eq(agentAuthorities.agentOrganisationId, agent.id),
        ),
      );
    if (existing) throw new AppError('conflict', CONFLICT_MESSAGE);
    const file = files.find((candidate) => candidate.fieldId === 'authorityToAct');
    if (!file) throw validationError('authorityToAct', 'Field required');
    const id = randomUUID();
    const stored = await saveUploadedFile(tx, fileStorageFor(deps.config), {
      ownerType: 'agent-authority',
      ownerId: id,
      tag: AUTHORITY_TO_ACT_TAG,
      file,
      userId: actor.id,
      accept: AUTHORITY_TO_ACT_EXTENSIONS,
      fieldPath: 'authorityToAct',
      uploadedAt: now,
    });
    await tx.insert(agentAuthorities).values({
      id,
      marketRoundId: round.id,
      clientOrganisationId: record.id,
      agentOrganisationId: agent.id,
      authorityToActFileId: stored.id,
      permissions: [...new Set(values.permissions)],
      approved: null,
      createdBy: actor.id,
      createdAt: now,
      updatedAt: now,
    });
    await tx
      .insert(agentClients)
      .values({
        agentOrganisationId: agent.id,
        clientOrganisationId: record.id,
        createdBy: actor.id,
        createdAt: now,
      })
      .onConflictDoNothing();
    // The new authority's own feed starts with where it came from.
    await recordActivity(tx, {
      subjectType: 'agent-authority',
      subjectId: id,
      action: provideAgentAuthorityAction.id,
      title: provideAgentAuthorityAction.title,
      actor: { id: actor.id, displayName: actor.displayName, organisationId: actor.organisationId },
      statusBefore: null,
      statusAfter: agentAuthorityStatus(null),
      at: now,
    });
    describe({ agentAuthorityId: id, agentId: agent.id, agentName: agent.name, marketRoundId: round.id });
    return {
      message: `Authority for ${agent.name} in ${round.name} sent for approval`,
      context: { id, self: `/agent-authority/${id}` },
    };
  },
};
