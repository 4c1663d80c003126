import { loginSchema } from '@curlew/domain';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { api } from '../app/api.ts';
import { clientEnv } from '../app/env.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormError } from './FormError.tsx';
import type { LoginAnswer } from './loginFlow.ts';
import { PasswordField } from './PasswordField.tsx';
import { useLoginAnswer } from './useLoginAnswer.ts';
import { useSchemaForm } from './useSchemaForm.ts';

// /login lays out its card itself rather than through AuthForm: it is the most visited page, and the module
// of the shared auth-page parts (with the password-policy hint) would add to the JavaScript it loads.
/** /login: username (or e-mail) and password, then wherever the sign-in flow leads. */
export function LoginPage() {
  const form = useSchemaForm(loginSchema, { username: '', password: '' });
  const applyAnswer = useLoginAnswer();
  const submit = form.onSubmit(async (input) => {
    const answer = await api.post<LoginAnswer>('/api/auth/login', input);
    await applyAnswer(answer, input.username);
  });
  return (
    <AuthCard title="Sign in">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormError error={form.formError} />
          <TextInput label="Username" autoComplete="username" {...form.inputProps('username')} />
          <PasswordField label="Password" autoComplete="current-password" {...form.inputProps('password')} />
          <Button type="submit" loading={form.submitting}>
            Sign in
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/resetPassword" size="sm">
              Forgotten your password?
            </Anchor>
            {clientEnv().signUpEnabled ? (
              <Anchor component={Link} to="/signUp" size="sm">
                Create an account
              </Anchor>
            ) : null}
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
