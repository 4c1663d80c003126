import { $createCodeNode } from '@lexical/code-core';
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $createHeadingNode, $createQuoteNode, type HeadingTagType } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { NativeSelect } from '@mantine/core';
import { $createParagraphNode, $getSelection, $isRangeSelection, type ElementNode } from 'lexical';
import { useState } from 'react';

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5'] as const satisfies readonly HeadingTagType[];

/** The block types of the minimal editor (SPEC 3 comments: paragraphs, headings h1-h5, lists, quotes, code). */
const BLOCK_TYPES = {
  paragraph: 'Paragraph',
  h1: 'Heading 1',
  h2: 'Heading 2',
  h3: 'Heading 3',
  h4: 'Heading 4',
  h5: 'Heading 5',
  quote: 'Quote',
  code: 'Code',
  bullet: 'Bulleted list',
  number: 'Numbered list',
} as const satisfies Record<string, string>;
type BlockType = keyof typeof BLOCK_TYPES;

const isBlockType = (value: string): value is BlockType => value in BLOCK_TYPES;

const blockFactory = (type: Exclude<BlockType, 'bullet' | 'number'>): (() => ElementNode) => {
  if (type === 'quote') return $createQuoteNode;
  if (type === 'code') return $createCodeNode;
  if (type === 'paragraph') return $createParagraphNode;
  const heading = HEADINGS.find((tag) => tag === type) ?? 'h1';
  return () => $createHeadingNode(heading);
};

/** Turns the selected blocks into a paragraph, heading, quote, code block or list. */
export function BlockTypeSelect({ disabled }: { disabled: boolean }) {
  const [editor] = useLexicalComposerContext();
  const [chosen, setChosen] = useState<BlockType>('paragraph');
  const apply = (type: BlockType) => {
    setChosen(type);
    if (type === 'bullet') {
      editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined);
      return;
    }
    if (type === 'number') {
      editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined);
      return;
    }
    editor.update(() => {
      const selection = $getSelection();
      if ($isRangeSelection(selection)) $setBlocksType(selection, blockFactory(type));
    });
  };
  return (
    <NativeSelect
      aria-label="Block type"
      size="xs"
      w={160}
      disabled={disabled}
      value={chosen}
      data={Object.entries(BLOCK_TYPES).map(([value, label]) => ({ value, label }))}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isBlockType(value)) apply(value);
      }}
    />
  );
}
