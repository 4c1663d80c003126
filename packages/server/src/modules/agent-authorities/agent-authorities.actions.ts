import { AGENT_AUTHORITY_ACTIONS, AUTHORITY_TO_ACT_EXTENSIONS } from '@curlew/domain';
import { defineEntityActions } from '../../platform/actions/runner.ts';
import type { RecordHandlers } from '../../platform/actions/types.ts';
import { replaceDocumentHandler } from '../files/replace-document.handler.ts';
import {
  type AgentAuthorityRecord,
  type AgentAuthorityRelation,
  agentAuthorityKind,
} from './agent-authorities.kind.ts';
import { sendAuthorityFiledMail } from './agent-authorities.mail.ts';
import { agentAuthorityGuards, agentAuthorityPolicies } from './agent-authorities.policy.ts';
import {
  activeMemberEmails,
  askedConfirmation,
  findAgentAuthority,
  updateAgentAuthority,
} from './agent-authorities.repo.ts';

/** The document kind under which a signed authority to act is stored. */
export const AUTHORITY_TO_ACT_TAG = 'AuthorityToAct';

/**
 * Swaps a document of an authority; a new signed letter keeps the client's confirmation only when it comes from
 * the client.
 */
const replaceAuthorityDocument = replaceDocumentHandler<AgentAuthorityRecord, AgentAuthorityRelation>({
  ownerType: agentAuthorityKind.entity,
  ownerId: (record) => record.authority.id,
  accept: (tag) => (tag === AUTHORITY_TO_ACT_TAG ? AUTHORITY_TO_ACT_EXTENSIONS : undefined),
  async replaced(tx, record, tag, replacement, now) {
    if (tag !== AUTHORITY_TO_ACT_TAG) return;
    // A confirmation was of the letter then on file: a new letter from anyone but the client asks again.
    const asked =
      record.authority.clientConfirmation === 'Confirmed'
        ? await askedConfirmation(tx, record.authority.clientOrganisationId, replacement.uploadedBy)
        : undefined;
    await updateAgentAuthority(tx, record.authority.id, {
      authorityToActFileId: replacement.id,
      ...(asked && asked !== 'Confirmed'
        ? { clientConfirmation: asked, clientConfirmedBy: null, clientConfirmedAt: null }
        : {}),
      updatedAt: now,
    });
  },
});

/**
 * SetApproval records who decided and when (and, when approving, the permissions); its answer chooses the status,
 * which the runner writes. EditPermissions changes the permissions; ReplaceDocument swaps a document; the client's
 * members confirm or decline what was filed for it.
 */
const agentAuthorityHandlers = {
  SetApproval: {
    async load({ record }) {
      const { approved, permissions } = record.authority;
      return { initialValues: approved === null ? { permissions } : { approved, permissions } };
    },
    async handle({ tx, record, actor, values, now, describe }) {
      const permissions =
        values.approved && values.permissions ? [...new Set(values.permissions)] : undefined;
      await updateAgentAuthority(tx, record.authority.id, {
        approvedBy: actor.id,
        approvedAt: now,
        ...(permissions ? { permissions } : {}),
        updatedAt: now,
      });
      describe({
        decision: values.approved ? 'Approved' : 'Rejected',
        ...(permissions ? { permissions } : {}),
      });
      return { message: values.approved ? 'Authority approved' : 'Authority rejected' };
    },
  },
  EditPermissions: {
    async load({ record }) {
      return { initialValues: { permissions: record.authority.permissions } };
    },
    async handle({ tx, record, values, now, describe }) {
      const permissions = [...new Set(values.permissions)];
      await updateAgentAuthority(tx, record.authority.id, { permissions, updatedAt: now });
      describe({ permissions });
      return undefined;
    },
  },
  ConfirmAuthority: {
    async handle({ tx, record, actor, now }) {
      await updateAgentAuthority(tx, record.authority.id, {
        clientConfirmation: 'Confirmed',
        clientConfirmedBy: actor.id,
        clientConfirmedAt: now,
        updatedAt: now,
      });
      return { message: `Authority for ${record.agentName} confirmed` };
    },
  },
  DeclineAuthority: {
    async handle({ tx, record, actor, values, now, describe }) {
      await updateAgentAuthority(tx, record.authority.id, {
        clientConfirmation: 'Declined',
        clientConfirmedBy: actor.id,
        clientConfirmedAt: now,
        updatedAt: now,
      });
      if (values.reason) describe({ reason: values.reason });
      return { message: `Authority for ${record.agentName} declined` };
    },
  },
  ReplaceDocument: {
    ...replaceAuthorityDocument,
    // A new letter from anyone but the client asks its members again, by e-mail as when it was filed.
    async handle(context) {
      const result = await replaceAuthorityDocument.handle(context);
      const { deps, tx, record, actor, values } = context;
      const clientId = record.authority.clientOrganisationId;
      if (values.tag !== AUTHORITY_TO_ACT_TAG || actor.organisationId === clientId) return result;
      const after = await findAgentAuthority(tx, record.authority.id);
      if (after?.authority.clientConfirmation === 'Pending')
        await sendAuthorityFiledMail(deps, await activeMemberEmails(tx, clientId), {
          clientId,
          clientName: record.clientName,
          agentName: record.agentName,
          roundName: record.roundName,
          permissions: record.authority.permissions,
          filedBy: { displayName: actor.displayName, organisationName: actor.organisation?.name ?? null },
          replaced: true,
        });
      return result;
    },
  },
} satisfies RecordHandlers<typeof AGENT_AUTHORITY_ACTIONS, AgentAuthorityRecord, AgentAuthorityRelation>;

/** Agent authority actions on `/agent-authority/{id}`. */
export const agentAuthorityActions = defineEntityActions({
  kind: agentAuthorityKind,
  definitions: AGENT_AUTHORITY_ACTIONS,
  policies: agentAuthorityPolicies,
  guards: agentAuthorityGuards,
  handlers: agentAuthorityHandlers,
});
