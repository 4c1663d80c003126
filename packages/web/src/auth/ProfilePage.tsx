import { type CurrentUser, profileSchemaFor } from '@curlew/domain';
import { Button, Divider, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../app/api.ts';
import { setCurrentUser, useCurrentUser } from '../app/currentUser.ts';
import { usePageTitle } from '../app/shell/usePageTitle.ts';
import { showToast } from '../app/toasts.ts';
import { ApiTokensSection } from './ApiTokensSection.tsx';
import { FormError } from './FormError.tsx';
import { PhoneField } from './PhoneField.tsx';
import { TotpSection } from './TotpSection.tsx';
import { useSchemaForm } from './useSchemaForm.ts';

/** /profile: the signed-in user's display name and phone, two-factor authentication and personal API tokens. */
export function ProfilePage() {
  usePageTitle('Profile');
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>Profile</Title>
      <Text>
        Signed in as <strong>{user.username}</strong> ({user.email})
      </Text>
      <ProfileForm user={user} />
      <Divider />
      <TotpSection />
      <Divider />
      <ApiTokensSection />
    </Stack>
  );
}

/** The display name and phone form, prefilled from the user. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(profileSchemaFor(user), {
    displayName: user.displayName,
    phone: user.phone ?? '',
  });
  const submit = form.onSubmit(async (input) => {
    const updated = await api.put<CurrentUser>('/api/auth/user', input);
    setCurrentUser(queryClient, updated);
    showToast('Your profile has been saved', 'success');
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-details-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="profile-details-heading">
          Your details
        </Title>
        <FormError error={form.formError} />
        <TextInput label="Display name" autoComplete="name" {...form.inputProps('displayName')} />
        <PhoneField label="Phone" optional={user.phone === null} {...form.valueProps('phone')} />
        <Group>
          <Button type="submit" loading={form.submitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
