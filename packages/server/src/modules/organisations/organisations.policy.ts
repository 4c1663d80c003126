import type { ORGANISATION_ACTIONS, ORGANISATION_CREATE_ACTIONS } from '@curlew/domain';
import { operatorOnly, relationIn } from '../../platform/actions/policy.ts';
import type { CreatePolicies, RecordGuards, RecordPolicies } from '../../platform/actions/types.ts';
import type { OrganisationRelation, OrganisationRow } from './organisations.kind.ts';

const EVERYONE_INVOLVED = 'Only the market operator, members of the organisation and its agents can do this';
const OPERATOR_OR_MEMBERS = 'Only the market operator and members of the organisation can do this';

/**
 * Who may run each organisation action (the table in docs/actions-and-policies.md "Who may do which organisation action").
 * Relations come from the scope: operator, member of the organisation, or agent acting for it as a client (one it
 * added, or one whose authority the operator approved). Further checks that need the submitted values happen in
 * the handlers: only the operator changes a type; an agent registers or expresses interest only with approved
 * RegisterForRound authority for the round the form names, and gives authority only to itself.
 */
export const organisationPolicies = {
  Update: relationIn<OrganisationRelation>(['operator', 'member', 'agent'], EVERYONE_INVOLVED),
  Comment: relationIn<OrganisationRelation>(['operator', 'member', 'agent'], EVERYONE_INVOLVED),
  InviteUser: relationIn<OrganisationRelation>(['operator', 'member'], OPERATOR_OR_MEMBERS),
  RegisterAsParticipant: relationIn<OrganisationRelation>(['operator', 'member', 'agent'], EVERYONE_INVOLVED),
  ExpressInterest: relationIn<OrganisationRelation>(['operator', 'member', 'agent'], EVERYONE_INVOLVED),
  AddParticipantClient: relationIn<OrganisationRelation>(['operator', 'member'], OPERATOR_OR_MEMBERS),
  ProvideAgentAuthority: relationIn<OrganisationRelation>(['operator', 'member', 'agent'], EVERYONE_INVOLVED),
} satisfies RecordPolicies<typeof ORGANISATION_ACTIONS, OrganisationRow, OrganisationRelation>;

/** Only the market operator adds organisations (participants and agents may also sign up themselves). */
export const organisationCreatePolicies = {
  CreateOperator: operatorOnly,
  CreateLpa: operatorOnly,
  CreateParticipant: operatorOnly,
  CreateAgency: operatorOnly,
} satisfies CreatePolicies<typeof ORGANISATION_CREATE_ACTIONS>;

/** No organisation action waits on other records or dates (the round a form names is checked with its values). */
export const organisationGuards = {} satisfies RecordGuards<
  typeof ORGANISATION_ACTIONS,
  OrganisationRow,
  OrganisationRelation
>;
