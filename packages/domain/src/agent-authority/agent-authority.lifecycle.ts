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

/**
 * Whether the client confirmed an authority filed for it: NotAsked (the client has no users to ask, or the authority
 * predates asking), Pending (its members were asked), Confirmed (a member confirmed, or filed it themselves) or
 * Declined (a member declined: the authority can never be approved).
 */
export const CLIENT_CONFIRMATIONS = ['NotAsked', 'Pending', 'Confirmed', 'Declined'] as const;
/** One client confirmation state. */
export type ClientConfirmation = (typeof CLIENT_CONFIRMATIONS)[number];

/** How each client confirmation state reads. */
export const CLIENT_CONFIRMATION_LABELS = {
  NotAsked: 'Not asked',
  Pending: 'Awaiting the client',
  Confirmed: 'Confirmed by the client',
  Declined: 'Declined by the client',
} as const satisfies Record<ClientConfirmation, string>;

/** The client confirmations a member may still answer (Confirm or Decline). */
export const OPEN_CLIENT_CONFIRMATIONS = [
  'NotAsked',
  'Pending',
] as const satisfies readonly ClientConfirmation[];

/** The 409 sentence of SetApproval on an authority its client declined. */
export const DECLINED_AUTHORITY_MESSAGE = 'The client declined this authority, so it can never be approved';
