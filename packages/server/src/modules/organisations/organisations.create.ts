import type { ORGANISATION_CREATE_ACTIONS } from '@curlew/domain';
import { selfLink } from '../../platform/actions/runner.ts';
import type { CreateHandlers, HandlerContextBase } from '../../platform/actions/types.ts';
import { validationError } from '../../platform/errors.ts';
import { detailsColumns } from './organisations.handlers.ts';
import { findReferenceLpaName, insertOrganisation } from './organisations.repo.ts';

type CreateValues = Parameters<typeof detailsColumns>[0];

const createOrganisation = async (
  { tx, values, now }: HandlerContextBase<CreateValues>,
  lpaId: string | null = null,
) => {
  const created = await insertOrganisation(tx, {
    ...detailsColumns(values),
    lpaId,
    createdAt: now,
    updatedAt: now,
  });
  return {
    id: created.id,
    result: {
      message: `${created.name} added`,
      context: { id: created.id, self: selfLink('organisation', created.id) },
    },
  };
};

type LpaValues = Omit<CreateValues, 'name'> & { lpaId: string };

/** CreateLpa: the organisation of a reference local planning authority, named after it and linked to it. */
const createLpaOrganisation = async (context: HandlerContextBase<LpaValues>) => {
  const { lpaId, ...contact } = context.values;
  const name = await findReferenceLpaName(context.tx, lpaId);
  if (name === undefined)
    throw validationError('lpaId', 'Choose one of the local planning authorities listed');
  return createOrganisation({ ...context, values: { ...contact, name } }, lpaId);
};

/** The operator's create actions: each inserts an organisation of its fixed type. */
export const organisationCreateHandlers = {
  CreateOperator: { handle: (context) => createOrganisation(context) },
  CreateLpa: { handle: createLpaOrganisation },
  CreateParticipant: { handle: (context) => createOrganisation(context) },
  CreateAgency: { handle: (context) => createOrganisation(context) },
} satisfies CreateHandlers<typeof ORGANISATION_CREATE_ACTIONS>;
