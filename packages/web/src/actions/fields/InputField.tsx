import type { InputField as InputFieldDefinition } from '@curlew/domain';
import { TextInput } from '@mantine/core';
import { type FieldControlProps, sectionWidth, textInputProps } from './fieldProps.ts';

/** A one-line text input; empty text is stored as undefined. */
export function InputField(props: FieldControlProps<InputFieldDefinition>) {
  const { field } = props;
  return (
    <TextInput
      {...textInputProps(props)}
      autoComplete={field.autocomplete}
      leftSection={field.prefix}
      leftSectionWidth={sectionWidth(field.prefix)}
      rightSection={field.suffix}
      rightSectionWidth={sectionWidth(field.suffix)}
    />
  );
}
