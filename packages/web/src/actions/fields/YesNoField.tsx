import type { YesNoField as YesNoFieldDefinition } from '@curlew/domain';
import { Group, Radio } from '@mantine/core';
import type { FieldControlProps } from './fieldProps.ts';

/** A Yes/No question as two radio buttons; the value stays undefined until answered. */
export function YesNoField({
  field,
  value,
  onChange,
  inputId,
  labelId,
  describedBy,
  invalid,
}: FieldControlProps<YesNoFieldDefinition>) {
  return (
    <Group
      role="radiogroup"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-invalid={invalid}
      gap="lg"
    >
      <Radio
        id={inputId}
        name={field.id}
        label="Yes"
        checked={value === true}
        onChange={() => onChange(true)}
        error={invalid}
      />
      <Radio
        id={`${inputId}-no`}
        name={field.id}
        label="No"
        checked={value === false}
        onChange={() => onChange(false)}
        error={invalid}
      />
    </Group>
  );
}
