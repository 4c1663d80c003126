import {
  AGENT_AUTHORITY_ACTIONS,
  agentAuthorityLifecycle,
  agentAuthorityStatus,
  assertTransition,
} from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { operatorOnly } from '../../platform/actions/policy.ts';
import { defineEntityActions } from '../../platform/actions/runner.ts';
import type { RecordHandlers, RecordPolicies } from '../../platform/actions/types.ts';
import {
  type AgentAuthorityRecord,
  type AgentAuthorityRelation,
  agentAuthorityKind,
} from './agent-authorities.kind.ts';
import { agentAuthorities } from './agent-authorities.tables.ts';

/** Only the market operator decides on authorities and their permissions; client and agent see them. */
export const agentAuthorityPolicies = {
  SetApproval: ({ actor }) => operatorOnly(actor),
  EditPermissions: ({ actor }) => operatorOnly(actor),
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
} satisfies RecordHandlers<typeof AGENT_AUTHORITY_ACTIONS, AgentAuthorityRecord, AgentAuthorityRelation>;

/** Agent authority actions on `/agent-authority/{id}`. */
export const agentAuthorityActions = defineEntityActions({
  kind: agentAuthorityKind,
  definitions: AGENT_AUTHORITY_ACTIONS,
  policies: agentAuthorityPolicies,
  handlers: agentAuthorityHandlers,
});
