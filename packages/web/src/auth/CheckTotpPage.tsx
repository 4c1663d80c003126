import { checkTotpSchema } from '@curlew/domain';
import { Anchor, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AuthForm, useLoginStep } from './authForms.tsx';
import { useSchemaForm } from './useSchemaForm.ts';

/** /checkTOTP: the second factor, a 6-digit code from the authenticator app. */
export function CheckTotpPage() {
  const form = useSchemaForm(checkTotpSchema, { code: '' });
  const submit = form.onSubmit(useLoginStep('/api/auth/checkTOTP'));
  return (
    <AuthForm
      title="Enter your code"
      intro="Enter the 6-digit code from your authenticator app."
      form={form}
      onSubmit={submit}
      submitLabel="Verify"
      footer={
        <Anchor component={Link} to="/login" size="sm">
          Back to sign in
        </Anchor>
      }
    >
      <TextInput
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        data-autofocus
        {...form.inputProps('code')}
      />
    </AuthForm>
  );
}
