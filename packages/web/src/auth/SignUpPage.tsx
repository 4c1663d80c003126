import { signUpSchema } from '@curlew/domain';
import { Anchor, Group, Radio, Text, Textarea, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../app/api.ts';
import { clientEnv } from '../app/env.ts';
import { showToast } from '../app/toasts.ts';
import { AuthCard } from './AuthCard.tsx';
import { AuthForm, NewPasswordFields } from './authForms.tsx';
import { PhoneField } from './PhoneField.tsx';
import { useSchemaForm } from './useSchemaForm.ts';

const emptySignUp = {
  email: '',
  password: '',
  confirmPassword: '',
  displayName: '',
  phone: '',
  organisationName: '',
  organisationType: '',
  mailingAddress: '',
};

/** /signUp: registers a user and their organisation (participant or agent), unless sign-up is disabled. */
export function SignUpPage() {
  if (!clientEnv().signUpEnabled) {
    return (
      <AuthCard title="Sign up">
        <Text>Sign-up is not available. Ask the market operator to invite you.</Text>
        <Anchor component={Link} to="/login">
          Sign in
        </Anchor>
      </AuthCard>
    );
  }
  return <SignUpForm />;
}

/** The sign-up form itself. */
function SignUpForm() {
  const form = useSchemaForm(signUpSchema, emptySignUp);
  const navigate = useNavigate();
  const address = form.valueProps('mailingAddress');
  const submit = form.onSubmit(async (input) => {
    const answer = await api.post<{ username: string }>('/api/auth/sign-up', input);
    showToast(`We have sent a confirmation code to ${input.email}`, 'success');
    navigate(`/confirmSignUp?email=${encodeURIComponent(answer.username || input.email)}`);
  });
  return (
    <AuthForm
      title="Sign up"
      intro="Register yourself and your organisation."
      form={form}
      onSubmit={submit}
      submitLabel="Sign up"
      footer={
        <Anchor component={Link} to="/login" size="sm">
          Already registered? Sign in
        </Anchor>
      }
    >
      <TextInput label="Email" type="email" autoComplete="email" {...form.inputProps('email')} />
      <TextInput label="Display name" autoComplete="name" {...form.inputProps('displayName')} />
      <PhoneField label="Phone" {...form.valueProps('phone')} />
      <TextInput
        label="Organisation name"
        autoComplete="organization"
        {...form.inputProps('organisationName')}
      />
      <Radio.Group label="Organisation type" {...form.valueProps('organisationType')}>
        <Group mt="xs">
          <Radio value="PARTICIPANT" label="Participant" />
          <Radio value="AGENT" label="Agent" />
        </Group>
      </Radio.Group>
      <Textarea
        label="Mailing address"
        description="Needed for a participant organisation"
        name="mailingAddress"
        autoComplete="street-address"
        rows={3}
        value={address.value}
        error={address.error}
        onChange={(event) => address.onChange(event.currentTarget.value)}
        onBlur={address.onBlur}
      />
      <NewPasswordFields
        label="Password"
        password={form.inputProps('password')}
        confirmPassword={form.inputProps('confirmPassword')}
      />
    </AuthForm>
  );
}
