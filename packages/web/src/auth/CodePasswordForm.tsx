import { Button, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../app/api.ts';
import { showToast } from '../app/toasts.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormError } from './FormError.tsx';
import { PasswordField } from './PasswordField.tsx';
import { usePasswordHint } from './passwordPolicy.ts';
import { type FormSchema, useSchemaForm } from './useSchemaForm.ts';

type CodePasswordField = 'username' | 'code' | 'password' | 'confirmPassword';

/** What a page that sets a password with an e-mailed code says and where it posts. */
export interface CodePasswordFormProps<Output> {
  schema: FormSchema<Output>;
  endpoint: string;
  title: string;
  intro: string;
  passwordLabel: string;
  submitLabel: string;
  successMessage: string;
  /** Shown under the submit button. */
  footer?: ReactNode;
}

/**
 * Username, code (both prefilled from the e-mailed link's query), new password and confirmation; on success
 * a toast and the sign-in page. Serves /updatePassword and the invitation pages.
 */
export function CodePasswordForm<Output>(props: CodePasswordFormProps<Output>) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const passwordHint = usePasswordHint();
  const form = useSchemaForm<CodePasswordField, Output>(props.schema, {
    username: searchParams.get('username') ?? '',
    code: searchParams.get('code') ?? '',
    password: '',
    confirmPassword: '',
  });
  const submit = form.onSubmit(async (input) => {
    await api.post(props.endpoint, input);
    showToast(props.successMessage, 'success');
    navigate('/login');
  });
  return (
    <AuthCard title={props.title} intro={props.intro}>
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
            label={props.passwordLabel}
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
            {props.submitLabel}
          </Button>
          {props.footer}
        </Stack>
      </form>
    </AuthCard>
  );
}
