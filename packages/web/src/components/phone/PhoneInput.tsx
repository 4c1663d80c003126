import { Group, Input } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { CountryPicker } from './CountryPicker.tsx';
import {
  entryOfValue,
  type PhoneEntry,
  phoneCountry,
  readPhone,
  textForCountry,
  typedPhoneText,
} from './phoneNumber.ts';

/** Props of the phone number input. */
export interface PhoneInputProps {
  /** Id of the number box, the target of the field's label. */
  id: string;
  /** The field's name, for the country button's accessible name. */
  name: string;
  /** The stored number (E.164, e.g. `+447700900555`), or '' / undefined when blank. */
  value: string | undefined;
  /** Called with the number in E.164 form, or '' when no digit is typed. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The label shown above the input; omitted when the form draws its own. */
  label?: ReactNode;
  error?: string;
  /** The warning shown under the input, in orange. */
  warning?: string;
  autoComplete?: string;
}

/**
 * A phone number as people write it: a country button (flag and dial code, United Kingdom first) and the number
 * box. '07700 900555' is read in the chosen country (+447700900555); '+33 1 23 45 67 89' or '0033...' chooses
 * France; spaces, brackets and dashes are kept as typed and pasting works. The digits typed are never changed.
 */
export function PhoneInput({
  id,
  name,
  value,
  onChange,
  onBlur,
  label,
  error,
  warning,
  autoComplete = 'tel',
}: PhoneInputProps) {
  const [entry, setEntry] = useState<PhoneEntry>(() => entryOfValue(value));
  const reported = useRef(value ?? '');
  // A value set from outside (a form prefilled after loading) replaces what is shown.
  if ((value ?? '') !== reported.current) {
    reported.current = value ?? '';
    setEntry(entryOfValue(value));
  }
  const report = (next: PhoneEntry) => {
    const reading = readPhone(next.text, next.country);
    setEntry({ country: reading.country, text: next.text });
    reported.current = reading.value;
    onChange(reading.value);
  };
  const country = phoneCountry(entry.country);
  return (
    <Input.Wrapper
      id={id}
      label={label}
      error={error}
      description={warning}
      descriptionProps={{ c: 'var(--curlew-color-warning)' }}
      inputWrapperOrder={['label', 'input', 'error', 'description']}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <CountryPicker
          country={country}
          label={name}
          onChoose={(chosen) =>
            report({ country: chosen.code, text: textForCountry(entry.text, chosen.code) })
          }
        />
        <Input
          type="tel"
          inputMode="tel"
          autoComplete={autoComplete}
          value={entry.text}
          onChange={(event) =>
            report({ country: entry.country, text: typedPhoneText(event.currentTarget.value) })
          }
          onBlur={onBlur}
          error={Boolean(error)}
          style={{ flex: 1 }}
        />
      </Group>
    </Input.Wrapper>
  );
}
