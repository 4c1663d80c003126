import type { SubjectRef } from '@curlew/domain';
import {
  RICH_TEXT_NODES,
  RichTextComposer,
  type RichTextInputProps,
} from '../../actions/richtext/RichTextComposer.tsx';
import { MentionNode } from './MentionNode.ts';
import { MentionsPlugin } from './MentionsPlugin.tsx';

/** The nodes of the comment editor: the rich-text field's, plus mentions. */
export const COMMENT_EDITOR_NODES = [...RICH_TEXT_NODES, MentionNode];

/** Props of the comment editor. */
export interface CommentEditorProps extends RichTextInputProps {
  subject: SubjectRef;
  disabled?: boolean;
}

/**
 * The editor of a new comment: the rich-text field's blocks (paragraphs, headings h1-h5, lists, quotes, code,
 * line breaks) and '@' mentions of the users who may see the subject; edits within 1000 ms merge into one undo
 * step. Remount it (change its key) to start a new comment.
 */
export default function CommentEditor({ subject, disabled, ...input }: CommentEditorProps) {
  return (
    <RichTextComposer
      namespace="curlew-comment"
      nodes={COMMENT_EDITOR_NODES}
      editable={disabled !== true}
      blockTypeMenu={disabled === true ? 'disabled' : 'enabled'}
      frameStyle={{ position: 'relative' }}
      {...input}
    >
      <MentionsPlugin subject={subject} />
    </RichTextComposer>
  );
}
