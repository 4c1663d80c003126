import type { PasswordField as PasswordFieldDefinition } from '@curlew/domain';
import { PasswordInput } from '@mantine/core';
import { type FieldControlProps, textInputProps } from './fieldProps.ts';

/** A password input with a show/hide toggle; empty is stored as undefined. */
export function PasswordField(props: FieldControlProps<PasswordFieldDefinition>) {
  return (
    <PasswordInput
      {...textInputProps(props)}
      autoComplete={props.field.autocomplete ?? 'current-password'}
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
    />
  );
}
