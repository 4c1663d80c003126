import {
  type AGENT_AUTHORITY_ACTIONS,
  agentAuthorityStatus,
  DECLINED_AUTHORITY_MESSAGE,
} from '@curlew/domain';
import { allow, deny, denyRole, operatorOnly } from '../../platform/actions/policy.ts';
import type { GuardAnswer, RecordGuards, RecordPolicies } from '../../platform/actions/types.ts';
import type { AgentAuthorityRecord, AgentAuthorityRelation } from './agent-authorities.kind.ts';

/** The 403 of a client's answer asked by anyone else. */
const CLIENT_MEMBERS_ONLY = 'Only members of the client organisation can do this';

const clientMembersOnly = ({ relation }: { relation: AgentAuthorityRelation }) =>
  relation === 'client' ? allow : denyRole(CLIENT_MEMBERS_ONLY);

/**
 * Only the market operator decides on authorities and their permissions; client and agent see them and may
 * replace the signed authority to act while it awaits the decision; only the client's members confirm or decline
 * what was filed for it.
 */
export const agentAuthorityPolicies = {
  SetApproval: ({ actor }) => operatorOnly(actor),
  EditPermissions: ({ actor }) => operatorOnly(actor),
  ConfirmAuthority: clientMembersOnly,
  DeclineAuthority: clientMembersOnly,
  ReplaceDocument: ({ relation, record }) => {
    if (relation === 'operator' || agentAuthorityStatus(record.authority.approved) === 'Pending')
      return allow;
    return deny('Only the market operator can replace the documents of a decided authority');
  },
} satisfies RecordPolicies<typeof AGENT_AUTHORITY_ACTIONS, AgentAuthorityRecord, AgentAuthorityRelation>;

const ok: GuardAnswer = { ok: true };
const refused = (reason: string): GuardAnswer => ({ ok: false, reason });

/** A declined authority is never approved; the client answers once (and may still decline what it confirmed). */
export const agentAuthorityGuards = {
  SetApproval: async ({ record }) =>
    record.authority.clientConfirmation === 'Declined' ? refused(DECLINED_AUTHORITY_MESSAGE) : ok,
  ConfirmAuthority: async ({ record }) => {
    const { clientConfirmation } = record.authority;
    if (clientConfirmation === 'Confirmed') return refused('The client has already confirmed this authority');
    if (clientConfirmation === 'Declined') return refused('The client has already declined this authority');
    return ok;
  },
  DeclineAuthority: async ({ record }) =>
    record.authority.clientConfirmation === 'Declined'
      ? refused('The client has already declined this authority')
      : ok,
} satisfies RecordGuards<typeof AGENT_AUTHORITY_ACTIONS, AgentAuthorityRecord, AgentAuthorityRelation>;
