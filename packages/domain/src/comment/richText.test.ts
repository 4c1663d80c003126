import { describe, expect, it } from 'vitest';
import { validateAction } from '../forms/action.ts';
import { MESSAGES } from '../validation/messages.ts';
import { commentAction } from './comment.actions.ts';
import {
  INVALID_RICH_TEXT_MESSAGE,
  mentionedUserIds,
  parseRichTextJson,
  RICH_TEXT_JSON_MAX_LENGTH,
  RICH_TEXT_MAX_DEPTH,
  RICH_TEXT_MAX_NODES,
  RICH_TEXT_TOO_LONG_MESSAGE,
  richTextPlainText,
} from './richText.ts';

const SAM = '6f1f3c0e-8d2b-4c57-9a57-0c2f3e7b1a11';
const KIM = '0b6a2f1d-3c4e-4f5a-8b9c-1d2e3f4a5b6c';

const text = (value: string, format = 0) => ({
  detail: 0,
  format,
  mode: 'normal',
  style: '',
  text: value,
  type: 'text',
  version: 1,
});
const mention = (userId: string, name: string) => ({ type: 'mention', text: `@${name}`, userId, version: 1 });
const block = (type: string, children: unknown[], extra: Record<string, unknown> = {}) => ({
  children,
  direction: null,
  format: '',
  indent: 0,
  type,
  version: 1,
  ...extra,
});
const state = (...children: unknown[]) => ({ root: block('root', children) });
const json = (value: unknown) => JSON.stringify(value);

/** Every supported node once, in the shape Lexical 0.52 writes. */
const everyNode = state(
  block('paragraph', [
    text('Hello', 1),
    { type: 'linebreak', version: 1 },
    text('world'),
    mention(SAM, 'Sam'),
  ]),
  block('heading', [text('Title')], { tag: 'h1' }),
  block('heading', [text('Smallest')], { tag: 'h5' }),
  block(
    'list',
    [
      block('listitem', [text('first')], { value: 1 }),
      block('listitem', [block('list', [block('listitem', [mention(KIM, 'Kim')])], { listType: 'bullet' })]),
    ],
    { listType: 'number', start: 1, tag: 'ol' },
  ),
  block('quote', [text('Quoted')]),
  block('code', [text('let x'), { type: 'tab', text: '\t', version: 1 }, text('= 1;')]),
);

describe('parseRichTextJson', () => {
  it('accepts every supported node type', () => {
    const parsed = parseRichTextJson(json(everyNode));
    expect(parsed.success).toBe(true);
  });

  it.each([
    ['an unknown block type', state(block('table', []))],
    ['an unknown inline type', state(block('paragraph', [{ type: 'image', src: 'x' }]))],
    ['a link', state(block('paragraph', [block('link', [text('x')], { url: 'javascript:alert(1)' })]))],
    ['heading h6', state(block('heading', [text('x')], { tag: 'h6' }))],
    ['a check list', state(block('list', [], { listType: 'check' }))],
    ['text that is not a string', state(block('paragraph', [{ type: 'text', text: 42 }]))],
    ['a mention without a user id', state(block('paragraph', [{ type: 'mention', text: '@x' }]))],
    ['a mention of a non-uuid', state(block('paragraph', [mention('1 or 1=1', 'x')]))],
    ['a block inside a paragraph', state(block('paragraph', [block('paragraph', [])]))],
    ['a list item outside a list', state(block('listitem', [text('x')]))],
    ['no root', { children: [] }],
    ['a bare array', []],
  ])('refuses %s', (_name, value) => {
    expect(parseRichTextJson(json(value))).toEqual({ success: false, message: INVALID_RICH_TEXT_MESSAGE });
  });

  it('refuses what is not JSON', () => {
    expect(parseRichTextJson('<p>hello</p>')).toEqual({ success: false, message: INVALID_RICH_TEXT_MESSAGE });
  });

  it('refuses JSON over the length limit', () => {
    const long = json(state(block('paragraph', [text('x'.repeat(RICH_TEXT_JSON_MAX_LENGTH))])));
    expect(parseRichTextJson(long)).toEqual({ success: false, message: RICH_TEXT_TOO_LONG_MESSAGE });
  });

  it('refuses more nodes than allowed', () => {
    const many = state(
      block(
        'paragraph',
        Array.from({ length: RICH_TEXT_MAX_NODES }, () => ({ type: 'linebreak' })),
      ),
    );
    expect(parseRichTextJson(json(many))).toEqual({ success: false, message: RICH_TEXT_TOO_LONG_MESSAGE });
  });

  it('refuses nesting deeper than allowed, however deep, without exhausting the stack', () => {
    const nest = (levels: number) => {
      let list: unknown = block('list', [block('listitem', [text('deep')])], { listType: 'bullet' });
      for (let level = 0; level < levels; level += 1) {
        list = block('list', [block('listitem', [list])], { listType: 'bullet' });
      }
      return state(list);
    };
    expect(parseRichTextJson(json(nest(3))).success).toBe(true);
    expect(parseRichTextJson(json(nest(RICH_TEXT_MAX_DEPTH)))).toEqual({
      success: false,
      message: RICH_TEXT_TOO_LONG_MESSAGE,
    });
    const hostile = `${'{"root":{"type":"root","children":['.repeat(1)}${'{"type":"list","listType":"bullet","children":['.repeat(3000)}${']}'.repeat(3000)}]}}`;
    expect(parseRichTextJson(hostile)).toEqual({ success: false, message: RICH_TEXT_TOO_LONG_MESSAGE });
  });
});

describe('richTextPlainText and mentionedUserIds', () => {
  const parsed = parseRichTextJson(json(everyNode));
  if (!parsed.success) throw new Error('fixture must parse');

  it('joins blocks with a blank line, list items with a line break and keeps line breaks and tabs', () => {
    expect(richTextPlainText(parsed.state)).toBe(
      'Hello\nworld@Sam\n\nTitle\n\nSmallest\n\nfirst\n@Kim\n\nQuoted\n\nlet x\t= 1;',
    );
  });

  it('lists each mentioned user once, nested lists included', () => {
    const twice = parseRichTextJson(
      json(state(block('paragraph', [mention(KIM, 'Kim'), text(' and '), mention(KIM, 'Kim')]))),
    );
    if (!twice.success) throw new Error('must parse');
    expect(mentionedUserIds(parsed.state)).toEqual([SAM, KIM]);
    expect(mentionedUserIds(twice.state)).toEqual([KIM]);
  });
});

describe('commentAction', () => {
  it("requires some text: 'Field required'", () => {
    expect(validateAction(commentAction, {}).errors).toEqual([
      { path: 'content', message: MESSAGES.required },
    ]);
    const blank = { json: json(state(block('paragraph', [text('   ')]))), text: '   ' };
    expect(validateAction(commentAction, { content: blank }).errors).toEqual([
      { path: 'content', message: MESSAGES.required },
    ]);
  });

  it('accepts a valid comment and refuses unsupported nodes', () => {
    const good = { json: json(everyNode), text: 'Hello' };
    expect(validateAction(commentAction, { content: good }).success).toBe(true);
    const bad = { json: json(state(block('table', []))), text: 'x' };
    expect(validateAction(commentAction, { content: bad }).errors).toEqual([
      { path: 'content', message: INVALID_RICH_TEXT_MESSAGE },
    ]);
  });
});
