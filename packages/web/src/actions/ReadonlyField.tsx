import {
  type FieldDefinition,
  type FieldOption,
  formatCredits,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatGBP,
  formatPercent,
  isBlank,
  isUploadedFile,
} from '@curlew/domain';
import { Stack, Text } from '@mantine/core';
import { FieldLabel } from './FieldLabel.tsx';

const optionLabel = (options: readonly FieldOption[] | undefined, value: string): string =>
  options?.find((option) => option.value === value)?.label ?? value;

const formatted = (
  field: FieldDefinition,
  value: unknown,
  options: readonly FieldOption[] | undefined,
): string => {
  if (typeof value === 'number') {
    if (field.formatter === 'currency') return formatGBP(value);
    if (field.formatter === 'credits') return formatCredits(value);
    if (field.formatter === 'percentage') return formatPercent(value);
    if (field.formatter === 'fileSize') return formatFileSize(value);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((item) => optionLabel(options, String(item))).join(', ');
  if (isUploadedFile(value)) return value.name;
  if (typeof value === 'object' && value !== null) {
    const text = (value as { text?: unknown }).text;
    return typeof text === 'string' ? text : '';
  }
  if (typeof value !== 'string') return '';
  if (field.type === 'Password') return '••••••••';
  if (field.type === 'Date' || field.formatter === 'date') return formatDate(value);
  if (field.type === 'DateTime' || field.formatter === 'dateTime') return formatDateTime(value);
  if (field.type === 'Select') return optionLabel(options, value);
  return value;
};

/** A read-only field: its label and its formatted value, or `ifBlank.text` when it is blank. */
export function ReadonlyField({
  field,
  value,
  inputId,
  labelId,
  options,
}: {
  field: FieldDefinition;
  value: unknown;
  inputId: string;
  labelId: string;
  options: readonly FieldOption[] | undefined;
}) {
  const blank = isBlank(value);
  return (
    <Stack gap={2} className={field.className}>
      <FieldLabel field={field} labelId={labelId} htmlFor={undefined} />
      <Text
        id={inputId}
        size="sm"
        aria-labelledby={labelId}
        c={blank ? 'dimmed' : undefined}
        style={{ whiteSpace: 'pre-wrap' }}
      >
        {blank
          ? (field.ifBlank?.text ?? '')
          : `${field.prefix ?? ''}${formatted(field, value, options)}${field.suffix === undefined ? '' : ` ${field.suffix}`}`}
      </Text>
    </Stack>
  );
}
