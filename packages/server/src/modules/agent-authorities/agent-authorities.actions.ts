import {
  AGENT_AUTHORITY_ACTIONS,
  agentAuthorityLifecycle,
  agentAuthorityStatus,
  assertTransition,
} from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { allow, deny, operatorOnly } from '../../platform/actions/policy.ts';
import { defineEntityActions } from '../../platform/actions/runner.ts';
import type { RecordHandlers, RecordPolicies } from '../../platform/actions/types.ts';
import { replaceAuthorityDocumentHandler } from './agent-authorities.documents.ts';
import {
  type AgentAuthorityRecord,
  type AgentAuthorityRelation,
  agentAuthorityKind,
} from './agent-authorities.kind.ts';
import { agentAuthorities } from './agent-authorities.tables.ts';

/**
 * Only the market operator decides on authorities and their permissions; client and agent see them and may
 * replace the signed authority to act while it awaits the decision.
 */
export const agentAuthorityPolicies = {
  SetApproval: ({ actor }) => operatorOnly(actor),
  EditPermissions: ({ actor }) => operatorOnly(actor),
  ReplaceDocument: ({ relation, record }) => {
    if (relation === 'operator' || agentAuthorityStatus(record.authority.approved) === 'Pending')
      return allow;
    return deny('Only the market operator can replace the documents of a decided authority');
  },
} satisfies RecordPolicies<typeof AGENT_AUTHORITY_ACTIONS, AgentAuthorityRecord, AgentAuthorityRelation>;

/** SetApproval records the decision (and, when approving, the permissions); EditPermissions changes permissions. */
export const agentAuthorityHandlers = {
  SetApproval: {
    async load({ record }) {
      const { approved, permissions } = record.authority;
      return { initialValues: approved === null ? { permissions } : { approved, permissions } };
    },
    async handle({ tx, record, actor, values, now, describe }) {
      const { authority } = record;
      const from = agentAuthorityStatus(authority.approved);
      const to = agentAuthorityStatus(values.approved);
      if (from !== to) assertTransition(agentAuthorityLifecycle, from, to);
      await tx
        .update(agentAuthorities)
        .set({
          approved: values.approved,
          approvedBy: actor.id,
          approvedAt: now,
          ...(values.approved && values.permissions ? { permissions: [...new Set(values.permissions)] } : {}),
          updatedAt: now,
        })
        .where(eq(agentAuthorities.id, authority.id));
      describe({
        approved: values.approved,
        ...(values.permissions ? { permissions: values.permissions } : {}),
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
      await tx
        .update(agentAuthorities)
        .set({ permissions, updatedAt: now })
        .where(eq(agentAuthorities.id, record.authority.id));
      describe({ before: record.authority.permissions, after: permissions });
      return undefined;
    },
  },
  ReplaceDocument: replaceAuthorityDocumentHandler,
} satisfies RecordHandlers<typeof AGENT_AUTHORITY_ACTIONS, AgentAuthorityRecord, AgentAuthorityRelation>;

/** Agent authority actions on `/agent-authority/{id}`. */
export const agentAuthorityActions = defineEntityActions({
  kind: agentAuthorityKind,
  definitions: AGENT_AUTHORITY_ACTIONS,
  policies: agentAuthorityPolicies,
  handlers: agentAuthorityHandlers,
});
