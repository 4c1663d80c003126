import type { PasswordField as PasswordFieldDefinition } from '@curlew/domain';
import { PasswordInput } from '@mantine/core';
import { emptyAsUndefined, type FieldControlProps, inputFeedback, textOf } from './fieldProps.ts';

/** A password input with a show/hide toggle; empty is stored as undefined. */
export function PasswordField({
  field,
  value,
  onChange,
  inputId,
  error,
  warning,
}: FieldControlProps<PasswordFieldDefinition>) {
  return (
    <PasswordInput
      id={inputId}
      value={textOf(value) ?? ''}
      onChange={(event) => onChange(emptyAsUndefined(event.currentTarget.value))}
      autoComplete={field.autocomplete ?? 'current-password'}
      {...inputFeedback({ error, warning })}
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
    />
  );
}
