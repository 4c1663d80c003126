import { type AGENT_AUTHORITY_ACTIONS, agentAuthorityStatus } from '@curlew/domain';
import { allow, deny, operatorOnly } from '../../platform/actions/policy.ts';
import type { RecordGuards, RecordPolicies } from '../../platform/actions/types.ts';
import type { AgentAuthorityRecord, AgentAuthorityRelation } from './agent-authorities.kind.ts';

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

/** No agent authority action waits on other records or dates. */
export const agentAuthorityGuards = {} satisfies RecordGuards<
  typeof AGENT_AUTHORITY_ACTIONS,
  AgentAuthorityRecord,
  AgentAuthorityRelation
>;
