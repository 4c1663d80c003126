import { choiceOf } from '../validation/choice.ts';
import { ORGANISATION_TYPES, USER_GROUPS } from './organisation.values.ts';

export * from './organisation.values.ts';

/** Zod rule for an organisation type. */
export const organisationTypeSchema = choiceOf(ORGANISATION_TYPES);

/** Zod rule for a user group. */
export const userGroupSchema = choiceOf(USER_GROUPS);
