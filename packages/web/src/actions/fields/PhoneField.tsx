import type { PhoneField as PhoneFieldDefinition } from '@curlew/domain';
import { PhoneInput } from '../../components/phone/PhoneInput.tsx';
import { fieldName } from '../FieldLabel.tsx';
import { emptyAsUndefined, type FieldControlProps, textOf } from './fieldProps.ts';

/** A phone number (see PhoneInput); a blank number is stored as undefined. */
export function PhoneField({
  field,
  value,
  onChange,
  inputId,
  error,
  warning,
}: FieldControlProps<PhoneFieldDefinition>) {
  return (
    <PhoneInput
      id={inputId}
      name={fieldName(field)}
      value={textOf(value)}
      onChange={(next) => onChange(emptyAsUndefined(next))}
      error={error}
      warning={warning}
      autoComplete={field.autocomplete ?? 'tel'}
    />
  );
}
