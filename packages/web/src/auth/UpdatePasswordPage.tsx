import { updatePasswordSchema } from '@curlew/domain';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../app/api.ts';
import { showToast } from '../app/toasts.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormError } from './FormError.tsx';
import { PasswordField } from './PasswordField.tsx';
import { usePasswordHint } from './passwordPolicy.ts';
import { useSchemaForm } from './useSchemaForm.ts';

/** /updatePassword: sets a new password with the e-mailed code; the username comes from the query. */
export function UpdatePasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const passwordHint = usePasswordHint();
  const form = useSchemaForm(updatePasswordSchema, {
    username: searchParams.get('username') ?? '',
    code: searchParams.get('code') ?? '',
    password: '',
    confirmPassword: '',
  });
  const submit = form.onSubmit(async (input) => {
    await api.post('/api/auth/update-password', input);
    showToast('Your password has been changed. Sign in with the new password.', 'success');
    navigate('/login');
  });
  return (
    <AuthCard title="Set a new password" intro="Enter the code we e-mailed you and choose a new password.">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormError error={form.formError} />
          <TextInput label="Username" autoComplete="username" {...form.inputProps('username')} />
          <TextInput
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            {...form.inputProps('code')}
          />
          <PasswordField
            label="New password"
            description={passwordHint}
            autoComplete="new-password"
            {...form.inputProps('password')}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            {...form.inputProps('confirmPassword')}
          />
          <Button type="submit" loading={form.submitting}>
            Update password
          </Button>
          <Anchor component={Link} to="/resetPassword" size="sm">
            Send me a new code
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
