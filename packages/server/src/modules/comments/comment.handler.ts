import type { commentAction } from '@curlew/domain';
import { selfLink } from '../../platform/actions/runner.ts';
import type { RecordActionHandler } from '../../platform/actions/types.ts';
import { addComment } from './comments.service.ts';

/** How one entity kind's records take comments, for the generic Comment handler. */
interface CommentSubjectConfig<Rec> {
  /** The subject type of its comments (the entity's self-link kind). */
  subjectType: string;
  subjectId(record: Rec): string;
}

/**
 * Comment on any entity: stores the comment on the record; mentioned users who may read it are e-mailed (queued
 * in the outbox in the action's transaction).
 */
export function commentHandler<Rec, Rel extends string>(
  config: CommentSubjectConfig<Rec>,
): RecordActionHandler<typeof commentAction, Rec, Rel> {
  return {
    async handle({ deps, tx, record, actor, values, now, describe }) {
      const subjectId = config.subjectId(record);
      const { comment, mentionMails } = await addComment(tx, {
        subjectType: config.subjectType,
        subjectId,
        authorId: actor.id,
        content: values.content,
        createdAt: now,
        publicUrl: deps.config.publicUrl,
      });
      for (const mail of mentionMails) await deps.mailer.send(mail);
      describe({ commentId: comment.id });
      return {
        message: 'Comment added',
        context: { id: subjectId, self: selfLink(config.subjectType, subjectId) },
      };
    },
  };
}
