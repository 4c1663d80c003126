import { z } from 'zod';
import type { EntityAction } from '../forms/wire.ts';
import { LENGTH_LIMITS, MESSAGES } from '../validation/messages.ts';
import { phone } from '../validation/phone.rules.ts';
import { isPhoneNumber, stripPhoneSeparators } from '../validation/phone.ts';
import { email, optionalText, requiredText } from '../validation/rules.ts';
import type { OrganisationType, UserGroup } from '../vocab/organisation.ts';
import { organisationTypeSchema } from '../vocab/organisation.ts';

/** An optional e-mail address: blank is absent, anything else must be a valid address. */
const optionalEmail = () =>
  optionalText(LENGTH_LIMITS.email).refine(
    (value) => value === undefined || z.email().safeParse(value).success,
    {
      error: MESSAGES.invalidEmail,
    },
  );

/** An optional phone number: blank is absent, anything else must be a phone number of its country (see `phone`). */
export const optionalPhone = () =>
  optionalText(LENGTH_LIMITS.code)
    .transform((value) => (value === undefined ? undefined : stripPhoneSeparators(value)))
    .refine((value) => value === undefined || isPhoneNumber(value), { error: MESSAGES.invalidPhone });

/** The contact details a participant organisation must have (SPEC 5 "Organisation"). */
const PARTICIPANT_REQUIRED_FIELDS = ['contact', 'email', 'phone', 'mailingAddress'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isBlankText = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

/** The contact fields of an organisation, each optional unless the organisation is a participant. */
export const organisationContactShape = {
  contact: optionalText(LENGTH_LIMITS.displayName),
  email: optionalEmail(),
  phone: optionalPhone(),
  mailingAddress: optionalText(),
};

/**
 * Adds 'Field required' to each blank contact field of a PARTICIPANT; runs even when other fields failed so
 * every missing field is reported at once.
 */
export const withParticipantContactRequired = <S extends z.ZodType<{ type?: OrganisationType }>>(
  schema: S,
): S =>
  schema.superRefine(
    (value, ctx) => {
      const fields: Record<string, unknown> = value;
      for (const key of PARTICIPANT_REQUIRED_FIELDS) {
        if (isBlankText(fields[key]))
          ctx.addIssue({ code: 'custom', path: [key], message: MESSAGES.required });
      }
    },
    { when: ({ value }) => isRecord(value) && value.type === 'PARTICIPANT' },
  );

/** An organisation's details: name and type required; a PARTICIPANT also needs contact, email, phone and address. */
export const organisationDetailsSchema = withParticipantContactRequired(
  z.object({
    name: requiredText(LENGTH_LIMITS.name),
    type: organisationTypeSchema,
    ...organisationContactShape,
  }),
);
/** A participant organisation's details, every contact field required (what an agent gives for a new client). */
export const participantDetailsSchema = z.object({
  name: requiredText(LENGTH_LIMITS.name),
  contact: requiredText(LENGTH_LIMITS.displayName),
  email: email(),
  phone: phone(),
  mailingAddress: requiredText(),
});

/** Parsed organisation details. */
export type OrganisationDetails = z.output<typeof organisationDetailsSchema>;

/** Sort keys of the organisations list. */
export const ORGANISATION_SORT_KEYS = ['name', 'type', 'createdAt'] as const;
/** One sort key of the organisations list. */
export type OrganisationSortKey = (typeof ORGANISATION_SORT_KEYS)[number];

/** An organisation as the API answers it; `actions` are those of the signed-in user. */
export interface Organisation {
  id: string;
  self: string;
  type: OrganisationType;
  csvId: string | null;
  name: string;
  contact: string | null;
  email: string | null;
  phone: string | null;
  mailingAddress: string | null;
  createdAt: string;
  updatedAt: string;
  actions: EntityAction[];
}

/** A user of an organisation as `GET /api/organisation/{id}/users` answers it. */
export interface OrganisationUser {
  id: string;
  self: string;
  username: string;
  email: string;
  displayName: string;
  phone: string | null;
  groups: UserGroup[];
  confirmed: boolean;
  disabled: boolean;
  /** Whether the user still has to choose a password (invited, not yet completed). */
  invitationPending: boolean;
  actions: EntityAction[];
}

/** The user group an invited user of an organisation of each type receives. */
export const GROUP_OF_ORGANISATION_TYPE = {
  OPER: 'admin',
  PARTICIPANT: 'participant',
  LPA: 'lpa',
  AGENT: 'agent',
} as const satisfies Record<OrganisationType, UserGroup>;
