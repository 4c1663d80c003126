import type { BooleanField as BooleanFieldDefinition } from '@curlew/domain';
import { Switch } from '@mantine/core';
import { choiceFeedback, type FieldControlProps } from './fieldProps.ts';

/** An on/off switch carrying its own label. */
export function BooleanField({
  value,
  onChange,
  inputId,
  error,
  warning,
  label,
}: FieldControlProps<BooleanFieldDefinition>) {
  return (
    <Switch
      id={inputId}
      label={label}
      checked={value === true}
      onChange={(event) => onChange(event.currentTarget.checked)}
      {...choiceFeedback({ error, warning })}
    />
  );
}
