import { loginFormCheck } from '@curlew/domain';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
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
/** What the page that sends someone to /login may tell it: the e-mail address of an account just confirmed. */
export interface LoginPageState {
  confirmedEmail?: string;
}

const confirmedEmailOf = (state: unknown): string | undefined => {
  const email = (state as LoginPageState | null)?.confirmedEmail;
  return typeof email === 'string' && email !== '' ? email : undefined;
};

/**
 * /login: username (or e-mail) and password, then wherever the sign-in flow leads. Arriving from the account
 * confirmation, it says the account is confirmed and fills in the e-mail address.
 */
export function LoginPage() {
  const confirmedEmail = confirmedEmailOf(useLocation().state);
  const form = useSchemaForm(loginFormCheck, { username: confirmedEmail ?? '', password: '' });
  const applyAnswer = useLoginAnswer();
  const submit = form.onSubmit(async (input) => {
    const answer = await api.post<LoginAnswer>('/api/auth/login', input);
    await applyAnswer(answer, input.username);
  });
  return (
    <AuthCard title="Sign in">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {confirmedEmail && !form.formError ? (
            <Alert color="teal" role="status" title="Account confirmed">
              Your account is confirmed. You can now sign in.
            </Alert>
          ) : null}
          <FormError error={form.formError} />
          <TextInput
            label="Username or email address"
            autoComplete="username"
            {...form.inputProps('username')}
          />
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
