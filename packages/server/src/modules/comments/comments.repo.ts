import {
  activityTimeText,
  type CommentListQuery,
  type CommentView,
  commentListQuerySchema,
  mentionedUserIds,
  parseRichTextJson,
  type RichTextValue,
  richTextPlainText,
} from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../auth/auth.tables.ts';
import type { SubjectKey } from '../../platform/actions/subject-access.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { validationError } from '../../platform/errors.ts';
import type { DescribedList } from '../../platform/read/list-route.ts';
import { subjectListParts } from '../../platform/read/subject-list.ts';
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

interface CommentRead {
  comment: CommentRow;
  authorName: string;
  organisationName: string | null;
}

/** A comment as `GET /api/comments` answers it. */
const presentComment = (row: CommentRead): CommentView => ({
  id: row.comment.id,
  subjectType: row.comment.subjectType,
  subjectId: row.comment.subjectId,
  author: { id: row.comment.authorId, displayName: row.authorName, organisationName: row.organisationName },
  json: row.comment.json,
  text: row.comment.text,
  createdAt: row.comment.createdAt.toISOString(),
});

/**
 * A record's comments (`GET /api/comments?subjectType=&subjectId=`, newest first; `format=csv|xlsx` exports them),
 * read by whoever may read the record (400 without it, 404 outside their scope).
 */
export const commentList: DescribedList<CommentListQuery, CommentRead, CommentView> = {
  query: commentListQuerySchema,
  itemType: 'CommentView',
  table: comments,
  id: comments.id,
  ...subjectListParts(comments),
  sort: { createdAt: comments.createdAt },
  search: [comments.text],
  collectionActions: false,
  rows: ({ db }, where) =>
    db
      .select({ comment: comments, authorName: users.displayName, organisationName: organisations.name })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.authorId))
      .leftJoin(organisations, eq(organisations.id, users.organisationId))
      .where(where),
  present: (rows) => rows.map(presentComment),
  export: {
    filename: 'comments',
    sheet: 'Comments',
    maxRows: 100_000,
    columns: [
      { header: 'Written', width: 18, value: (item) => activityTimeText(item.createdAt) },
      { header: 'Author', width: 24, value: (item) => item.author.displayName },
      { header: 'Organisation', width: 28, value: (item) => item.author.organisationName ?? '' },
      { header: 'Comment', width: 80, value: (item) => item.text },
    ],
  },
};
