import { type RichTextValue, type SubjectRef, UNDO_MERGE_MS } from '@curlew/domain';
import { type InitialConfigType, LexicalComposer } from '@lexical/react/LexicalComposer';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { Box } from '@mantine/core';
import type { JSX } from 'react';
import { BlockTypeSelect } from '../../actions/richtext/BlockTypeSelect.tsx';
import { RICH_TEXT_NODES, richTextValueOf } from '../../actions/richtext/RichTextEditor.tsx';
import { RichTextErrorBoundary } from '../../actions/richtext/RichTextErrorBoundary.tsx';
import { MentionNode } from './MentionNode.ts';
import { MentionsPlugin } from './MentionsPlugin.tsx';

/** The nodes of the comment editor: the rich-text field's, plus mentions. */
export const COMMENT_EDITOR_NODES = [...RICH_TEXT_NODES, MentionNode];

/** Props of the comment editor. */
export interface CommentEditorProps {
  subject: SubjectRef;
  onChange: (value: RichTextValue | undefined) => void;
  labelledBy: string;
  describedBy: string | undefined;
  invalid: boolean;
  disabled?: boolean;
}

const EditorContentBoundary = ({ children }: { children: JSX.Element; onError: (error: Error) => void }) => (
  <RichTextErrorBoundary>{children}</RichTextErrorBoundary>
);

const failLoudly = (error: Error): void => {
  throw error;
};

/**
 * The editor of a new comment: the rich-text field's blocks (paragraphs, headings h1-h5, lists, quotes, code,
 * line breaks) and '@' mentions of the users who may see the subject; edits within 1000 ms merge into one undo
 * step. Remount it (change its key) to start a new comment.
 */
export default function CommentEditor({
  subject,
  onChange,
  labelledBy,
  describedBy,
  invalid,
  disabled,
}: CommentEditorProps) {
  const initialConfig: InitialConfigType = {
    namespace: 'curlew-comment',
    nodes: COMMENT_EDITOR_NODES,
    onError: failLoudly,
    editable: disabled !== true,
  };
  return (
    <RichTextErrorBoundary>
      <LexicalComposer initialConfig={initialConfig}>
        <Box
          style={{
            border: `1px solid var(--mantine-color-${invalid ? 'red-7' : 'default-border'})`,
            borderRadius: 'var(--mantine-radius-sm)',
            position: 'relative',
          }}
        >
          <Box p={4} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
            <BlockTypeSelect disabled={disabled === true} />
          </Box>
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                aria-labelledby={labelledBy}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                aria-multiline
                role="textbox"
                style={{ minHeight: '6em', padding: '0.5rem', outline: 'none' }}
              />
            }
            ErrorBoundary={EditorContentBoundary}
          />
        </Box>
        <HistoryPlugin delay={UNDO_MERGE_MS} />
        <ListPlugin />
        <MentionsPlugin subject={subject} />
        <OnChangePlugin ignoreSelectionChange onChange={(state) => onChange(richTextValueOf(state))} />
      </LexicalComposer>
    </RichTextErrorBoundary>
  );
}
