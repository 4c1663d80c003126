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
import type { CSSProperties, JSX, ReactNode } from 'react';
import { BlockTypeSelect } from './BlockTypeSelect.tsx';
import { RichTextErrorBoundary } from './RichTextErrorBoundary.tsx';

/** The node types of the minimal editor. */
export const RICH_TEXT_NODES = [HeadingNode, QuoteNode, ListNode, ListItemNode, CodeNode];

/** The form value of an editor state: its JSON and plain text, or undefined when it holds no text. */
const richTextValueOf = (state: EditorState): RichTextValue | undefined =>
  state.read(() => {
    const text = $getRoot().getTextContent();
    return text.trim() === '' ? undefined : { json: JSON.stringify(state.toJSON()), text };
  });

/** What every rich-text editor of the app takes from the form around it. */
export interface RichTextInputProps {
  onChange: (value: RichTextValue | undefined) => void;
  labelledBy: string;
  describedBy: string | undefined;
  invalid: boolean;
}

/** How one rich-text editor differs from the others. */
export interface RichTextComposerProps extends RichTextInputProps {
  /** The Lexical namespace of the editor. */
  namespace: string;
  nodes: NonNullable<InitialConfigType['nodes']>;
  editable: boolean;
  /** A stored editor state (JSON) to start from; an empty editor when undefined. */
  initialJson?: string | undefined;
  /** The block type menu above the text: left out, or shown enabled or disabled. */
  blockTypeMenu: 'hidden' | 'enabled' | 'disabled';
  /** The height of the editable area, in lines. */
  rows?: number | undefined;
  /** Style added to the bordered frame around the menu and the text. */
  frameStyle?: CSSProperties;
  /** Plugins of this editor beyond the shared ones (history, lists, change reporting). */
  children?: ReactNode;
}

// The editor's own boundary: it shows the failure box in place of the editable area and logs the error.
const EditorContentBoundary = ({ children }: { children: JSX.Element; onError: (error: Error) => void }) => (
  <RichTextErrorBoundary>{children}</RichTextErrorBoundary>
);

const failLoudly = (error: Error): void => {
  throw error;
};

/**
 * The Lexical set-up every rich-text editor shares: a bordered frame with the block type menu, the labelled
 * editable area, edits merging into one undo step within 1000 ms, lists, and the {json, text} value on change.
 * Only lazily loaded modules may import it, so pages without rich text do not carry Lexical.
 */
export function RichTextComposer({
  namespace,
  nodes,
  editable,
  initialJson,
  blockTypeMenu,
  rows,
  frameStyle,
  children,
  onChange,
  labelledBy,
  describedBy,
  invalid,
}: RichTextComposerProps) {
  const initialConfig: InitialConfigType = {
    namespace,
    nodes,
    onError: failLoudly,
    editable,
    editorState: initialJson,
  };
  return (
    <RichTextErrorBoundary>
      <LexicalComposer initialConfig={initialConfig}>
        <Box
          style={{
            border: `1px solid var(--mantine-color-${invalid ? 'red-7' : 'default-border'})`,
            borderRadius: 'var(--mantine-radius-sm)',
            ...frameStyle,
          }}
        >
          {blockTypeMenu !== 'hidden' && (
            <Box p={4} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
              <BlockTypeSelect disabled={blockTypeMenu === 'disabled'} />
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
        {children}
        <OnChangePlugin ignoreSelectionChange onChange={(state) => onChange(richTextValueOf(state))} />
      </LexicalComposer>
    </RichTextErrorBoundary>
  );
}
