import { z } from 'zod';
import { listQuerySchema } from '../lists/page.ts';
import { AGENT_AUTHORITY_STATUSES } from './agent-authority.lifecycle.ts';
import { AGENT_AUTHORITY_SORT_KEYS } from './agent-authority.schema.ts';

/** The query of `GET /api/agent-authorities` (filters, sort, page), shared by the server and the list's filter bar. */
export const agentAuthorityListQuerySchema = listQuerySchema(AGENT_AUTHORITY_SORT_KEYS, 'createdAt').extend({
  marketRoundId: z.uuid().optional(),
  clientId: z.uuid().optional(),
  agentId: z.uuid().optional(),
  status: z.enum(AGENT_AUTHORITY_STATUSES).optional(),
});

/** A parsed agent authorities list query. */
export type AgentAuthorityListQuery = z.infer<typeof agentAuthorityListQuerySchema>;
