import type { CheckboxField as CheckboxFieldDefinition } from '@curlew/domain';
import { Checkbox } from '@mantine/core';
import { choiceFeedback, type FieldControlProps } from './fieldProps.ts';

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
      {...choiceFeedback({ error, warning })}
    />
  );
}
