import { newPasswordSchema } from '@curlew/domain';
import { AuthForm, NewPasswordFields, useLoginStep } from './authForms.tsx';
import { useSchemaForm } from './useSchemaForm.ts';

/** /newPassword: the password the login demanded (first sign-in); then on like a login. */
export function NewPasswordPage() {
  const form = useSchemaForm(newPasswordSchema, { password: '', confirmPassword: '' });
  const submit = form.onSubmit(useLoginStep('/api/auth/new-password'));
  return (
    <AuthForm
      title="Choose a new password"
      intro="You need to set a new password before you continue."
      form={form}
      onSubmit={submit}
      submitLabel="Set password"
    >
      <NewPasswordFields
        label="New password"
        password={form.inputProps('password')}
        confirmPassword={form.inputProps('confirmPassword')}
      />
    </AuthForm>
  );
}
