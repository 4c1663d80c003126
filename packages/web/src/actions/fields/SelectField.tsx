import type { SelectField as SelectFieldDefinition } from '@curlew/domain';
import { Select } from '@mantine/core';
import { type FieldControlProps, textOf } from './fieldProps.ts';
import { useOptionInputProps } from './useOptionInputProps.ts';

/** A single choice from inline, server-sent or loaded options. */
export function SelectField(props: FieldControlProps<SelectFieldDefinition>) {
  const { field, value, onChange } = props;
  const optionInputProps = useOptionInputProps(props);
  return (
    <Select
      {...optionInputProps}
      value={textOf(value) ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      leftSection={field.prefix}
    />
  );
}
