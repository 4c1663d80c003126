import {
  type FieldOption,
  type FormValues,
  GROUP_OF_ORGANISATION_TYPE,
  type inviteUser,
  ORGANISATION_TYPE_OPTIONS,
  type OrganisationDetails,
  type updateOrganisation,
} from '@curlew/domain';
import { createInvitedUser } from '../../auth/managed-users.ts';
import { swapOrganisationGroup } from '../../auth/users.repo.ts';
import { selfLink } from '../../platform/actions/runner.ts';
import type { RecordActionHandler } from '../../platform/actions/types.ts';
import { AppError } from '../../platform/errors.ts';
import type { OrganisationRelation, OrganisationRow } from './organisations.kind.ts';
import { updateOrganisation as updateOrganisationRow } from './organisations.repo.ts';

type Handler<Def extends typeof updateOrganisation | typeof inviteUser> = RecordActionHandler<
  Def,
  OrganisationRow,
  OrganisationRelation
>;

const DETAIL_KEYS = ['name', 'type', 'contact', 'email', 'phone', 'mailingAddress'] as const;

/** The organisation's details as form values (blank columns left out). */
const organisationFormValues = (row: OrganisationRow): FormValues =>
  Object.fromEntries(DETAIL_KEYS.flatMap((key) => (row[key] === null ? [] : [[key, row[key]]])));

/** Update: the operator may change the type (members' groups follow); others only the details. */
export const updateOrganisationHandler: Handler<typeof updateOrganisation> = {
  async load({ record, relation }) {
    const options: Record<string, FieldOption[]> = {};
    // Only the operator may change the type: everyone else is offered the current one alone.
    if (relation !== 'operator')
      options.type = ORGANISATION_TYPE_OPTIONS.filter((option) => option.value === record.type);
    return { initialValues: organisationFormValues(record), options };
  },
  async handle({ tx, record, relation, values, now }) {
    if (values.type !== record.type && relation !== 'operator') {
      throw new AppError('forbidden', "Only the market operator can change an organisation's type");
    }
    await updateOrganisationRow(tx, record.id, { ...detailsColumns(values), updatedAt: now });
    if (values.type !== record.type) {
      // Members act in the role of their organisation's type: swap the group the old type gave them.
      await swapOrganisationGroup(
        tx,
        record.id,
        { from: GROUP_OF_ORGANISATION_TYPE[record.type], to: GROUP_OF_ORGANISATION_TYPE[values.type] },
        now,
      );
    }
    return undefined;
  },
};

/** The columns of an organisation's details (blank contact fields stored as null). */
export const detailsColumns = (values: OrganisationDetails) => ({
  name: values.name,
  type: values.type,
  contact: values.contact ?? null,
  email: values.email ?? null,
  phone: values.phone ?? null,
  mailingAddress: values.mailingAddress ?? null,
});

/** InviteUser: a user of this organisation, in the group of its type, e-mailed an invitation code (queued in its transaction). */
export const inviteUserHandler: Handler<typeof inviteUser> = {
  async handle({ deps, record, values, describe }) {
    const user = await createInvitedUser(deps, {
      email: values.email,
      displayName: values.displayName,
      phone: values.phone ?? null,
      ...(values.username === undefined ? {} : { username: values.username }),
      groups: [GROUP_OF_ORGANISATION_TYPE[record.type]],
      organisationId: record.id,
    });
    describe({
      invited: { userId: user.id, username: user.username, displayName: user.displayName, email: user.email },
    });
    return {
      message: `Invitation sent to ${user.email}`,
      data: { userId: user.id, username: user.username },
      context: { id: record.id, self: selfLink('organisation', record.id) },
    };
  },
};
