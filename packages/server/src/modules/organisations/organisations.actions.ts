import {
  type FormValues,
  ORGANISATION_ACTIONS,
  ORGANISATION_CREATE_ACTION_BY_TYPE,
  ORGANISATION_CREATE_ACTIONS,
} from '@curlew/domain';
import { defineEntityActions } from '../../platform/actions/runner.ts';
import type { RecordHandlers } from '../../platform/actions/types.ts';
import { commentHandler } from '../comments/comment.handler.ts';
import { addParticipantClientHandler, provideAgentAuthorityHandler } from './organisations.clients.ts';
import { organisationCreateHandlers } from './organisations.create.ts';
import { inviteUserHandler, updateOrganisationHandler } from './organisations.handlers.ts';
import { type OrganisationRelation, type OrganisationRow, organisationKind } from './organisations.kind.ts';
import {
  organisationCreatePolicies,
  organisationGuards,
  organisationPolicies,
} from './organisations.policy.ts';
import { expressInterestHandler, registerAsParticipantHandler } from './organisations.rounds.ts';

/** The handler of every organisation action. */
const organisationHandlers = {
  Update: updateOrganisationHandler,
  Comment: commentHandler<OrganisationRow, OrganisationRelation>({
    subjectType: organisationKind.entity,
    subjectId: (record) => record.id,
  }),
  InviteUser: inviteUserHandler,
  RegisterAsParticipant: registerAsParticipantHandler,
  ExpressInterest: expressInterestHandler,
  AddParticipantClient: addParticipantClientHandler,
  ProvideAgentAuthority: provideAgentAuthorityHandler,
} satisfies RecordHandlers<typeof ORGANISATION_ACTIONS, OrganisationRow, OrganisationRelation>;

const isCreatableType = (type: unknown): type is keyof typeof ORGANISATION_CREATE_ACTION_BY_TYPE =>
  typeof type === 'string' && Object.hasOwn(ORGANISATION_CREATE_ACTION_BY_TYPE, type);

/** Organisation actions on `/organisation/{id}` and the operator's create actions on `/organisations`. */
export const organisationActions = defineEntityActions({
  kind: organisationKind,
  definitions: ORGANISATION_ACTIONS,
  policies: organisationPolicies,
  guards: organisationGuards,
  handlers: organisationHandlers,
  create: {
    definitions: ORGANISATION_CREATE_ACTIONS,
    policies: organisationCreatePolicies,
    handlers: organisationCreateHandlers,
    pick: (values: FormValues) =>
      isCreatableType(values.type) ? ORGANISATION_CREATE_ACTION_BY_TYPE[values.type] : undefined,
  },
});
