import { TextInput, type TextInputProps, UnstyledButton } from '@mantine/core';
import { useState } from 'react';

/** A password input with a Show/Hide button; lighter than Mantine's PasswordInput, which matters on /login. */
export function PasswordField(props: Omit<TextInputProps, 'type' | 'rightSection'> & { label: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      rightSectionWidth={64}
      rightSectionPointerEvents="all"
      rightSection={
        <UnstyledButton
          type="button"
          fz="sm"
          fw={600}
          aria-pressed={visible}
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((current) => !current)}
        >
          {visible ? 'Hide' : 'Show'}
        </UnstyledButton>
      }
    />
  );
}
