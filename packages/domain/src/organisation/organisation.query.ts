import { z } from 'zod';
import { listQuerySchema } from '../lists/page.ts';
import { MAX_PAGE_SIZE } from '../lists/paging.ts';
import { organisationTypeSchema } from '../vocab/organisation.ts';
import { ORGANISATION_SORT_KEYS } from './organisation.schema.ts';

/** The query of `GET /api/organisations` (search, type, sort, page), shared by the server and the list's filter bar. */
export const organisationListQuerySchema = listQuerySchema(ORGANISATION_SORT_KEYS, 'name').extend({
  type: organisationTypeSchema.optional(),
});

/** A parsed organisations list query. */
export type OrganisationListQuery = z.infer<typeof organisationListQuerySchema>;

/** How an organisation's users can be sorted. */
export const ORGANISATION_USER_SORT_KEYS = ['displayName', 'username', 'email'] as const;

/**
 * The query of `GET /api/organisation/{organisationId}/users` (the id from the path): search on the name, username and
 * e-mail, sort, and pages of up to 100 users (the whole of most organisations on one page).
 */
export const organisationUserListQuerySchema = listQuerySchema(
  ORGANISATION_USER_SORT_KEYS,
  'displayName',
).extend({
  organisationId: z.string(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
});

/** A parsed organisation users query. */
export type OrganisationUserListQuery = z.infer<typeof organisationUserListQuerySchema>;
