import { type RichTextValue, UNDO_MERGE_MS } from '@curlew/domain';
import { CodeNode } from '@lexical/code-core';
import { ListItemNode, ListNode } from '@lexical/list';
import { type InitialConfigType, LexicalComposer } from '@lexical/react/LexicalComposer';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { Box } from '@mantine/core';
import { $getRoot, type EditorState } from 'lexical';
import type { JSX } from 'react';
import { BlockTypeSelect } from './BlockTypeSelect.tsx';
import { RichTextErrorBoundary } from './RichTextErrorBoundary.tsx';

/** The node types of the minimal editor. */
export const RICH_TEXT_NODES = [HeadingNode, QuoteNode, ListNode, ListItemNode, CodeNode];

/** Props of the rich-text editor. */
export interface RichTextEditorProps {
  value: RichTextValue | undefined;
  onChange: (value: RichTextValue | undefined) => void;
  labelledBy: string;
  describedBy: string | undefined;
  invalid: boolean;
  readOnly?: boolean;
  rows?: number;
}

/** The form value of an editor state: its JSON and plain text, or undefined when it holds no text. */
export const richTextValueOf = (state: EditorState): RichTextValue | undefined =>
  state.read(() => {
    const text = $getRoot().getTextContent();
    return text.trim() === '' ? undefined : { json: JSON.stringify(state.toJSON()), text };
  });

// The editor's own boundary: it shows the failure box in place of the editable area and logs the error.
const EditorContentBoundary = ({ children }: { children: JSX.Element; onError: (error: Error) => void }) => (
  <RichTextErrorBoundary>{children}</RichTextErrorBoundary>
);

const failLoudly = (error: Error): void => {
  throw error;
};

/**
 * A minimal Lexical editor (paragraphs, headings h1-h5, lists, quotes, code, line breaks with Shift+Enter) whose
 * edits merge into one undo step within 1000 ms. Loaded lazily so pages without rich text do not carry Lexical.
 */
export default function RichTextEditor({
  value,
  onChange,
  labelledBy,
  describedBy,
  invalid,
  readOnly,
  rows,
}: RichTextEditorProps) {
  const initialConfig: InitialConfigType = {
    namespace: 'curlew-rich-text',
    nodes: RICH_TEXT_NODES,
    onError: failLoudly,
    editable: readOnly !== true,
    editorState: value?.json,
  };
  return (
    <RichTextErrorBoundary>
      <LexicalComposer initialConfig={initialConfig}>
        <Box
          style={{
            border: `1px solid var(--mantine-color-${invalid ? 'red-7' : 'default-border'})`,
            borderRadius: 'var(--mantine-radius-sm)',
          }}
        >
          {readOnly !== true && (
            <Box p={4} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
              <BlockTypeSelect disabled={false} />
            </Box>
          )}
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                aria-labelledby={labelledBy}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                aria-multiline
                role="textbox"
                style={{ minHeight: `${(rows ?? 4) * 1.5}em`, padding: '0.5rem', outline: 'none' }}
              />
            }
            ErrorBoundary={EditorContentBoundary}
          />
        </Box>
        <HistoryPlugin delay={UNDO_MERGE_MS} />
        <ListPlugin />
        <OnChangePlugin ignoreSelectionChange onChange={(state) => onChange(richTextValueOf(state))} />
      </LexicalComposer>
    </RichTextErrorBoundary>
  );
}
