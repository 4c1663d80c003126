/*
 * What the sign-up, confirmation, password and code pages share. They live in one module so the bundler keeps
 * them in one chunk: each further chunk adds its name to the entry's preload map, which /login pays for too.
 */
import { Button, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { type ApiError, api } from '../app/api.ts';
import { AuthCard } from './AuthCard.tsx';
import { FormError } from './FormError.tsx';
import type { LoginAnswer } from './loginFlow.ts';
import { PasswordField } from './PasswordField.tsx';
import { usePasswordHint } from './passwordPolicy.ts';
import { useLoginAnswer } from './useLoginAnswer.ts';
import type { BoundInputProps } from './useSchemaForm.ts';

/** What an authentication page's form shows around its own fields. */
export interface AuthFormProps {
  title: string;
  intro?: ReactNode;
  /** The state of the page's schema form: why the last submit failed, and whether one is running. */
  form: { formError: ApiError | null; submitting: boolean };
  onSubmit: (event?: FormEvent<HTMLFormElement>) => Promise<void>;
  submitLabel: string;
  /** The fields, between the failure banner and the submit button. */
  children: ReactNode;
  /** Shown under the submit button (links to other pages). */
  footer?: ReactNode;
}

/** An authentication page: its card, then the failure banner, the fields, the submit button and the footer. */
export function AuthForm({ title, intro, form, onSubmit, submitLabel, children, footer }: AuthFormProps) {
  return (
    <AuthCard title={title} intro={intro}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <FormError error={form.formError} />
          {children}
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
          {footer}
        </Stack>
      </form>
    </AuthCard>
  );
}

/** The new password, with the server's password policy as its hint, and its confirmation. */
export function NewPasswordFields({
  label,
  password,
  confirmPassword,
}: {
  label: string;
  password: BoundInputProps;
  confirmPassword: BoundInputProps;
}) {
  const passwordHint = usePasswordHint();
  return (
    <>
      <PasswordField label={label} description={passwordHint} autoComplete="new-password" {...password} />
      <PasswordField label="Confirm password" autoComplete="new-password" {...confirmPassword} />
    </>
  );
}

/**
 * The submit handler of a sign-in step that follows the login (new password, TOTP code): posts the input to the
 * step's endpoint and acts on the answer like a login, for the user the answer names.
 */
export function useLoginStep(endpoint: string): (input: unknown) => Promise<void> {
  const applyAnswer = useLoginAnswer();
  return async (input) => {
    const answer = await api.post<LoginAnswer>(endpoint, input);
    await applyAnswer(answer, answer.user?.username ?? '');
  };
}
