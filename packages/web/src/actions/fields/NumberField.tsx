import { AMOUNT_MESSAGES, type NumberField as NumberFieldDefinition } from '@curlew/domain';
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  type FieldControlProps,
  inputFeedback,
  sectionWidth,
  useRefusalWithdrawnOnUnmount,
} from './fieldProps.ts';

// A decimal number as people type it: digits with optional thousands commas, a point, an exponent ('1e9').
const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * What the input holds, read as a number: `undefined` for blank, `null` for a text that is no number ('1e9' is a
 * number, 'banana' is not); thousands commas are allowed ('1,000').
 */
const numberOf = (entry: string | number): number | null | undefined => {
  if (typeof entry === 'number') return Number.isFinite(entry) ? entry : null;
  const text = entry.trim().replace(/,(?=\d{3}(?:\D|$))/g, '');
  if (text === '') return undefined;
  if (!NUMBER_TEXT.test(text)) return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
};

/**
 * A number input that keeps exactly what was typed: nothing is stripped, rounded or clamped on the way, so the
 * shared rules judge the number the user meant ('1e9' is a billion, refused by a bound with its message) and a text
 * that is no number is refused with 'Must be a number'. Blank is stored as undefined.
 */
export function NumberField({
  field,
  value,
  onChange,
  inputId,
  error,
  warning,
  onRefuse,
}: FieldControlProps<NumberFieldDefinition>) {
  useRefusalWithdrawnOnUnmount(onRefuse);
  // What the user is typing ('12.' on the way to '12.5'), kept while it still means the stored value.
  const [entry, setEntry] = useState<string>(typeof value === 'number' ? String(value) : '');
  const typed = numberOf(entry);
  const shown =
    typed === value || (typed === null && value === undefined)
      ? entry
      : typeof value === 'number'
        ? String(value)
        : '';
  return (
    <TextInput
      id={inputId}
      value={shown}
      inputMode={field.decimals === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      onChange={(event) => {
        const next = event.currentTarget.value;
        setEntry(next);
        const number = numberOf(next);
        onRefuse(number === null ? AMOUNT_MESSAGES.notFinite : undefined);
        onChange(number ?? undefined);
      }}
      leftSection={field.prefix}
      leftSectionWidth={sectionWidth(field.prefix)}
      rightSection={field.suffix}
      rightSectionWidth={sectionWidth(field.suffix)}
      {...inputFeedback({ error, warning })}
    />
  );
}
