import { TIME_INPUT_RANGE, type TimeField as TimeFieldDefinition } from '@curlew/domain';
import { TimeInput } from '@mantine/dates';
import { emptyAsUndefined, type FieldControlProps, inputFeedback, textOf } from './fieldProps.ts';

/** A time of day `HH:mm`, limited to 00:00-23:59. */
export function TimeField({
  field,
  value,
  onChange,
  inputId,
  error,
  warning,
}: FieldControlProps<TimeFieldDefinition>) {
  return (
    <TimeInput
      id={inputId}
      value={textOf(value) ?? ''}
      onChange={(event) => onChange(emptyAsUndefined(event.currentTarget.value))}
      minTime={TIME_INPUT_RANGE.min}
      maxTime={TIME_INPUT_RANGE.max}
      min={TIME_INPUT_RANGE.min}
      max={TIME_INPUT_RANGE.max}
      leftSection={field.prefix}
      {...inputFeedback({ error, warning })}
    />
  );
}
