import { mentionedUserIds, parseRichTextJson, richTextPlainText } from '@curlew/domain';
import { $createCodeNode } from '@lexical/code-core';
import { $createListItemNode, $createListNode } from '@lexical/list';
import { $createHeadingNode, $createQuoteNode } from '@lexical/rich-text';
import {
  $createLineBreakNode,
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  createEditor,
  type LexicalEditor,
} from 'lexical';
import { describe, expect, it } from 'vitest';
import { COMMENT_EDITOR_NODES } from './CommentEditor.tsx';
import { $isMentionNode } from './MentionNode.ts';
import { $replaceWithMention, mentionMatch } from './MentionsPlugin.tsx';

const SAM = {
  id: '6f1f3c0e-8d2b-4c57-9a57-0c2f3e7b1a11',
  displayName: 'Sam Supplier',
  organisationName: 'Wetland Trust',
};

const editor = (): LexicalEditor =>
  createEditor({
    nodes: COMMENT_EDITOR_NODES,
    onError: (error) => {
      throw error;
    },
  });

describe('comment editor output', () => {
  it("is accepted by the server's rich-text schema, every block type and a mention included", () => {
    const comments = editor();
    comments.update(
      () => {
        const paragraph = $createParagraphNode();
        const typed = $createTextNode('@sa');
        paragraph.append(
          $createTextNode('Hello '),
          typed,
          $createLineBreakNode(),
          $createTextNode('next line'),
        );
        const heading = $createHeadingNode('h3');
        heading.append($createTextNode('Heading'));
        const list = $createListNode('bullet');
        const item = $createListItemNode();
        item.append($createTextNode('item'));
        list.append(item);
        const quote = $createQuoteNode();
        quote.append($createTextNode('quote'));
        const code = $createCodeNode();
        code.append($createTextNode('code()'));
        $getRoot().append(paragraph, heading, list, quote, code);
        $replaceWithMention(typed, SAM);
      },
      { discrete: true },
    );
    const json = JSON.stringify(comments.getEditorState().toJSON());
    const parsed = parseRichTextJson(json);
    if (!parsed.success) throw new Error(parsed.message);
    expect(mentionedUserIds(parsed.state)).toEqual([SAM.id]);
    expect(richTextPlainText(parsed.state)).toBe(
      'Hello @Sam Supplier \nnext line\n\nHeading\n\nitem\n\nquote\n\ncode()',
    );
  });

  it('reads a stored mention back as a mention of the same user', () => {
    const first = editor();
    first.update(
      () => {
        const paragraph = $createParagraphNode();
        const typed = $createTextNode('@s');
        paragraph.append(typed);
        $getRoot().append(paragraph);
        $replaceWithMention(typed, SAM);
      },
      { discrete: true },
    );
    const second = editor();
    second.setEditorState(second.parseEditorState(JSON.stringify(first.getEditorState().toJSON())));
    const mentions = second
      .getEditorState()
      .read(() => $getRoot().getAllTextNodes().filter($isMentionNode))
      .map((node) => second.getEditorState().read(() => [node.getUserId(), node.getTextContent()]));
    expect(mentions).toEqual([[SAM.id, '@Sam Supplier']]);
  });
});

describe('mentionMatch', () => {
  it.each([
    ['@', { leadOffset: 0, matchingString: '', replaceableString: '@' }],
    ['Hello @sa', { leadOffset: 6, matchingString: 'sa', replaceableString: '@sa' }],
    ['(@kim', { leadOffset: 1, matchingString: 'kim', replaceableString: '@kim' }],
    ['mail me at pat@example', null],
    ['@sam done', null],
  ])('%j -> %j', (text, match) => {
    expect(mentionMatch(text)).toEqual(match);
  });
});
