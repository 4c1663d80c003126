import { newPasswordSchema } from '@curlew/domain';
import { Button, Stack } from '@mantine/core';
import { api } from '../app/api.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormError } from './FormError.tsx';
import type { LoginAnswer } from './loginFlow.ts';
import { PasswordField } from './PasswordField.tsx';
import { usePasswordHint } from './passwordPolicy.ts';
import { useLoginAnswer } from './useLoginAnswer.ts';
import { useSchemaForm } from './useSchemaForm.ts';

/** /newPassword: the password the login demanded (first sign-in); then on like a login. */
export function NewPasswordPage() {
  const form = useSchemaForm(newPasswordSchema, { password: '', confirmPassword: '' });
  const applyAnswer = useLoginAnswer();
  const passwordHint = usePasswordHint();
  const submit = form.onSubmit(async (input) => {
    const answer = await api.post<LoginAnswer>('/api/auth/new-password', input);
    await applyAnswer(answer, answer.user?.username ?? '');
  });
  return (
    <AuthCard title="Choose a new password" intro="You need to set a new password before you continue.">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormError error={form.formError} />
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
            Set password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
