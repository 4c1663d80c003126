import { resetPasswordSchema } from '@curlew/domain';
import { Anchor, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../app/api.ts';
import { showToast } from '../app/toasts.ts';
import { AuthForm } from './authForms.tsx';
import { useSchemaForm } from './useSchemaForm.ts';

/** /resetPassword: asks for a reset code by e-mail, then goes on to /updatePassword. */
export function ResetPasswordPage() {
  const form = useSchemaForm(resetPasswordSchema, { username: '' });
  const navigate = useNavigate();
  const submit = form.onSubmit(async (input) => {
    await api.post('/api/auth/reset-password', input);
    showToast('If the account exists, a reset code is on its way by e-mail.', 'info');
    navigate(`/updatePassword?username=${encodeURIComponent(input.username)}`);
  });
  return (
    <AuthForm
      title="Reset your password"
      intro="We will e-mail you a code to set a new password."
      form={form}
      onSubmit={submit}
      submitLabel="Send code"
      footer={
        <>
          <Anchor component={Link} to="/updatePassword" size="sm">
            I already have a code
          </Anchor>
          <Anchor component={Link} to="/login" size="sm">
            Back to sign in
          </Anchor>
        </>
      }
    >
      <TextInput label="Username" autoComplete="username" {...form.inputProps('username')} />
    </AuthForm>
  );
}
