import { TIME_INPUT_RANGE, type TimeField as TimeFieldDefinition } from '@curlew/domain';
import { TimeInput } from '@mantine/dates';
import { type FieldControlProps, textInputProps } from './fieldProps.ts';

/** A time of day `HH:mm`, limited to 00:00-23:59. */
export function TimeField(props: FieldControlProps<TimeFieldDefinition>) {
  return (
    <TimeInput
      {...textInputProps(props)}
      minTime={TIME_INPUT_RANGE.min}
      maxTime={TIME_INPUT_RANGE.max}
      min={TIME_INPUT_RANGE.min}
      max={TIME_INPUT_RANGE.max}
      leftSection={props.field.prefix}
    />
  );
}
