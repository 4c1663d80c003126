import { z } from 'zod';
import { commentAction } from '../comment/comment.actions.ts';
import { defineAction } from '../forms/action.ts';
import type { FieldDefinition, FieldOption } from '../forms/fields.ts';
import { choicesValue, fileValue } from '../forms/rules.ts';
import { declarationsShape } from '../market/declarations.ts';
import { LENGTH_LIMITS } from '../validation/messages.ts';
import { email, optionalText, requiredText } from '../validation/rules.ts';
import { AGENT_PERMISSION_LABELS, AGENT_PERMISSIONS } from '../vocab/market.ts';
import { ORGANISATION_TYPE_LABELS, ORGANISATION_TYPES } from '../vocab/organisation.ts';
import { PARTICIPATION_CAPACITIES } from '../vocab/statuses.ts';
import { agentPermissionSchema, participationCapacitySchema } from '../vocab/vocab.schemas.ts';
import { optionalPhone, organisationDetailsSchema, participantDetailsSchema } from './organisation.schema.ts';

const optionsOf = <T extends string>(
  values: readonly T[],
  labels: Readonly<Record<T, string>>,
): FieldOption[] => values.map((value) => ({ value, label: labels[value] }));

/** The entity kind of organisation actions (first segment of `/organisation/{id}`). */
export const ORGANISATION_ENTITY = 'organisation';

/** Options of the organisation type select. */
export const ORGANISATION_TYPE_OPTIONS = optionsOf(ORGANISATION_TYPES, ORGANISATION_TYPE_LABELS);

/** The contact fields shared by every organisation form. */
export const organisationContactFields = [
  { id: 'contact', type: 'Input', label: 'Contact name', autocomplete: 'name' },
  { id: 'email', type: 'Input', label: 'Email', autocomplete: 'email' },
  { id: 'phone', type: 'Phone', label: 'Phone', autocomplete: 'tel' },
  {
    id: 'mailingAddress',
    type: 'TextArea',
    label: 'Mailing address',
    rows: 3,
    autocomplete: 'street-address',
  },
] as const satisfies readonly FieldDefinition[];

/** Update: name and type, and the contact details (required for a participant). */
export const updateOrganisation = defineAction({
  id: 'Update',
  entity: ORGANISATION_ENTITY,
  title: 'Update organisation',
  actionLabel: 'Update',
  fields: [
    { id: 'name', type: 'Input', label: 'Name', autocomplete: 'organization' },
    { id: 'type', type: 'Select', label: 'Type', options: ORGANISATION_TYPE_OPTIONS },
    ...organisationContactFields,
  ],
  input: organisationDetailsSchema,
});

const participationFields = [
  {
    id: 'marketRoundId',
    type: 'Select',
    label: 'Market round',
    placeholder: 'Choose a market round',
  },
  {
    id: 'capacities',
    type: 'SelectMulti',
    label: 'Taking part as',
    options: PARTICIPATION_CAPACITIES.map((capacity) => ({ value: capacity, label: capacity })),
  },
] as const satisfies readonly FieldDefinition[];

/** The round, the capacities and the answers to the round's participant registration declarations. */
const participationInput = z.object({
  marketRoundId: requiredText(LENGTH_LIMITS.code),
  capacities: choicesValue().pipe(z.array(participationCapacitySchema)),
  ...declarationsShape,
});

/** RegisterAsParticipant: registers the organisation for an open round, provisionally, in one or more capacities. */
export const registerAsParticipant = defineAction({
  id: 'RegisterAsParticipant',
  entity: ORGANISATION_ENTITY,
  title: 'Register for a market round',
  actionLabel: 'Register',
  fields: participationFields,
  input: participationInput,
});

/** ExpressInterest: tells the operator the organisation means to take part in an open round. */
export const expressInterest = defineAction({
  id: 'ExpressInterest',
  entity: ORGANISATION_ENTITY,
  title: 'Express interest in a market round',
  actionLabel: 'Express interest',
  fields: participationFields,
  input: participationInput,
});

/** InviteUser: creates a user of this organisation who completes the invitation with the e-mailed code. */
export const inviteUser = defineAction({
  id: 'InviteUser',
  entity: ORGANISATION_ENTITY,
  title: 'Invite user',
  actionLabel: 'Invite',
  fields: [
    { id: 'email', type: 'Input', label: 'Email', autocomplete: 'off' },
    { id: 'displayName', type: 'Input', label: 'Name', autocomplete: 'off' },
    { id: 'phone', type: 'Phone', label: 'Phone', optional: true },
    {
      id: 'username',
      type: 'Input',
      label: 'Username',
      optional: true,
      hint: 'The e-mail address is the username unless you choose another.',
    },
  ],
  input: z.object({
    email: email(),
    displayName: requiredText(LENGTH_LIMITS.displayName),
    phone: optionalPhone(),
    username: optionalText(LENGTH_LIMITS.email),
  }),
});

/** AddParticipantClient: an agent registers a new participant organisation it acts for. */
export const addParticipantClient = defineAction({
  id: 'AddParticipantClient',
  entity: ORGANISATION_ENTITY,
  title: 'Add participant client',
  actionLabel: 'Add client',
  fields: [{ id: 'name', type: 'Input', label: 'Name' }, ...organisationContactFields],
  input: participantDetailsSchema,
});

/** Extensions accepted for a signed authority to act. */
export const AUTHORITY_TO_ACT_EXTENSIONS = ['pdf'] as const;

/** The permissions select of agent authority forms. */
export const agentPermissionsField = {
  id: 'permissions',
  type: 'SelectMulti',
  label: 'Permissions',
  options: optionsOf(AGENT_PERMISSIONS, AGENT_PERMISSION_LABELS),
} as const satisfies FieldDefinition;

/** A list of agent permissions, at least one ('Empty array'). */
export const agentPermissionsValue = () => choicesValue().pipe(z.array(agentPermissionSchema));

/** ProvideAgentAuthority: the client gives an agent authority for a round, with the signed authority to act. */
export const provideAgentAuthority = defineAction({
  id: 'ProvideAgentAuthority',
  entity: ORGANISATION_ENTITY,
  title: 'Provide agent authority',
  actionLabel: 'Provide authority',
  fields: [
    { id: 'marketRoundId', type: 'Select', label: 'Market round', placeholder: 'Choose a market round' },
    { id: 'agentId', type: 'Select', label: 'Agent', placeholder: 'Choose an agent' },
    {
      id: 'authorityToAct',
      type: 'File',
      label: 'Signed authority to act',
      accept: AUTHORITY_TO_ACT_EXTENSIONS,
    },
    agentPermissionsField,
  ],
  input: z.object({
    marketRoundId: requiredText(LENGTH_LIMITS.code),
    agentId: requiredText(LENGTH_LIMITS.code),
    authorityToAct: fileValue(AUTHORITY_TO_ACT_EXTENSIONS),
    permissions: agentPermissionsValue(),
  }),
});

/** Every action on one organisation, in the order the page lists them. */
export const ORGANISATION_ACTIONS = [
  updateOrganisation,
  commentAction,
  inviteUser,
  registerAsParticipant,
  expressInterest,
  addParticipantClient,
  provideAgentAuthority,
] as const;

/** One organisation action definition. */
export type OrganisationActionDefinition = (typeof ORGANISATION_ACTIONS)[number];
