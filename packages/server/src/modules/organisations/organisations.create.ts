import type { ORGANISATION_CREATE_ACTIONS } from '@curlew/domain';
import type { CreateHandlers, HandlerContextBase } from '../../platform/actions/types.ts';
import { detailsColumns } from './organisations.handlers.ts';
import { insertOrganisation } from './organisations.repo.ts';

type CreateValues = Parameters<typeof detailsColumns>[0];

const createOrganisation = async ({ tx, values, now }: HandlerContextBase<CreateValues>) => {
  const created = await insertOrganisation(tx, { ...detailsColumns(values), createdAt: now, updatedAt: now });
  return {
    id: created.id,
    result: {
      message: `${created.name} added`,
      context: { id: created.id, self: `/organisation/${created.id}` },
    },
  };
};

/** The operator's create actions: each inserts an organisation of its fixed type. */
export const organisationCreateHandlers = {
  CreateOperator: { handle: createOrganisation },
  CreateLpa: { handle: createOrganisation },
  CreateParticipant: { handle: createOrganisation },
} satisfies CreateHandlers<typeof ORGANISATION_CREATE_ACTIONS>;
