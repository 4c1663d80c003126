import type { MentionCandidate } from '@curlew/domain';
import { and, asc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import { users } from '../../auth/auth.tables.ts';
import { toUserWithOrganisation, userWithOrganisationColumns } from '../../auth/users.repo.ts';
import {
  canReadSubject,
  type SubjectKey,
  type SubjectReader,
  subjectAccessFor,
} from '../../platform/actions/subject-access.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import type { Mailer, MailMessage } from '../../platform/mail.ts';
import { organisations } from '../organisations/organisations.tables.ts';

/** Longest part of a comment quoted in a mention e-mail. */
const QUOTED_TEXT_LENGTH = 1000;

/** What a mention e-mail says. */
interface MentionMailInput {
  subject: SubjectKey;
  authorId: string;
  authorName: string;
  /** The ids of the users the comment mentions. */
  userIds: readonly string[];
  /** The comment's plain text. */
  text: string;
  publicUrl: string;
}

const quoted = (text: string): string =>
  text.length > QUOTED_TEXT_LENGTH ? `${text.slice(0, QUOTED_TEXT_LENGTH)}…` : text;

/**
 * The e-mails telling mentioned users about a comment: one per mentioned user other than the author who is
 * enabled and may read the subject (a mention never leaks a comment to someone outside the record's scope).
 */
export async function mentionMails(db: Queryable, input: MentionMailInput): Promise<MailMessage[]> {
  const ids = input.userIds.filter((id) => id !== input.authorId);
  if (ids.length === 0) return [];
  const rows = await db
    .select(userWithOrganisationColumns)
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(inArray(users.id, ids), eq(users.disabled, false)));
  const access = subjectAccessFor(input.subject.subjectType);
  const name =
    (await access?.describe?.(db, input.subject.subjectId)) ??
    `a ${input.subject.subjectType.replace(/-/g, ' ')}`;
  const route = await access?.page?.(db, input.subject.subjectId);
  const link = `${input.publicUrl}${route ?? '/'}`;
  const mails: MailMessage[] = [];
  for (const row of rows) {
    const user = toUserWithOrganisation(row);
    if (!(await canReadSubject(db, user, input.subject))) continue;
    mails.push({
      to: user.email,
      subject: `${input.authorName} mentioned you in a comment`,
      text: [
        `Hello ${user.displayName},`,
        '',
        `${input.authorName} mentioned you in a comment on ${name}:`,
        '',
        quoted(input.text),
        '',
        `Read it and reply at ${link}`,
      ].join('\n'),
      ...(route ? { link } : {}),
    });
  }
  return mails;
}

/** Queues mention e-mails in the mailer's outbox (the comment's transaction, inside an action). */
export async function sendMentionMails(mailer: Mailer, mails: readonly MailMessage[]): Promise<void> {
  for (const mail of mails) await mailer.send(mail);
}

/** Most candidates the mention typeahead offers at once. */
const MENTION_CANDIDATE_LIMIT = 10;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * Users who may be mentioned in a comment on the subject, matching `query` in name or username: enabled users of
 * the organisations taking part (the subject's `organisationIds`, else the asking user's organisation) and of the
 * operator, who may read the subject themselves; never the asking user.
 */
export async function mentionCandidates(
  db: Queryable,
  asking: SubjectReader,
  subject: SubjectKey,
  query: string,
): Promise<MentionCandidate[]> {
  const access = subjectAccessFor(subject.subjectType);
  const taking = access?.organisationIds
    ? await access.organisationIds(db, subject.subjectId)
    : asking.organisationId !== null
      ? [asking.organisationId]
      : [];
  const inOrganisations: SQL[] = [eq(organisations.type, 'OPER')];
  if (taking.length > 0) inOrganisations.push(inArray(users.organisationId, [...taking]));
  const term = `%${escapeLike(query.trim())}%`;
  const rows = await db
    .select(userWithOrganisationColumns)
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(
      and(
        eq(users.disabled, false),
        ne(users.id, asking.id),
        or(...inOrganisations),
        query.trim() === '' ? undefined : or(ilike(users.displayName, term), ilike(users.username, term)),
      ),
    )
    .orderBy(asc(users.displayName), asc(users.id))
    .limit(MENTION_CANDIDATE_LIMIT * 3);
  const candidates: MentionCandidate[] = [];
  for (const row of rows) {
    if (candidates.length >= MENTION_CANDIDATE_LIMIT) break;
    const user = toUserWithOrganisation(row);
    if (!(await canReadSubject(db, user, subject))) continue;
    candidates.push({
      id: user.id,
      displayName: user.displayName,
      organisationName: user.organisation?.name ?? null,
    });
  }
  return candidates;
}
