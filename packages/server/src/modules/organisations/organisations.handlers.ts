import {
  type commentAction,
  type FieldOption,
  type FormValues,
  GROUP_OF_ORGANISATION_TYPE,
  type inviteUser,
  ORGANISATION_TYPE_OPTIONS,
  type OrganisationDetails,
  type updateOrganisation,
} from '@curlew/domain';
import { and, eq, sql } from 'drizzle-orm';
import { users } from '../../auth/auth.tables.ts';
import { createInvitedUser } from '../../auth/managed-users.ts';
import type { RecordActionHandler } from '../../platform/actions/types.ts';
import { AppError } from '../../platform/errors.ts';
import { addComment } from '../comments/comments.service.ts';
import type { OrganisationRelation, OrganisationRow } from './organisations.kind.ts';
import { organisations } from './organisations.tables.ts';

type Handler<Def extends typeof updateOrganisation | typeof commentAction | typeof inviteUser> =
  RecordActionHandler<Def, OrganisationRow, OrganisationRelation>;

const DETAIL_KEYS = ['name', 'type', 'contact', 'email', 'phone', 'mailingAddress'] as const;

/** The organisation's details as form values (blank columns left out). */
export const organisationFormValues = (row: OrganisationRow): FormValues =>
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
  async handle({ tx, record, relation, values, now, describe }) {
    if (values.type !== record.type && relation !== 'operator') {
      throw new AppError('forbidden', "Only the market operator can change an organisation's type");
    }
    const next = detailsColumns(values);
    const changed = DETAIL_KEYS.filter((key) => next[key] !== record[key]);
    await tx
      .update(organisations)
      .set({ ...next, updatedAt: now })
      .where(eq(organisations.id, record.id));
    if (values.type !== record.type) {
      const from = GROUP_OF_ORGANISATION_TYPE[record.type];
      const to = GROUP_OF_ORGANISATION_TYPE[values.type];
      // Members act in the role of their organisation's type: swap the group the old type gave them.
      await tx
        .update(users)
        .set({ groups: sql`array_append(array_remove(${users.groups}, ${from}), ${to})`, updatedAt: now })
        .where(and(eq(users.organisationId, record.id), sql`${from} = any(${users.groups})`));
    }
    describe({ changed: [...changed] });
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

/** Comment: stored by the comments module on this organisation; mentioned users are e-mailed after commit. */
export const commentHandler: Handler<typeof commentAction> = {
  async handle({ deps, tx, record, actor, values, now, describe }) {
    const { comment, mentionMails } = await addComment(tx, {
      subjectType: 'organisation',
      subjectId: record.id,
      authorId: actor.id,
      content: values.content,
      createdAt: now,
      publicUrl: deps.config.publicUrl,
    });
    // The runner's mailer holds these until the transaction has committed.
    for (const mail of mentionMails) await deps.mailer.send(mail);
    describe({ commentId: comment.id });
    return { message: 'Comment added', context: { id: record.id, self: `/organisation/${record.id}` } };
  },
};

/** InviteUser: a user of this organisation, in the group of its type, e-mailed an invitation code after commit. */
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
    describe({ userId: user.id, email: user.email });
    return {
      message: `Invitation sent to ${user.email}`,
      data: { userId: user.id, username: user.username },
      context: { id: record.id, self: `/organisation/${record.id}` },
    };
  },
};
