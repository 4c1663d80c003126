import { TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../app/api.ts';
import { showToast } from '../app/toasts.ts';
import { AuthForm, NewPasswordFields } from './authForms.tsx';
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
    <AuthForm
      title={props.title}
      intro={props.intro}
      form={form}
      onSubmit={submit}
      submitLabel={props.submitLabel}
      footer={props.footer}
    >
      <TextInput label="Username" autoComplete="username" {...form.inputProps('username')} />
      <TextInput label="Code" inputMode="numeric" autoComplete="one-time-code" {...form.inputProps('code')} />
      <NewPasswordFields
        label={props.passwordLabel}
        password={form.inputProps('password')}
        confirmPassword={form.inputProps('confirmPassword')}
      />
    </AuthForm>
  );
}
