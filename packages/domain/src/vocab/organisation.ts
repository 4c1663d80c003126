import { choiceOf } from '../validation/choice.ts';
import { ORGANISATION_TYPES } from './organisation.values.ts';

export * from './organisation.values.ts';

/** Zod rule for an organisation type. */
export const organisationTypeSchema = choiceOf(ORGANISATION_TYPES);
