import {
  type CommentPage,
  type CommentView,
  mentionedUserIds,
  parseRichTextJson,
  type RichTextValue,
  richTextPlainText,
} from '@curlew/domain';
import { and, desc, eq } from 'drizzle-orm';
import { users } from '../../auth/auth.tables.ts';
import { countRows, listPage } from '../../platform/actions/paging.ts';
import type { SubjectKey } from '../../platform/actions/subject-access.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { validationError } from '../../platform/errors.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { comments } from './comments.tables.ts';

/** A comment row. */
export type CommentRow = typeof comments.$inferSelect;

/** What addComment stores. */
interface AddCommentInput extends SubjectKey {
  authorId: string;
  /** The submitted value of the Comment action's `content` field. */
  content: RichTextValue;
  createdAt: Date;
}

/**
 * Stores a comment inside the caller's transaction: the JSON as submitted after checking it again, its plain text
 * derived from the JSON (the submitted text is not trusted), and answers the row with the ids of the users it
 * mentions. 422 on `content` when the JSON is not a supported editor state.
 */
export async function insertComment(
  tx: Queryable,
  input: AddCommentInput,
): Promise<{ comment: CommentRow; mentionedUserIds: string[] }> {
  const parsed = parseRichTextJson(input.content.json);
  if (!parsed.success) throw validationError('content', parsed.message);
  const [comment] = await tx
    .insert(comments)
    .values({
      subjectType: input.subjectType,
      subjectId: input.subjectId,
      authorId: input.authorId,
      json: input.content.json,
      text: richTextPlainText(parsed.state),
      createdAt: input.createdAt,
    })
    .returning();
  if (!comment) throw new Error('Inserting the comment returned no row');
  return { comment, mentionedUserIds: mentionedUserIds(parsed.state) };
}

const commentColumns = {
  comment: comments,
  authorName: users.displayName,
  organisationName: organisations.name,
};

/** A comment as `GET /api/comments` answers it. */
const presentComment = (row: {
  comment: CommentRow;
  authorName: string;
  organisationName: string | null;
}): CommentView => ({
  id: row.comment.id,
  subjectType: row.comment.subjectType,
  subjectId: row.comment.subjectId,
  author: { id: row.comment.authorId, displayName: row.authorName, organisationName: row.organisationName },
  json: row.comment.json,
  text: row.comment.text,
  createdAt: row.comment.createdAt.toISOString(),
});

/** One page of a subject's comments, newest first. */
export async function listComments(
  db: Queryable,
  subject: SubjectKey,
  paging: { page: number; pageSize: number },
): Promise<CommentPage> {
  const where = and(eq(comments.subjectType, subject.subjectType), eq(comments.subjectId, subject.subjectId));
  return listPage(
    paging,
    {
      rows: ({ limit, offset }) =>
        db
          .select(commentColumns)
          .from(comments)
          .innerJoin(users, eq(users.id, comments.authorId))
          .leftJoin(organisations, eq(organisations.id, users.organisationId))
          .where(where)
          .orderBy(desc(comments.createdAt), desc(comments.id))
          .limit(limit)
          .offset(offset),
      total: () => countRows(db, comments, where),
    },
    (rows) => rows.map(presentComment),
  );
}
