import type { FieldDefinition, FieldOption } from '@curlew/domain';
import { Stack, Text } from '@mantine/core';
import { FieldLabel } from './FieldLabel.tsx';
import { displayedValue } from './formatValue.ts';

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
  const shown = displayedValue(field, value, options);
  const blank = shown === undefined;
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
        {shown ?? field.ifBlank?.text ?? ''}
      </Text>
    </Stack>
  );
}
