import type { SelectMultiField as SelectMultiFieldDefinition } from '@curlew/domain';
import { MultiSelect } from '@mantine/core';
import type { FieldControlProps } from './fieldProps.ts';
import { useOptionInputProps } from './useOptionInputProps.ts';

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Several choices from inline, server-sent or loaded options; the value is the list of chosen option values. */
export function SelectMultiField(props: FieldControlProps<SelectMultiFieldDefinition>) {
  const { options: _options, ...optionInputProps } = useOptionInputProps(props);
  return <MultiSelect {...optionInputProps} value={stringsOf(props.value)} onChange={props.onChange} />;
}
