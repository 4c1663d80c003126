import { PHONE, type PhoneField as PhoneFieldDefinition } from '@curlew/domain';
import { Input } from '@mantine/core';
import { useState } from 'react';
import { PhoneInput } from 'react-international-phone';
import 'react-international-phone/style.css';
import { moveCaretPastDialCode } from '../../components/phone/dialCode.ts';
import { type FieldControlProps, textOf } from './fieldProps.ts';
import { PHONE_FLAGS } from './phoneFlags.ts';

/**
 * A phone number: United Kingdom first and the only preferred country, the dial code forced in front, flags drawn
 * locally. A number that is only the dial code counts as blank.
 */
export function PhoneField({
  field,
  value,
  onChange,
  inputId,
  describedBy,
  invalid,
}: FieldControlProps<PhoneFieldDefinition>) {
  const [dialCode, setDialCode] = useState<string>(PHONE.defaultDialCode.replace('+', ''));
  return (
    <Input.Wrapper>
      <PhoneInput
        value={textOf(value) ?? ''}
        onChange={(phone, { country }) => {
          setDialCode(country.dialCode);
          onChange(phone === `+${country.dialCode}` || phone === '' ? undefined : phone);
        }}
        onFocus={(event) => moveCaretPastDialCode(event.currentTarget, dialCode)}
        defaultCountry={PHONE.defaultCountry}
        preferredCountries={[...PHONE.preferredCountries]}
        forceDialCode
        flags={PHONE_FLAGS}
        inputProps={{
          id: inputId,
          autoComplete: field.autocomplete ?? 'tel',
          'aria-describedby': describedBy,
          'aria-invalid': invalid,
        }}
      />
    </Input.Wrapper>
  );
}
