import type { RichTextValue } from '@curlew/domain';
import { RICH_TEXT_NODES, RichTextComposer, type RichTextInputProps } from './RichTextComposer.tsx';

/** Props of the rich-text editor. */
export interface RichTextEditorProps extends RichTextInputProps {
  value: RichTextValue | undefined;
  readOnly?: boolean;
  rows?: number;
}

/**
 * A minimal Lexical editor (paragraphs, headings h1-h5, lists, quotes, code, line breaks with Shift+Enter) whose
 * edits merge into one undo step within 1000 ms. Loaded lazily so pages without rich text do not carry Lexical.
 */
export default function RichTextEditor({ value, readOnly, rows, ...input }: RichTextEditorProps) {
  return (
    <RichTextComposer
      namespace="curlew-rich-text"
      nodes={RICH_TEXT_NODES}
      editable={readOnly !== true}
      initialJson={value?.json}
      blockTypeMenu={readOnly === true ? 'hidden' : 'enabled'}
      rows={rows}
      {...input}
    />
  );
}
