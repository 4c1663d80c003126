import { z } from 'zod';
import { listQuerySchema } from '../lists/page.ts';
import { queryFlag } from '../registry/registry.schema.ts';
import { CREDIT_TYPES } from '../vocab/credits.ts';
import { PROJECT_STATUSES } from '../vocab/statuses.ts';
import { PROJECT_SORT_KEYS } from './project.schema.ts';

/** The query of `GET /api/projects` (search, filters, sort, page), shared by the server and the list's filter bar. */
export const projectListQuerySchema = listQuerySchema(PROJECT_SORT_KEYS, 'name').extend({
  roundId: z.uuid().optional(),
  status: z.enum(PROJECT_STATUSES).optional(),
  typeId: z.uuid().optional(),
  creditType: z.enum(CREDIT_TYPES).optional(),
  lpaId: z.uuid().optional(),
  supplierId: z.uuid().optional(),
  /** The registry: projects from Matched on. */
  registry: queryFlag,
  /** Projects whose latest compliance check failed. */
  nonCompliant: queryFlag,
});

/** A parsed projects list query. */
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;
