import { z } from 'zod';
import { listQuerySchema } from '../lists/page.ts';
import { queryFlag } from '../registry/registry.schema.ts';
import { CREDIT_REQUIREMENT_TYPES, CREDIT_TYPES } from '../vocab/credits.ts';
import { CREDIT_REQUIREMENT_STATUSES } from '../vocab/statuses.ts';
import { REQUIREMENT_SORT_KEYS } from './requirement.schema.ts';

/** The query of `GET /api/requirements` (search, filters, sort, page), shared by the server and the filter bar. */
export const requirementListQuerySchema = listQuerySchema(REQUIREMENT_SORT_KEYS, 'createdAt').extend({
  roundId: z.uuid().optional(),
  status: z.enum(CREDIT_REQUIREMENT_STATUSES).optional(),
  type: z.enum(CREDIT_REQUIREMENT_TYPES).optional(),
  creditType: z.enum(CREDIT_TYPES).optional(),
  lpaId: z.uuid().optional(),
  /** The registry: requirements from RightsCreated on. */
  registry: queryFlag,
  /** Requirements past their redemption date and not redeemed. */
  lateRedemptions: queryFlag,
});

/** A parsed requirements list query. */
export type RequirementListQuery = z.infer<typeof requirementListQuerySchema>;
