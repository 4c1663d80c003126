import type { NumberField as NumberFieldDefinition } from '@curlew/domain';
import { NumberInput } from '@mantine/core';
import { type FieldControlProps, inputFeedback, sectionWidth } from './fieldProps.ts';

/** A number input with optional bounds and decimals; blank is stored as undefined. */
export function NumberField({
  field,
  value,
  onChange,
  inputId,
  error,
  warning,
}: FieldControlProps<NumberFieldDefinition>) {
  return (
    <NumberInput
      id={inputId}
      value={typeof value === 'number' ? value : ''}
      onChange={(next) => onChange(typeof next === 'number' && Number.isFinite(next) ? next : undefined)}
      min={field.min}
      max={field.max}
      step={field.step}
      decimalScale={field.decimals}
      allowDecimal={field.decimals !== 0}
      leftSection={field.prefix}
      leftSectionWidth={sectionWidth(field.prefix)}
      rightSection={field.suffix}
      rightSectionWidth={sectionWidth(field.suffix)}
      hideControls
      {...inputFeedback({ error, warning })}
    />
  );
}
