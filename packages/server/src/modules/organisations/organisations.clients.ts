import { randomUUID } from 'node:crypto';
import {
  AUTHORITY_TO_ACT_EXTENSIONS,
  type addParticipantClient,
  assertRoundAcceptsAgentAuthority,
  type FieldOption,
  provideAgentAuthority as provideAgentAuthorityAction,
  ROUND_STATUSES_ACCEPTING_AGENT_AUTHORITY,
} from '@curlew/domain';
import { selfLink } from '../../platform/actions/runner.ts';
import type { RecordActionHandler } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError, CONFLICT_MESSAGE, validationError } from '../../platform/errors.ts';
import { AUTHORITY_TO_ACT_TAG } from '../agent-authorities/agent-authorities.actions.ts';
import { sendAuthorityFiledMail } from '../agent-authorities/agent-authorities.mail.ts';
import {
  activeMemberEmails,
  askedConfirmation,
  findAuthorityOf,
  insertAgentAuthority,
  insertAgentClient,
} from '../agent-authorities/agent-authorities.repo.ts';
import { saveUploadedFile } from '../files/files.repo.ts';
import { fileStorageFor } from '../files/storage.ts';
import { roundOptions } from '../rounds/rounds.repo.ts';
import { findOrganisation, type OrganisationRelation, type OrganisationRow } from './organisations.kind.ts';
import {
  agentOrganisationOptions,
  insertOrganisation,
  isConfirmedOrganisationId,
} from './organisations.repo.ts';
import { requireRound } from './organisations.rounds.ts';

/** AddParticipantClient: a new participant organisation the agent acts for (it added the client itself). */
export const addParticipantClientHandler: RecordActionHandler<
  typeof addParticipantClient,
  OrganisationRow,
  OrganisationRelation
> = {
  appliesTo: (record) => record.type === 'AGENT',
  async handle({ tx, record, actor, values, now, describe }) {
    const client = await insertOrganisation(tx, {
      ...values,
      type: 'PARTICIPANT',
      createdAt: now,
      updatedAt: now,
    });
    await insertAgentClient(tx, {
      agentOrganisationId: record.id,
      clientOrganisationId: client.id,
      createdBy: actor.id,
      createdAt: now,
    });
    describe({ client: { id: client.id, name: client.name } });
    return {
      message: `${client.name} added as a client`,
      context: { id: client.id, self: selfLink('organisation', client.id) },
    };
  },
};

const agentOptions = async (
  db: Queryable,
  relation: OrganisationRelation,
  actor: { organisationId: string | null; organisation: { id: string; name: string } | null },
): Promise<FieldOption[]> => {
  // An agent can only give itself authority; the client and the operator choose among all agents.
  if (relation === 'agent')
    return actor.organisation ? [{ value: actor.organisation.id, label: actor.organisation.name }] : [];
  return agentOrganisationOptions(db);
};

/**
 * ProvideAgentAuthority: a Pending authority for the agent to act for this client in the round, with the signed
 * authority to act stored by the files module. The agent acts for the client once the operator approves it. Filed
 * by one of the client's members it is confirmed; filed by anyone else (its agent, the operator) the client's
 * members are e-mailed and asked to confirm or decline it. 409 when one exists for the same round and agent, or the
 * round no longer accepts authorities.
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
    if (agent?.type !== 'AGENT' || !(await isConfirmedOrganisationId(tx, agent.id)))
      throw validationError('agentId', 'Not a valid agent');
    const round = await requireRound(tx, values.marketRoundId, 'marketRoundId');
    assertRoundAcceptsAgentAuthority(round);
    const existing = await findAuthorityOf(tx, {
      agentOrganisationId: agent.id,
      clientOrganisationId: record.id,
      marketRoundId: round.id,
    });
    if (existing) throw new AppError('conflict', CONFLICT_MESSAGE);
    const file = files.find((candidate) => candidate.fieldId === 'authorityToAct');
    if (!file) throw validationError('authorityToAct', 'Field required');
    const id = randomUUID();
    const stored = await saveUploadedFile(tx, fileStorageFor(deps), {
      ownerType: 'agent-authority',
      ownerId: id,
      tag: AUTHORITY_TO_ACT_TAG,
      file,
      userId: actor.id,
      accept: AUTHORITY_TO_ACT_EXTENSIONS,
      fieldPath: 'authorityToAct',
      uploadedAt: now,
    });
    const clientConfirmation = await askedConfirmation(tx, record.id, actor.id);
    await insertAgentAuthority(tx, actor, provideAgentAuthorityAction, {
      id,
      marketRoundId: round.id,
      clientOrganisationId: record.id,
      agentOrganisationId: agent.id,
      authorityToActFileId: stored.id,
      permissions: values.permissions,
      clientConfirmation,
      createdBy: actor.id,
      createdAt: now,
    });
    if (clientConfirmation === 'Pending')
      await sendAuthorityFiledMail(deps, await activeMemberEmails(tx, record.id), {
        clientId: record.id,
        clientName: record.name,
        agentName: agent.name,
        roundName: round.name,
        permissions: [...new Set(values.permissions)],
        filedBy: { displayName: actor.displayName, organisationName: actor.organisation?.name ?? null },
      });
    describe({
      agentAuthority: { id, agent: agent.name, marketRound: round.name },
      permissions: [...new Set(values.permissions)],
    });
    return {
      message: `Authority for ${agent.name} in ${round.name} sent for approval`,
      context: { id, self: selfLink('agent-authority', id) },
    };
  },
};
