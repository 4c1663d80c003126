import type { DateTimeField as DateTimeFieldDefinition } from '@curlew/domain';
import { TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { type FieldControlProps, inputFeedback, textOf } from './fieldProps.ts';

const LOCAL_FORMAT = 'YYYY-MM-DDTHH:mm';

/** A date and time picked in local time and stored as an ISO 8601 instant. */
export function DateTimeField({
  value,
  onChange,
  inputId,
  error,
  warning,
}: FieldControlProps<DateTimeFieldDefinition>) {
  const stored = textOf(value);
  const local = stored !== undefined && dayjs(stored).isValid() ? dayjs(stored).format(LOCAL_FORMAT) : '';
  return (
    <TextInput
      id={inputId}
      type="datetime-local"
      value={local}
      onChange={(event) => {
        const next = event.currentTarget.value;
        onChange(next === '' || !dayjs(next).isValid() ? undefined : dayjs(next).toISOString());
      }}
      {...inputFeedback({ error, warning })}
    />
  );
}
