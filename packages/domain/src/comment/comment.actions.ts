import { z } from 'zod';
import { defineAction } from '../forms/action.ts';
import { richTextValue } from '../forms/rules.ts';
import type { RichTextValue } from '../forms/values.ts';
import { COMMENT_ACTION_ID } from './comment.vocab.ts';
import { parseRichTextJson, RICH_TEXT_TEXT_MAX_LENGTH, RICH_TEXT_TOO_LONG_MESSAGE } from './richText.ts';

/**
 * A required comment body {json, text}: some text ('Field required' otherwise), and a JSON editor state of the
 * supported nodes within the size limits.
 */
const commentContentValue = () =>
  richTextValue().superRefine((value: RichTextValue, ctx) => {
    if (value.text.length > RICH_TEXT_TEXT_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', message: RICH_TEXT_TOO_LONG_MESSAGE });
      return;
    }
    const parsed = parseRichTextJson(value.json);
    if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.message });
  });

/** The submitted values of a Comment. */
const commentInput = z.object({ content: commentContentValue() });

/**
 * Comment: adds a rich-text comment to any entity (SPEC 2 "Action dialogs"). Shared by every entity, so it has
 * no `entity`; each entity module gives it a policy and wires its handler to the comments module.
 */
export const commentAction = defineAction({
  id: COMMENT_ACTION_ID,
  title: 'Comment',
  fields: [{ id: 'content', type: 'RichText', label: 'Comment', rows: 4, mentions: true }],
  input: commentInput,
});
