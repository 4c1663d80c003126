import type { EntityAction } from '../forms/wire.ts';
import type { MarketRoundReference } from '../market/market-round.ts';
import type { AgentPermission } from '../vocab/market.ts';
import type { AgentAuthorityStatus, ClientConfirmation } from './agent-authority.lifecycle.ts';

/** The entity kind of agent authority actions (first segment of `/agent-authority/{id}`). */
export const AGENT_AUTHORITY_ENTITY = 'agent-authority';

/** An agent authority as the API answers it; `actions` are those of the signed-in user. */
export interface AgentAuthority {
  id: string;
  self: string;
  marketRound: Pick<MarketRoundReference, 'id' | 'name' | 'status'>;
  client: { id: string; name: string };
  agent: { id: string; name: string };
  /** The signed authority to act: a file id for `GET /api/file/{id}`. */
  authorityToActFileId: string | null;
  permissions: AgentPermission[];
  approved: boolean | null;
  status: AgentAuthorityStatus;
  approvedBy: { id: string; displayName: string } | null;
  approvedAt: string | null;
  /** Who uploaded the signed authority to act now on file, and for which organisation; null when unknown. */
  uploadedBy: { id: string; displayName: string; organisation: { id: string; name: string } | null } | null;
  /** Whether the client confirmed what was filed for it, who answered and when. */
  clientConfirmation: {
    status: ClientConfirmation;
    by: { id: string; displayName: string } | null;
    at: string | null;
  };
  /** Whether the client organisation has users who can confirm (a client added by its agent may have none). */
  clientHasUsers: boolean;
  createdAt: string;
  actions: EntityAction[];
}

/** Sort keys of the agent authorities list. */
export const AGENT_AUTHORITY_SORT_KEYS = ['createdAt', 'client', 'agent', 'round'] as const;
