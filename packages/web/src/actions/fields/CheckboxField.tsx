import type { CheckboxField as CheckboxFieldDefinition } from '@curlew/domain';
import { Checkbox } from '@mantine/core';
import type { FieldControlProps } from './fieldProps.ts';

/** A single tick box carrying its own label (agreements, confirmations). */
export function CheckboxField({
  value,
  onChange,
  inputId,
  describedBy,
  invalid,
  label,
}: FieldControlProps<CheckboxFieldDefinition>) {
  return (
    <Checkbox
      id={inputId}
      label={label}
      checked={value === true}
      onChange={(event) => onChange(event.currentTarget.checked)}
      error={invalid}
      aria-describedby={describedBy}
    />
  );
}
