import type { TextAreaField as TextAreaFieldDefinition } from '@curlew/domain';
import { Textarea } from '@mantine/core';
import { emptyAsUndefined, type FieldControlProps, inputFeedback, textOf } from './fieldProps.ts';

/** A multi-line text input of `rows` lines; empty text is stored as undefined. */
export function TextAreaField({
  field,
  value,
  onChange,
  inputId,
  error,
  warning,
}: FieldControlProps<TextAreaFieldDefinition>) {
  return (
    <Textarea
      id={inputId}
      value={textOf(value) ?? ''}
      onChange={(event) => onChange(emptyAsUndefined(event.currentTarget.value))}
      rows={field.rows ?? 4}
      autoComplete={field.autocomplete}
      {...inputFeedback({ error, warning })}
    />
  );
}
