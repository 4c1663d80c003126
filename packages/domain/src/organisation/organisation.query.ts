import type { z } from 'zod';
import { listQuerySchema } from '../lists/page.ts';
import { organisationTypeSchema } from '../vocab/organisation.ts';
import { ORGANISATION_SORT_KEYS } from './organisation.schema.ts';

/** The query of `GET /api/organisations` (search, type, sort, page), shared by the server and the list's filter bar. */
export const organisationListQuerySchema = listQuerySchema(ORGANISATION_SORT_KEYS, 'name').extend({
  type: organisationTypeSchema.optional(),
});

/** A parsed organisations list query. */
export type OrganisationListQuery = z.infer<typeof organisationListQuerySchema>;
