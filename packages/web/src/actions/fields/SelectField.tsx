import type { SelectField as SelectFieldDefinition } from '@curlew/domain';
import { Select } from '@mantine/core';
import { useFieldOptions } from '../useFieldOptions.ts';
import { type FieldControlProps, inputFeedback, textOf } from './fieldProps.ts';

/** A single choice from inline, server-sent or loaded options. */
export function SelectField(props: FieldControlProps<SelectFieldDefinition>) {
  const { field, value, onChange, inputId, error, warning, values, serverOptions } = props;
  const {
    options,
    loading,
    error: loadError,
  } = useFieldOptions(serverOptions ?? field.options, field.optionsSource, values);
  return (
    <Select
      id={inputId}
      data={options.map((option) => ({
        value: option.value,
        label: option.label,
        disabled: option.disabled ?? false,
      }))}
      value={textOf(value) ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      placeholder={loading ? 'Loading…' : field.placeholder}
      clearable={field.optional === true}
      nothingFoundMessage={
        loadError === undefined ? 'No options' : `Options could not be loaded: ${loadError}`
      }
      leftSection={field.prefix}
      {...inputFeedback({ error, warning })}
      aria-busy={loading}
    />
  );
}
