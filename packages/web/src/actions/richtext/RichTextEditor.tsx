import type { RichTextValue, SubjectRef } from '@curlew/domain';
import { COMMENT_EDITOR_NODES } from '../../features/comments/CommentEditor.tsx';
import { MentionsPlugin } from '../../features/comments/MentionsPlugin.tsx';
import { RICH_TEXT_NODES, RichTextComposer, type RichTextInputProps } from './RichTextComposer.tsx';

/** Props of the rich-text editor. */
export interface RichTextEditorProps extends RichTextInputProps {
  value: RichTextValue | undefined;
  readOnly?: boolean;
  rows?: number | undefined;
  /** Offers '@' mentions of the users who may see this subject, as the comment editor does. */
  mentionsOn?: SubjectRef | undefined;
}

/**
 * A minimal Lexical editor (paragraphs, headings h1-h5, lists, quotes, code, line breaks with Shift+Enter) whose
 * edits merge into one undo step within 1000 ms, with '@' mentions when given a subject. Loaded lazily so pages
 * without rich text do not carry Lexical.
 */
export default function RichTextEditor({ value, readOnly, rows, mentionsOn, ...input }: RichTextEditorProps) {
  const editable = readOnly !== true;
  return (
    <RichTextComposer
      namespace="curlew-rich-text"
      nodes={mentionsOn === undefined ? RICH_TEXT_NODES : COMMENT_EDITOR_NODES}
      editable={editable}
      initialJson={value?.json}
      blockTypeMenu={editable ? 'enabled' : 'hidden'}
      rows={rows}
      {...input}
    >
      {mentionsOn !== undefined && editable && <MentionsPlugin subject={mentionsOn} />}
    </RichTextComposer>
  );
}
