import { type DateField as DateFieldDefinition, MESSAGES, MONTH_ABBREVIATIONS } from '@curlew/domain';
import { DateInput } from '@mantine/dates';
import type { FocusEvent, FormEvent, KeyboardEvent } from 'react';
import { type FieldControlProps, inputFeedback, textOf, useRefusalWithdrawnOnUnmount } from './fieldProps.ts';

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

const isoOf = (year: number, month: number, day: number): string | null => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? `${pad(year, 4)}-${pad(month)}-${pad(day)}`
    : null;
};

/** Reads what the user typed: '3 Sep 2025' (full month names too), '03/09/2025' (UK order) or '2025-09-03'. */
const parseTypedDate = (typed: string): string | null => {
  const text = typed.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (numeric) return isoOf(Number(numeric[3]), Number(numeric[2]), Number(numeric[1]));
  const named = /^(\d{1,2})\s+([A-Za-z]+)\.?\s+(\d{4})$/.exec(text);
  if (named) {
    const prefix = (named[2] ?? '').slice(0, 3).toLowerCase();
    const month = MONTH_ABBREVIATIONS.findIndex((name) => name.toLowerCase() === prefix);
    if (month >= 0) return isoOf(Number(named[3]), month + 1, Number(named[1]));
  }
  return null;
};

/** The names of the calendar's controls, read out by screen readers. */
const CALENDAR_LABELS = {
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  nextDecade: 'Next decade',
  previousDecade: 'Previous decade',
  monthLevelControl: 'Choose the month',
  yearLevelControl: 'Choose the year',
} as const;

/**
 * A calendar date shown as 'd MMM yyyy' and stored as `yyyy-MM-dd`. The calendar opens in place, inside the form's
 * panel or page (not in a portal at the end of the page, outside every landmark), with named controls. What the
 * user typed stays as typed: a text that is no date ('31/02/2026') is kept and refused with 'Not a valid date'
 * when the user leaves the field (or presses Enter); emptying the text clears the date.
 */
export function DateField({
  field,
  value,
  onChange,
  inputId,
  error,
  warning,
  onRefuse,
}: FieldControlProps<DateFieldDefinition>) {
  useRefusalWithdrawnOnUnmount(onRefuse);
  const check = (typed: string) => {
    if (typed.trim() === '') return;
    onRefuse(parseTypedDate(typed) === null ? MESSAGES.invalidDate : undefined);
  };
  return (
    <DateInput
      id={inputId}
      value={textOf(value) ?? null}
      onChange={(next) => {
        onRefuse(undefined);
        onChange(next ?? undefined);
      }}
      onInput={(event: FormEvent<HTMLInputElement>) => {
        const typed = event.currentTarget.value;
        if (typed.trim() === '') {
          onRefuse(undefined);
          onChange(undefined);
        } else if (parseTypedDate(typed) !== null) onRefuse(undefined);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => check(event.currentTarget.value)}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') check(event.currentTarget.value);
      }}
      fixOnBlur={false}
      valueFormat="D MMM YYYY"
      dateParser={parseTypedDate}
      clearable={field.optional === true}
      placeholder="e.g. 3 Sep 2025"
      ariaLabels={CALENDAR_LABELS}
      popoverProps={{ withinPortal: false }}
      {...inputFeedback({ error, warning })}
    />
  );
}
