import type { SelectMultiField as SelectMultiFieldDefinition } from '@curlew/domain';
import { MultiSelect } from '@mantine/core';
import { useFieldOptions } from '../useFieldOptions.ts';
import { type FieldControlProps, inputFeedback } from './fieldProps.ts';

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Several choices from inline, server-sent or loaded options; the value is the list of chosen option values. */
export function SelectMultiField(props: FieldControlProps<SelectMultiFieldDefinition>) {
  const { field, value, onChange, inputId, error, warning, values, serverOptions } = props;
  const {
    options,
    loading,
    error: loadError,
  } = useFieldOptions(serverOptions ?? field.options, field.optionsSource, values);
  return (
    <MultiSelect
      id={inputId}
      data={options.map((option) => ({
        value: option.value,
        label: option.label,
        disabled: option.disabled ?? false,
      }))}
      value={stringsOf(value)}
      onChange={onChange}
      placeholder={loading ? 'Loading…' : field.placeholder}
      clearable={field.optional === true}
      nothingFoundMessage={
        loadError === undefined ? 'No options' : `Options could not be loaded: ${loadError}`
      }
      {...inputFeedback({ error, warning })}
      aria-busy={loading}
    />
  );
}
