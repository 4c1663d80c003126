import type { TextAreaField as TextAreaFieldDefinition } from '@curlew/domain';
import { Textarea } from '@mantine/core';
import { type FieldControlProps, textInputProps } from './fieldProps.ts';

/** A multi-line text input of `rows` lines; empty text is stored as undefined. */
export function TextAreaField(props: FieldControlProps<TextAreaFieldDefinition>) {
  return (
    <Textarea
      {...textInputProps(props)}
      rows={props.field.rows ?? 4}
      autoComplete={props.field.autocomplete}
    />
  );
}
