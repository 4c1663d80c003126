import type { NumberField as NumberFieldDefinition } from '@curlew/domain';
import { NumberInput } from '@mantine/core';
import { useState } from 'react';
import { type FieldControlProps, inputFeedback, sectionWidth } from './fieldProps.ts';

/** The number in what the input holds; partial entries such as '12.' count, '' and '-' are blank. */
export const numberOf = (entry: string | number): number | undefined => {
  if (typeof entry === 'number') return Number.isFinite(entry) ? entry : undefined;
  const parsed = Number(entry);
  return entry.trim() === '' || !Number.isFinite(parsed) ? undefined : parsed;
};

/** A number input with optional bounds and decimals; blank is stored as undefined. */
export function NumberField({
  field,
  value,
  onChange,
  inputId,
  error,
  warning,
}: FieldControlProps<NumberFieldDefinition>) {
  // What the user is typing ('12.' on the way to '12.5'), kept while it still means the stored value.
  const [entry, setEntry] = useState<string | number>(typeof value === 'number' ? value : '');
  const shown = numberOf(entry) === value ? entry : typeof value === 'number' ? value : '';
  return (
    <NumberInput
      id={inputId}
      value={shown}
      onChange={(next) => {
        setEntry(next);
        onChange(numberOf(next));
      }}
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
