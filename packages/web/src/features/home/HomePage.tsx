import { Alert, Stack, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../../app/currentUser.ts';
import { primaryArea } from '../../app/roles.ts';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { AccountsTable } from './AccountsTable.tsx';
import { useAccounts } from './accounts.ts';
import { OrganisationSummary } from './OrganisationSummary.tsx';

/** The home page of LPA, participant and agent users: their organisation and its users. */
export function HomePage() {
  const { data: user } = useCurrentUser();
  const accounts = useAccounts();
  const heading = user && primaryArea(user) === 'lpa' ? 'Local planning' : 'Home';
  usePageTitle(heading);
  if (!user) return null;
  const colleagues = (accounts.data ?? []).filter(
    (account) => user.organisation !== null && account.organisationId === user.organisation.id,
  );
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{heading}</Title>
        <Text>Welcome, {user.displayName || user.username}.</Text>
      </Stack>
      <OrganisationSummary user={user} />
      {accounts.isPending ? <PageLoader /> : null}
      {accounts.error ? <Alert color="red">{accounts.error.message}</Alert> : null}
      {accounts.data && user.organisation ? (
        <AccountsTable accounts={colleagues} caption={`Users of ${user.organisation.name}`} />
      ) : null}
    </Stack>
  );
}
