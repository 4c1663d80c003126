import { z } from 'zod';
import { defineAction } from '../forms/action.ts';
import { fileValue } from '../forms/rules.ts';
import { choiceError } from '../validation/choice.ts';
import { LENGTH_LIMITS, MESSAGES, tooLongMessage } from '../validation/messages.ts';
import { requiredText } from '../validation/rules.ts';
import { UPLOAD_EXTENSIONS } from '../vocab/constants.ts';
import { REPLACE_DOCUMENT_ACTION_ID } from './file.vocab.ts';

/** The submitted values of ReplaceDocument: which document (its tag), the new file and why. */
const replaceDocumentInput = z.object({
  tag: z
    .string({ error: choiceError })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(LENGTH_LIMITS.code, { error: tooLongMessage(LENGTH_LIMITS.code) }),
  file: fileValue(UPLOAD_EXTENSIONS),
  reason: requiredText(),
});

/**
 * ReplaceDocument ('Replace document', SPEC 2): swaps a stored document for a new version and keeps the old one
 * in the history. Shared by every entity that holds documents; the server lists the entity's current documents as
 * the options of `tag`, each with the extensions its kind of document takes (the File field follows the chosen one).
 */
export const replaceDocumentAction = defineAction({
  id: REPLACE_DOCUMENT_ACTION_ID,
  title: 'Replace document',
  actionLabel: 'Replace',
  fields: [
    { id: 'tag', type: 'Select', label: 'Document', placeholder: 'Choose the document to replace' },
    {
      id: 'file',
      type: 'File',
      label: 'Replacement file',
      accept: UPLOAD_EXTENSIONS,
      acceptFrom: 'tag',
      dependsOn: ['tag'],
    },
    { id: 'reason', type: 'TextArea', label: 'Reason for the replacement', rows: 3 },
  ],
  input: replaceDocumentInput,
});
