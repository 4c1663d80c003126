import type { CheckboxField as CheckboxFieldDefinition } from '@curlew/domain';
import { Checkbox } from '@mantine/core';
import { type FieldControlProps, inputFeedback } from './fieldProps.ts';

/** A single tick box carrying its own label (agreements, confirmations). */
export function CheckboxField({
  value,
  onChange,
  inputId,
  error,
  warning,
  label,
}: FieldControlProps<CheckboxFieldDefinition>) {
  return (
    <Checkbox
      id={inputId}
      label={label}
      checked={value === true}
      onChange={(event) => onChange(event.currentTarget.checked)}
      {...inputFeedback({ error, warning })}
    />
  );
}
