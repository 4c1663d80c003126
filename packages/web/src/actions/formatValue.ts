import {
  type FieldDefinition,
  type FieldOption,
  formatCredits,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatGBP,
  formatNumber,
  formatPercent,
  isBlank,
  isUploadedFile,
} from '@curlew/domain';

const optionLabel = (options: readonly FieldOption[] | undefined, value: string): string =>
  options?.find((option) => option.value === value)?.label ?? value;

const formattedNumber = (field: FieldDefinition, value: number): string => {
  if (field.formatter === 'currency') return formatGBP(value);
  if (field.formatter === undefined && field.prefix === '£')
    return formatGBP(value, { pence: !Number.isInteger(value) });
  if (field.formatter === 'credits') return formatCredits(value);
  if (field.formatter === 'percentage') return formatPercent(value);
  if (field.formatter === 'fileSize') return formatFileSize(value);
  return formatNumber(value, { maximumFractionDigits: 10 });
};

/**
 * A value as the app shows it: money in pounds, numbers grouped, dates 'd MMM yyyy', options by their labels,
 * Yes/No, a file by its name, a rich text by its text; without prefix or suffix.
 */
const formattedValue = (
  field: FieldDefinition,
  value: unknown,
  options: readonly FieldOption[] | undefined,
): string => {
  if (typeof value === 'number') return formattedNumber(field, value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((item) => optionLabel(options, String(item))).join(', ');
  if (isUploadedFile(value)) return value.name;
  if (typeof File !== 'undefined' && value instanceof File) return value.name;
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

/**
 * A value with the text around it ('£' before money is the formatting's own; units after: '12.5 ha'), or undefined
 * when it is blank.
 */
export const displayedValue = (
  field: FieldDefinition,
  value: unknown,
  options: readonly FieldOption[] | undefined,
): string | undefined => {
  if (isBlank(value)) return undefined;
  const text = formattedValue(field, value, options);
  const prefix = field.prefix === undefined || text.startsWith(field.prefix) ? '' : field.prefix;
  return `${prefix}${text}${field.suffix === undefined ? '' : ` ${field.suffix}`}`;
};
