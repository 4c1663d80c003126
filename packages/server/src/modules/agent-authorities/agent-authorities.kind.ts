import {
  type AgentAuthority,
  type AgentAuthorityStatus,
  agentAuthorityLifecycle,
  agentAuthorityStatus,
  type EntityAction,
} from '@curlew/domain';
import { selfLink } from '../../platform/actions/runner.ts';
import type { EntityKind } from '../../platform/actions/types.ts';
import {
  type AgentAuthorityRecord,
  findAgentAuthority,
  findAgentAuthorityFor,
  writeApproval,
} from './agent-authorities.repo.ts';
import type { AgentAuthorityRelation } from './agent-authorities.scope.ts';

export type { AgentAuthorityRecord } from './agent-authorities.repo.ts';
export type { AgentAuthorityRelation } from './agent-authorities.scope.ts';

/** The agent authority entity for the action runner: `/agent-authority/{id}`. */
export const agentAuthorityKind: EntityKind<
  AgentAuthorityRecord,
  AgentAuthorityRelation,
  AgentAuthorityStatus
> = {
  entity: 'agent-authority',
  collection: 'agent-authorities',
  noun: 'agent authority',
  load: findAgentAuthority,
  loadFor: findAgentAuthorityFor,
  idOf: (record) => record.authority.id,
  lifecycle: {
    definition: agentAuthorityLifecycle,
    statusOf: (record) => agentAuthorityStatus(record.authority.approved),
    writeStatus: (tx, record, status, now) =>
      writeApproval(tx, record.authority.id, status === 'Approved', now),
  },
  fields: ({ authority }) => ({
    permissions: [...authority.permissions],
    authorityToActFileId: authority.authorityToActFileId,
    clientConfirmation: authority.clientConfirmation,
  }),
  fieldLabels: {
    permissions: 'Permissions',
    authorityToActFileId: 'Signed authority to act',
    clientConfirmation: 'Client confirmation',
  },
};

/** An authority as the API answers it. */
export const presentAgentAuthority = (
  record: AgentAuthorityRecord,
  actions: EntityAction[],
): AgentAuthority => {
  const { authority } = record;
  return {
    id: authority.id,
    self: selfLink('agent-authority', authority.id),
    marketRound: { id: authority.marketRoundId, name: record.roundName, status: record.roundStatus },
    client: { id: authority.clientOrganisationId, name: record.clientName },
    agent: { id: authority.agentOrganisationId, name: record.agentName },
    authorityToActFileId: authority.authorityToActFileId,
    permissions: authority.permissions,
    approved: authority.approved,
    status: agentAuthorityStatus(authority.approved),
    approvedBy:
      authority.approvedBy !== null && record.approvedByName !== null
        ? { id: authority.approvedBy, displayName: record.approvedByName }
        : null,
    approvedAt: authority.approvedAt?.toISOString() ?? null,
    uploadedBy:
      record.uploadedBy !== null && record.uploadedByName !== null
        ? {
            id: record.uploadedBy,
            displayName: record.uploadedByName,
            organisation:
              record.uploadedByOrganisationId !== null && record.uploadedByOrganisationName !== null
                ? { id: record.uploadedByOrganisationId, name: record.uploadedByOrganisationName }
                : null,
          }
        : null,
    clientConfirmation: {
      status: authority.clientConfirmation,
      by:
        authority.clientConfirmedBy !== null && record.clientConfirmedByName !== null
          ? { id: authority.clientConfirmedBy, displayName: record.clientConfirmedByName }
          : null,
      at: authority.clientConfirmedAt?.toISOString() ?? null,
    },
    clientHasUsers: record.clientHasUsers,
    createdAt: authority.createdAt.toISOString(),
    actions,
  };
};
