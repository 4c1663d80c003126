import { Group, Input, NativeSelect } from '@mantine/core';
import { useId, useState } from 'react';
import { defaultCountries, parseCountry, usePhoneInput } from 'react-international-phone';
import { moveCaretPastDialCode, moveTypedBeforeDialCode } from '../components/phone/dialCode.ts';

const parsedCountries = defaultCountries.map(parseCountry);

/** Countries for the dial-code list: the United Kingdom first, as the only preferred country (SPEC 9), then A-Z. */
export const PHONE_COUNTRIES = [
  ...parsedCountries.filter((country) => country.iso2 === 'gb'),
  ...parsedCountries
    .filter((country) => country.iso2 !== 'gb')
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB')),
];

const countryOptions = PHONE_COUNTRIES.map((country) => ({
  value: country.iso2,
  label: `${country.name} (+${country.dialCode})`,
}));

/** The stored value: the number in E.164 form, or '' while only the dial code is there (so it reads 'Field required'). */
export function phoneValueOf(phone: string, dialCode: string): string {
  return phone.replace(/\D/g, '').length > dialCode.length ? phone : '';
}

interface PhoneFieldProps {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** A phone number field: digits only, the dial code always in front, United Kingdom by default; `value` seeds it. */
export function PhoneField({ label, value, error, onChange, onBlur }: PhoneFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  // The hook owns the typed text; feeding every change back in as `value` drops keys typed in quick succession.
  const [initialValue] = useState(value);
  const { inputValue, handlePhoneValueChange, inputRef, country, setCountry } = usePhoneInput({
    defaultCountry: 'gb',
    value: initialValue,
    countries: defaultCountries,
    preferredCountries: ['gb'],
    forceDialCode: true,
    onChange: (data) => onChange(phoneValueOf(data.phone, data.country.dialCode)),
  });
  return (
    <Input.Wrapper label={label} id={id} error={error} errorProps={{ id: errorId }}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <NativeSelect
          aria-label={`${label} country`}
          data={countryOptions}
          value={country.iso2}
          onChange={(event) => {
            const chosen = PHONE_COUNTRIES.find((candidate) => candidate.iso2 === event.currentTarget.value);
            if (chosen) setCountry(chosen.iso2);
          }}
          w={210}
        />
        <Input
          id={id}
          ref={inputRef}
          type="tel"
          autoComplete="tel"
          value={inputValue}
          onChange={(event) => {
            const input = event.currentTarget;
            const moved = moveTypedBeforeDialCode(input.value);
            if (moved !== input.value) {
              input.value = moved;
              input.setSelectionRange(moved.length, moved.length);
            }
            handlePhoneValueChange(event);
          }}
          onBlur={onBlur}
          onFocus={(event) => moveCaretPastDialCode(event.currentTarget, country.dialCode)}
          error={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          style={{ flex: 1 }}
        />
      </Group>
    </Input.Wrapper>
  );
}
