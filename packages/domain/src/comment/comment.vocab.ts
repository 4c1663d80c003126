/**
 * The words and flags of comments that pages show, apart from their schemas, so a page that only shows comments
 * loads no validation.
 */

/** The id of the Comment action every commentable record offers. */
export const COMMENT_ACTION_ID = 'Comment';

/** The heading levels the editor offers. */
export const RICH_TEXT_HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5'] as const;

/** Bits of a text node's `format` (Lexical's TextFormatType flags) that the renderer shows. */
export const TEXT_FORMAT_FLAGS = {
  bold: 1,
  italic: 2,
  strikethrough: 4,
  underline: 8,
  code: 16,
  subscript: 32,
  superscript: 64,
} as const satisfies Record<string, number>;
