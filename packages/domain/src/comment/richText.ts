import { z } from 'zod';
import { RICH_TEXT_HEADING_TAGS } from './comment.vocab.ts';

/**
 * The stored rich text of comments: a Lexical editor state (`editorState.toJSON()`) limited to the node types
 * the editor offers (SPEC 3 "Other": paragraphs, text, mentions, line breaks; headings h1-h5, lists, quotes,
 * code). Anything else is refused before it is stored, so the read-only renderer only ever meets these nodes.
 */

/** The longest JSON string a rich-text value may be. */
export const RICH_TEXT_JSON_MAX_LENGTH = 200_000;
/** The most plain-text characters a rich-text value may hold. */
export const RICH_TEXT_TEXT_MAX_LENGTH = 20_000;
/** The most nodes a rich-text value may hold. */
export const RICH_TEXT_MAX_NODES = 5_000;
/** The deepest nesting of nodes (root = 1); lists nest inside list items. */
export const RICH_TEXT_MAX_DEPTH = 16;
/** The list kinds the editor offers. */
const RICH_TEXT_LIST_TYPES = ['bullet', 'number'] as const;
/** Every node type a stored rich text may contain. */
const RICH_TEXT_NODE_TYPES = [
  'root',
  'paragraph',
  'text',
  'tab',
  'linebreak',
  'mention',
  'heading',
  'list',
  'listitem',
  'quote',
  'code',
] as const;
/** One node type of a stored rich text. */
export type RichTextNodeType = (typeof RICH_TEXT_NODE_TYPES)[number];

/** Message of a rich-text value that is not a valid editor state of the supported nodes. */
export const INVALID_RICH_TEXT_MESSAGE = 'Not a valid rich text';
/** Message of a rich-text value over the size limits. */
export const RICH_TEXT_TOO_LONG_MESSAGE = 'The text is too long';

/** A run of text; `format` is a bit set of TEXT_FORMAT_FLAGS. */
export interface RichTextTextJson {
  type: 'text';
  text: string;
  format?: number;
}
/** A tab character (Lexical's TabNode, made when text with tabs is pasted). */
export interface RichTextTabJson {
  type: 'tab';
  text?: string;
}
/** A line break inside a block (Shift+Enter). */
export interface RichTextLineBreakJson {
  type: 'linebreak';
}
/** A mention of a user: `text` is what is shown ('@Sam Supplier'), `userId` who is notified. */
export interface RichTextMentionJson {
  type: 'mention';
  text: string;
  userId: string;
}
/** Content of a block: text, tabs, line breaks and mentions. */
export type RichTextInlineJson =
  | RichTextTextJson
  | RichTextTabJson
  | RichTextLineBreakJson
  | RichTextMentionJson;
/** A paragraph. */
export interface RichTextParagraphJson {
  type: 'paragraph';
  children: RichTextInlineJson[];
}
/** A heading h1-h5. */
export interface RichTextHeadingJson {
  type: 'heading';
  tag: (typeof RICH_TEXT_HEADING_TAGS)[number];
  children: RichTextInlineJson[];
}
/** A quotation. */
export interface RichTextQuoteJson {
  type: 'quote';
  children: RichTextInlineJson[];
}
/** A code block. */
export interface RichTextCodeJson {
  type: 'code';
  children: RichTextInlineJson[];
}
/** A list item: text, and nested lists. */
export interface RichTextListItemJson {
  type: 'listitem';
  children: (RichTextInlineJson | RichTextListJson)[];
}
/** A bulleted or numbered list. */
export interface RichTextListJson {
  type: 'list';
  listType: (typeof RICH_TEXT_LIST_TYPES)[number];
  start?: number;
  children: RichTextListItemJson[];
}
/** A block at the top level. */
export type RichTextBlockJson =
  | RichTextParagraphJson
  | RichTextHeadingJson
  | RichTextQuoteJson
  | RichTextCodeJson
  | RichTextListJson;
/** A whole stored editor state. */
export interface RichTextStateJson {
  root: { type: 'root'; children: RichTextBlockJson[] };
}

// Lexical writes more members (direction, indent, style, version...): they are allowed and kept, never read.
const textNode = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  format: z.number().int().min(0).max(0xffff).optional(),
});
const tabNode = z.looseObject({ type: z.literal('tab'), text: z.string().optional() });
const lineBreakNode = z.looseObject({ type: z.literal('linebreak') });
const mentionNode = z.looseObject({
  type: z.literal('mention'),
  text: z.string().min(1).max(200),
  userId: z.uuid(),
});
const inlineNode = z.discriminatedUnion('type', [textNode, tabNode, lineBreakNode, mentionNode]);
const inlineChildren = z.array(inlineNode);

const paragraphNode = z.looseObject({ type: z.literal('paragraph'), children: inlineChildren });
const headingNode = z.looseObject({
  type: z.literal('heading'),
  tag: z.enum(RICH_TEXT_HEADING_TAGS),
  children: inlineChildren,
});
const quoteNode = z.looseObject({ type: z.literal('quote'), children: inlineChildren });
const codeNode = z.looseObject({ type: z.literal('code'), children: inlineChildren });

const listNode: z.ZodType<RichTextListJson> = z.lazy(() =>
  z.looseObject({
    type: z.literal('list'),
    listType: z.enum(RICH_TEXT_LIST_TYPES),
    start: z.number().int().optional(),
    children: z.array(listItemNode),
  }),
);
const listItemNode: z.ZodType<RichTextListItemJson> = z.lazy(() =>
  z.looseObject({
    type: z.literal('listitem'),
    children: z.array(z.union([inlineNode, listNode])),
  }),
);

const blockNode = z.union([paragraphNode, headingNode, quoteNode, codeNode, listNode]);

/** The zod schema of a stored editor state of the supported nodes (use `parseRichTextJson` for a JSON string). */
const richTextStateSchema: z.ZodType<RichTextStateJson> = z.object({
  root: z.looseObject({ type: z.literal('root'), children: z.array(blockNode) }),
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Counts nodes and measures nesting without recursion, so hostile depth cannot exhaust the stack. */
const measure = (value: unknown): { nodes: number; depth: number } => {
  let nodes = 0;
  let depth = 0;
  const pending: { node: unknown; level: number }[] = [
    { node: isRecord(value) ? value.root : value, level: 1 },
  ];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    nodes += 1;
    depth = Math.max(depth, next.level);
    if (nodes > RICH_TEXT_MAX_NODES || depth > RICH_TEXT_MAX_DEPTH) break;
    const children = isRecord(next.node) ? next.node.children : undefined;
    if (Array.isArray(children)) {
      for (const child of children) pending.push({ node: child, level: next.level + 1 });
    }
  }
  return { nodes, depth };
};

/** The outcome of reading a stored rich-text JSON string. */
export type RichTextParse = { success: true; state: RichTextStateJson } | { success: false; message: string };

/**
 * Reads a rich-text JSON string: at most RICH_TEXT_JSON_MAX_LENGTH characters, RICH_TEXT_MAX_NODES nodes and
 * RICH_TEXT_MAX_DEPTH levels, and only the supported node types.
 */
export const parseRichTextJson = (json: string): RichTextParse => {
  if (json.length > RICH_TEXT_JSON_MAX_LENGTH) return { success: false, message: RICH_TEXT_TOO_LONG_MESSAGE };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    if (error instanceof SyntaxError) return { success: false, message: INVALID_RICH_TEXT_MESSAGE };
    throw error;
  }
  const { nodes, depth } = measure(value);
  if (nodes > RICH_TEXT_MAX_NODES || depth > RICH_TEXT_MAX_DEPTH) {
    return { success: false, message: RICH_TEXT_TOO_LONG_MESSAGE };
  }
  const parsed = richTextStateSchema.safeParse(value);
  return parsed.success
    ? { success: true, state: parsed.data }
    : { success: false, message: INVALID_RICH_TEXT_MESSAGE };
};

const inlineText = (node: RichTextInlineJson): string => {
  if (node.type === 'linebreak') return '\n';
  if (node.type === 'tab') return '\t';
  return node.text;
};

const listText = (list: RichTextListJson): string =>
  list.children
    .map((item) =>
      item.children.map((child) => (child.type === 'list' ? listText(child) : inlineText(child))).join(''),
    )
    .join('\n');

const blockText = (block: RichTextBlockJson): string =>
  block.type === 'list' ? listText(block) : block.children.map(inlineText).join('');

/** The plain text of a state: blocks separated by a blank line, list items by a line break. */
export const richTextPlainText = (state: RichTextStateJson): string =>
  state.root.children.map(blockText).join('\n\n');

/** The ids of the users mentioned in a state, each once, in order of first mention. */
export const mentionedUserIds = (state: RichTextStateJson): string[] => {
  const ids = new Set<string>();
  const visitInline = (node: RichTextInlineJson | RichTextListJson): void => {
    if (node.type === 'mention') ids.add(node.userId);
    if (node.type === 'list') {
      for (const item of node.children) for (const child of item.children) visitInline(child);
    }
  };
  for (const block of state.root.children) {
    if (block.type === 'list') visitInline(block);
    else for (const child of block.children) visitInline(child);
  }
  return [...ids];
};
