import { loginFormCheck } from '@curlew/domain';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { api } from '../app/api.ts';
import { clientEnv } from '../app/env.ts';
import type { PageLink } from '../app/shell/pageLink.tsx';
import { AuthCard } from './AuthCard.tsx';
import { FormError } from './FormError.tsx';
import type { LoginAnswer } from './loginFlow.ts';
import { PasswordField } from './PasswordField.tsx';
import { useSchemaForm } from './useSchemaForm.ts';

interface LoginFormProps {
  /** The e-mail address of an account just confirmed: the note says so and the field is filled in. */
  confirmedEmail: string | undefined;
  /** Acts on the server's answer (records the user, goes where the sign-in flow leads). */
  onAnswer: (answer: LoginAnswer, username: string) => Promise<void>;
  link: PageLink;
}

/**
 * The sign-in card: username (or e-mail) and password, the links to a password reset and to sign-up. It needs
 * neither the router nor the query cache, so /login can show it without the rest of the app.
 */
export function LoginForm({ confirmedEmail, onAnswer, link: Link }: LoginFormProps) {
  const form = useSchemaForm(loginFormCheck, { username: confirmedEmail ?? '', password: '' });
  const submit = form.onSubmit(async (input) => {
    const answer = await api.post<LoginAnswer>('/api/auth/login', input);
    await onAnswer(answer, input.username);
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
