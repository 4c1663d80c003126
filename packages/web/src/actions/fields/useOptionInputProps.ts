import type { SelectField, SelectMultiField } from '@curlew/domain';
import { useFieldOptions } from '../useFieldOptions.ts';
import { type FieldControlProps, inputFeedback } from './fieldProps.ts';

/**
 * What a Mantine Select and MultiSelect share: the options (the server's, the field's own, or loaded from its
 * source), 'Loading…' and aria-busy while they load, the load failure in place of 'No options', and feedback.
 */
export function useOptionInputProps({
  field,
  inputId,
  error,
  warning,
  values,
  serverOptions,
}: FieldControlProps<SelectField | SelectMultiField>) {
  const {
    options,
    loading,
    error: loadError,
  } = useFieldOptions(serverOptions ?? field.options, field.optionsSource, values);
  return {
    id: inputId,
    data: options.map((option) => ({
      value: option.value,
      label: option.label,
      disabled: option.disabled ?? false,
    })),
    placeholder: loading ? 'Loading…' : field.placeholder,
    clearable: field.optional === true,
    nothingFoundMessage: loadError === undefined ? 'No options' : `Options could not be loaded: ${loadError}`,
    ...inputFeedback({ error, warning }),
    'aria-busy': loading,
  };
}
