import type { InputField as InputFieldDefinition } from '@curlew/domain';
import { TextInput } from '@mantine/core';
import {
  emptyAsUndefined,
  type FieldControlProps,
  inputFeedback,
  sectionWidth,
  textOf,
} from './fieldProps.ts';

/** A one-line text input; empty text is stored as undefined. */
export function InputField({
  field,
  value,
  onChange,
  inputId,
  error,
  warning,
}: FieldControlProps<InputFieldDefinition>) {
  return (
    <TextInput
      id={inputId}
      value={textOf(value) ?? ''}
      onChange={(event) => onChange(emptyAsUndefined(event.currentTarget.value))}
      autoComplete={field.autocomplete}
      leftSection={field.prefix}
      leftSectionWidth={sectionWidth(field.prefix)}
      rightSection={field.suffix}
      rightSectionWidth={sectionWidth(field.suffix)}
      {...inputFeedback({ error, warning })}
    />
  );
}
