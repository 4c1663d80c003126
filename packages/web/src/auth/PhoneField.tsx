import { Badge } from '@mantine/core';
import { useId } from 'react';
import { PhoneInput } from '../components/phone/PhoneInput.tsx';

interface PhoneFieldProps {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Shows the 'optional' tag beside the label. */
  optional?: boolean;
}

/** The phone field of the authentication forms (sign-up, profile): see PhoneInput. */
export function PhoneField({ label, value, error, onChange, onBlur, optional = false }: PhoneFieldProps) {
  const id = useId();
  return (
    <PhoneInput
      id={id}
      name={label}
      label={
        <>
          {label}
          {optional && (
            <Badge component="span" size="xs" variant="light" color="gray" ml={6} tt="none">
              optional
            </Badge>
          )}
        </>
      }
      value={value}
      error={error}
      onChange={onChange}
      onBlur={onBlur}
    />
  );
}
