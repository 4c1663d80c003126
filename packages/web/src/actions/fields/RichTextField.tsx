import type { RichTextField as RichTextFieldDefinition, RichTextValue } from '@curlew/domain';
import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { FieldControlProps } from './fieldProps.ts';

// Lexical loads only when a form shows a rich-text field.
const RichTextEditor = lazy(() => import('../richtext/RichTextEditor.tsx'));

const richTextOf = (value: unknown): RichTextValue | undefined =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { json?: unknown }).json === 'string' &&
  typeof (value as { text?: unknown }).text === 'string'
    ? (value as RichTextValue)
    : undefined;

/** A rich-text editor whose value is {json, text}; blank text is stored as undefined. */
export function RichTextField({
  field,
  value,
  onChange,
  labelId,
  describedBy,
  invalid,
  subject,
}: FieldControlProps<RichTextFieldDefinition>) {
  return (
    <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the editor" />}>
      <RichTextEditor
        value={richTextOf(value)}
        onChange={onChange}
        labelledBy={labelId}
        describedBy={describedBy}
        invalid={invalid}
        rows={field.rows}
        mentionsOn={field.mentions === true ? subject : undefined}
      />
    </Suspense>
  );
}
