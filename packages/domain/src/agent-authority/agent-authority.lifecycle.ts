import { defineLifecycle } from '../forms/lifecycle.ts';

/** Approval statuses of an agent authority: approved is null (Pending), true (Approved) or false (Rejected). */
export const AGENT_AUTHORITY_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
/** One agent authority status. */
export type AgentAuthorityStatus = (typeof AGENT_AUTHORITY_STATUSES)[number];

/** The operator decides a pending authority and may change the decision later (SPEC 3: approval can be edited). */
export const agentAuthorityLifecycle = defineLifecycle({
  statuses: AGENT_AUTHORITY_STATUSES,
  transitions: {
    Pending: ['Approved', 'Rejected'],
    Approved: ['Rejected'],
    Rejected: ['Approved'],
  },
});

/** The status of an authority from its approval answer. */
export const agentAuthorityStatus = (approved: boolean | null): AgentAuthorityStatus =>
  approved === null ? 'Pending' : approved ? 'Approved' : 'Rejected';
