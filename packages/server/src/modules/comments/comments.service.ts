import type { RichTextValue } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../auth/auth.tables.ts';
import type { SubjectKey } from '../../platform/actions/subject-access.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import type { MailMessage } from '../../platform/mail.ts';
import { type CommentRow, insertComment } from './comments.repo.ts';
import { mentionMails } from './mentions.ts';

/** What the Comment action handler passes to addComment. */
interface CommentSubmission extends SubjectKey {
  authorId: string;
  content: RichTextValue;
  createdAt: Date;
  /** Base address for links in mention e-mails (config.publicUrl). */
  publicUrl: string;
}

/**
 * The Comment action's work, inside the action's transaction: stores the comment and prepares the e-mails to the
 * users it mentions who may read the subject; queue `mentionMails` with the action's mailer (same transaction).
 */
export async function addComment(
  tx: Queryable,
  submission: CommentSubmission,
): Promise<{ comment: CommentRow; mentionMails: MailMessage[] }> {
  const { comment, mentionedUserIds } = await insertComment(tx, submission);
  const [author] = await tx
    .select({ displayName: users.displayName })
    .from(users)
    .where(eq(users.id, submission.authorId));
  const mails = await mentionMails(tx, {
    subject: submission,
    authorId: submission.authorId,
    authorName: author?.displayName ?? 'Someone',
    userIds: mentionedUserIds,
    text: comment.text,
    publicUrl: submission.publicUrl,
  });
  return { comment, mentionMails: mails };
}
