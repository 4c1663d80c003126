import { checkTotpSchema } from '@curlew/domain';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { api } from '../app/api.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormError } from './FormError.tsx';
import type { LoginAnswer } from './loginFlow.ts';
import { useLoginAnswer } from './useLoginAnswer.ts';
import { useSchemaForm } from './useSchemaForm.ts';

/** /checkTOTP: the second factor, a 6-digit code from the authenticator app. */
export function CheckTotpPage() {
  const form = useSchemaForm(checkTotpSchema, { code: '' });
  const applyAnswer = useLoginAnswer();
  const submit = form.onSubmit(async (input) => {
    const answer = await api.post<LoginAnswer>('/api/auth/checkTOTP', input);
    await applyAnswer(answer, answer.user?.username ?? '');
  });
  return (
    <AuthCard title="Enter your code" intro="Enter the 6-digit code from your authenticator app.">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormError error={form.formError} />
          <TextInput
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            data-autofocus
            {...form.inputProps('code')}
          />
          <Button type="submit" loading={form.submitting}>
            Verify
          </Button>
          <Anchor component={Link} to="/login" size="sm">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
