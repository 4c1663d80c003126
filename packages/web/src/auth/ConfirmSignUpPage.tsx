import { confirmSignUpSchema, resendConfirmationSchema } from '@curlew/domain';
import { Anchor, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, api } from '../app/api.ts';
import { showToast } from '../app/toasts.ts';
import { AuthForm } from './authForms.tsx';
import type { LoginPageState } from './LoginPage.tsx';
import { useSchemaForm } from './useSchemaForm.ts';

/** /confirmSignUp: e-mail (prefilled from the query) and the 6-digit code; the code can be sent again. */
export function ConfirmSignUpPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const form = useSchemaForm(confirmSignUpSchema, { email: searchParams.get('email') ?? '', code: '' });
  const [resending, setResending] = useState(false);

  const submit = form.onSubmit(async (input) => {
    await api.post('/api/auth/confirm-sign-up', input);
    const state: LoginPageState = { confirmedEmail: input.email };
    navigate('/login', { state });
  });

  const resend = async () => {
    form.touch('email');
    const parsed = resendConfirmationSchema.safeParse({ email: form.values.email });
    if (!parsed.success) return;
    setResending(true);
    form.setFormError(null);
    try {
      await api.post('/api/auth/resend-confirmation', parsed.data);
      showToast(`A new code has been sent to ${parsed.data.email}`, 'success');
    } catch (error) {
      form.setFormError(error instanceof ApiError ? error : new ApiError(String(error), 0, 'client'));
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthForm
      title="Confirm your account"
      intro="Enter the 6-digit code we sent to your e-mail address."
      form={form}
      onSubmit={submit}
      submitLabel="Confirm"
      footer={
        <>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={resend}
            disabled={resending}
            style={{ alignSelf: 'flex-start' }}
          >
            Resend code
          </Anchor>
          <Anchor component={Link} to="/login" size="sm">
            Back to sign in
          </Anchor>
        </>
      }
    >
      <TextInput label="Email" type="email" autoComplete="email" {...form.inputProps('email')} />
      <TextInput label="Code" inputMode="numeric" autoComplete="one-time-code" {...form.inputProps('code')} />
    </AuthForm>
  );
}
