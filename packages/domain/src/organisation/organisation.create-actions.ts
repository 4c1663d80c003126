import { z } from 'zod';
import { defineAction } from '../forms/action.ts';
import { choiceError } from '../validation/choice.ts';
import { LENGTH_LIMITS, MESSAGES } from '../validation/messages.ts';
import { requiredText } from '../validation/rules.ts';
import type { OrganisationType } from '../vocab/organisation.ts';
import {
  ORGANISATION_ENTITY,
  ORGANISATION_TYPE_OPTIONS,
  organisationContactFields,
} from './organisation.actions.ts';
import { organisationContactShape, withParticipantContactRequired } from './organisation.schema.ts';

const createOrganisationAction = <const Id extends string, const Type extends OrganisationType>(
  id: Id,
  type: Type,
  title: string,
) =>
  defineAction({
    id,
    entity: ORGANISATION_ENTITY,
    title,
    actionLabel: 'Create',
    create: true,
    fields: [
      { id: 'name', type: 'Input', label: 'Name' },
      {
        id: 'type',
        type: 'Select',
        label: 'Type',
        readonly: true,
        value: type,
        options: ORGANISATION_TYPE_OPTIONS,
      },
      ...organisationContactFields,
    ],
    input: withParticipantContactRequired(
      z.object({
        name: requiredText(LENGTH_LIMITS.name),
        type: z.literal(type, { error: choiceError }),
        ...organisationContactShape,
      }),
    ),
  });

/** CreateOperator: the operator adds a market operator organisation. */
export const createOperatorOrganisation = createOrganisationAction(
  'CreateOperator',
  'OPER',
  'Add market operator',
);
/**
 * CreateLpa: the operator adds the organisation of one of the reference local planning authorities; it takes
 * that authority's name and stays linked to it.
 */
export const createLpaOrganisation = defineAction({
  id: 'CreateLpa',
  entity: ORGANISATION_ENTITY,
  title: 'Add local planning authority',
  actionLabel: 'Create',
  create: true,
  fields: [
    {
      id: 'lpaId',
      type: 'Select',
      label: 'Local planning authority',
      placeholder: 'Choose a local planning authority',
      optionsSource: { url: '/lpas', valueKey: 'id', labelKey: 'name' },
    },
    {
      id: 'type',
      type: 'Select',
      label: 'Type',
      readonly: true,
      value: 'LPA',
      options: ORGANISATION_TYPE_OPTIONS,
    },
    ...organisationContactFields,
  ],
  input: z.object({
    lpaId: z.string({ error: choiceError }).min(1, { error: MESSAGES.required }),
    type: z.literal('LPA', { error: choiceError }),
    ...organisationContactShape,
  }),
});
/** CreateParticipant: the operator adds a participant (contact details required). */
export const createParticipantOrganisation = createOrganisationAction(
  'CreateParticipant',
  'PARTICIPANT',
  'Add participant',
);

/** CreateAgency: the operator adds an agent organisation (agents may also sign up themselves). */
const createAgencyOrganisation = createOrganisationAction('CreateAgency', 'AGENT', 'Add agency');

/** Every create action of the organisations collection. */
export const ORGANISATION_CREATE_ACTIONS = [
  createOperatorOrganisation,
  createLpaOrganisation,
  createParticipantOrganisation,
  createAgencyOrganisation,
] as const;

/** One organisation create action definition. */
export type OrganisationCreateActionDefinition = (typeof ORGANISATION_CREATE_ACTIONS)[number];

/** Which create action a `POST /api/organisations` body means, by its `type`. */
export const ORGANISATION_CREATE_ACTION_BY_TYPE = {
  OPER: 'CreateOperator',
  LPA: 'CreateLpa',
  PARTICIPANT: 'CreateParticipant',
  AGENT: 'CreateAgency',
} as const satisfies Partial<Record<OrganisationType, OrganisationCreateActionDefinition['id']>>;
