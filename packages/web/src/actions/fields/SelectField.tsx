import type { SelectField as SelectFieldDefinition } from '@curlew/domain';
import { Select, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { type FieldControlProps, textOf } from './fieldProps.ts';
import { useOptionInputProps } from './useOptionInputProps.ts';

/**
 * A single choice from inline, server-sent or loaded options. A required choice with exactly one option has
 * nothing to choose: that option is filled in and the field cannot be changed. Choosing the chosen option of a
 * required choice again keeps it.
 */
export function SelectField(props: FieldControlProps<SelectFieldDefinition>) {
  const { field, value, onChange, onChangeField } = props;
  const { options, ...optionInputProps } = useOptionInputProps(props);
  const choose = (next: string | null) => {
    onChange(next ?? undefined);
    // A chosen option may fill other fields in (a habitat type its distinctiveness); the user may still change them.
    const fills = options.find((option) => option.value === next)?.fills ?? {};
    for (const [fieldId, filled] of Object.entries(fills)) onChangeField(fieldId, filled);
  };
  const choosable = optionInputProps.data.filter((option) => !option.disabled);
  const only = field.optional !== true && choosable.length === 1 ? choosable[0] : undefined;
  const current = textOf(value);
  useEffect(() => {
    if (only !== undefined && current === undefined) onChange(only.value, { fill: true });
  }, [only, current, onChange]);
  if (only !== undefined && current === only.value) {
    const { id, error, description, inputWrapperOrder, styles } = optionInputProps;
    return (
      <TextInput
        id={id}
        value={only.label}
        readOnly
        leftSection={field.prefix}
        {...{ error, description, inputWrapperOrder, styles }}
      />
    );
  }
  return (
    <Select
      {...optionInputProps}
      value={current ?? null}
      onChange={choose}
      // Choosing a required field's option again keeps it: only an optional choice can be cleared that way.
      allowDeselect={field.optional === true}
      leftSection={field.prefix}
    />
  );
}
