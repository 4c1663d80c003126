import { RICH_TEXT_HEADING_TAGS, TEXT_FORMAT_FLAGS } from '@curlew/domain';
import { Fragment, type ReactNode } from 'react';
import { RichTextErrorBoundary } from '../../actions/richtext/RichTextErrorBoundary.tsx';
import classes from './RichTextView.module.css';

/**
 * Shows a stored rich text (a Lexical editor state as JSON) read-only, by building React elements from the JSON:
 * nothing from the store is ever parsed as HTML, so stored markup shows as text. Node types the renderer does not
 * know are left out; a known node that is malformed fails the render, which shows 'An error was thrown.'.
 */

/** The deepest nesting rendered; deeper JSON is treated as malformed. */
const MAX_DEPTH = 32;

type JsonRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Thrown for a known node whose members are not what that node needs. */
class MalformedRichTextError extends Error {
  override name = 'MalformedRichTextError';
}

const malformed = (what: string): never => {
  throw new MalformedRichTextError(`Malformed rich text: ${what}`);
};

const textOf = (node: JsonRecord): string =>
  typeof node.text === 'string' ? node.text : malformed(`${String(node.type)} node without text`);

const FORMAT_ELEMENTS = [
  [TEXT_FORMAT_FLAGS.code, 'code'],
  [TEXT_FORMAT_FLAGS.bold, 'strong'],
  [TEXT_FORMAT_FLAGS.italic, 'em'],
  [TEXT_FORMAT_FLAGS.underline, 'u'],
  [TEXT_FORMAT_FLAGS.strikethrough, 's'],
  [TEXT_FORMAT_FLAGS.subscript, 'sub'],
  [TEXT_FORMAT_FLAGS.superscript, 'sup'],
] as const;

const formatted = (text: string, format: unknown, key: string): ReactNode => {
  if (format !== undefined && (typeof format !== 'number' || !Number.isInteger(format) || format < 0)) {
    return malformed('text format is not a bit set');
  }
  const flags = format ?? 0;
  let content: ReactNode = text;
  for (const [flag, Tag] of FORMAT_ELEMENTS) {
    if ((flags & flag) !== 0) content = <Tag>{content}</Tag>;
  }
  return <Fragment key={key}>{content}</Fragment>;
};

const childrenOf = (node: JsonRecord, key: string, depth: number): ReactNode[] => {
  if (!Array.isArray(node.children)) return malformed(`${String(node.type)} node without children`);
  return node.children.map((child, index) => renderNode(child, `${key}.${index}`, depth + 1));
};

const headingTag = (tag: unknown): (typeof RICH_TEXT_HEADING_TAGS)[number] =>
  RICH_TEXT_HEADING_TAGS.find((known) => known === tag) ?? malformed(`heading tag ${String(tag)}`);

function renderNode(node: unknown, key: string, depth: number): ReactNode {
  if (depth > MAX_DEPTH) return malformed('nested too deeply');
  if (!isRecord(node)) return malformed('a node is not an object');
  switch (node.type) {
    case 'text':
      return formatted(textOf(node), node.format, key);
    case 'tab':
      return <Fragment key={key}>{'\t'}</Fragment>;
    case 'linebreak':
      return <br key={key} />;
    case 'mention':
      return (
        <span key={key} className={classes.mention}>
          {textOf(node)}
        </span>
      );
    case 'paragraph':
      return <p key={key}>{childrenOf(node, key, depth)}</p>;
    case 'heading': {
      const Tag = headingTag(node.tag);
      return <Tag key={key}>{childrenOf(node, key, depth)}</Tag>;
    }
    case 'quote':
      return (
        <blockquote key={key} className={classes.quote}>
          {childrenOf(node, key, depth)}
        </blockquote>
      );
    case 'code':
      return (
        <pre key={key} className={classes.code}>
          <code>{childrenOf(node, key, depth)}</code>
        </pre>
      );
    case 'list': {
      if (node.listType === 'number') {
        const start = typeof node.start === 'number' && Number.isInteger(node.start) ? node.start : 1;
        return (
          <ol key={key} start={start}>
            {childrenOf(node, key, depth)}
          </ol>
        );
      }
      if (node.listType === 'bullet') return <ul key={key}>{childrenOf(node, key, depth)}</ul>;
      return malformed(`list type ${String(node.listType)}`);
    }
    case 'listitem':
      return <li key={key}>{childrenOf(node, key, depth)}</li>;
    default:
      // Node types this renderer does not know (from a newer editor, or hostile) are left out.
      return null;
  }
}

/** React elements of a stored rich-text JSON string; throws when the JSON or a known node is malformed. */
function renderRichText(json: string): ReactNode {
  const state: unknown = JSON.parse(json);
  if (!isRecord(state) || !isRecord(state.root)) return malformed('no root');
  return childrenOf(state.root, 'root', 0);
}

function RichTextContent({ json }: { json: string }) {
  return <div className={classes.content}>{renderRichText(json)}</div>;
}

/** A stored rich text shown read-only; a render failure shows the red-bordered 'An error was thrown.' box. */
export function RichTextView({ json }: { json: string }) {
  return (
    <RichTextErrorBoundary>
      <RichTextContent json={json} />
    </RichTextErrorBoundary>
  );
}
