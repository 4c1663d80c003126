import type { SelectField, SelectMultiField } from '@curlew/domain';
import { useFieldOptions } from '../useFieldOptions.ts';
import { type FieldControlProps, inputFeedback } from './fieldProps.ts';

/** Above this many options a choice can be filtered by typing. */
const SEARCHABLE_OPTION_COUNT = 10;

/**
 * What a Mantine Select and MultiSelect share: the options (the server's, the field's own, or loaded from its
 * source), 'Loading…' and aria-busy while they load, the load failure in place of 'No options', filtering by
 * typing for a long list (more than SEARCHABLE_OPTION_COUNT options), and feedback.
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
    options,
    id: inputId,
    data: options.map((option) => ({
      value: option.value,
      label: option.label,
      disabled: option.disabled ?? false,
    })),
    placeholder: loading ? 'Loading…' : field.placeholder,
    clearable: field.optional === true,
    searchable: options.length > SEARCHABLE_OPTION_COUNT,
    nothingFoundMessage: loadError === undefined ? 'No options' : `Options could not be loaded: ${loadError}`,
    ...inputFeedback({ error, warning }),
    'aria-busy': loading,
  };
}
