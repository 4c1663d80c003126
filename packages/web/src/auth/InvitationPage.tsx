import { completeInvitationSchema } from '@curlew/domain';
import { Button, Stack, TextInput } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../app/api.ts';
import { showToast } from '../app/toasts.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormError } from './FormError.tsx';
import { PasswordField } from './PasswordField.tsx';
import { usePasswordHint } from './passwordPolicy.ts';
import { useSchemaForm } from './useSchemaForm.ts';

/** /invitation and /completeInvitation: choose a password with the invitation code (prefilled from the link). */
export function InvitationPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const passwordHint = usePasswordHint();
  const form = useSchemaForm(completeInvitationSchema, {
    username: searchParams.get('username') ?? '',
    code: searchParams.get('code') ?? '',
    password: '',
    confirmPassword: '',
  });
  const submit = form.onSubmit(async (input) => {
    await api.post('/api/auth/complete-invitation', input);
    showToast('Your account is ready. Sign in with your new password.', 'success');
    navigate('/login');
  });
  return (
    <AuthCard title="Complete your invitation" intro="Choose a password to finish setting up your account.">
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
            label="Password"
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
            Complete invitation
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
