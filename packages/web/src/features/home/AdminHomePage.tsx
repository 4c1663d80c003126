import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../../app/currentUser.ts';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { AccountsTable } from './AccountsTable.tsx';
import { type Account, countByGroup, GROUP_LABELS, useAccounts } from './accounts.ts';
import { OperatorWork } from './OperatorWork.tsx';
import { OrganisationSummary } from './OrganisationSummary.tsx';

/** Counts of the accounts on the platform by role. */
function AccountOverview({ accounts }: { accounts: readonly Account[] }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Accounts on Curlew
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
        <Paper withBorder p="sm" radius="md">
          <Text size="sm">All accounts</Text>
          <Text fw={700} size="xl">
            {accounts.length}
          </Text>
        </Paper>
        {countByGroup(accounts).map(({ group, count }) => (
          <Paper key={group} withBorder p="sm" radius="md">
            <Text size="sm">{GROUP_LABELS[group]}</Text>
            <Text fw={700} size="xl">
              {count}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The market operator's home: their organisation, an overview of accounts and the operator's own users. */
export function AdminHomePage() {
  usePageTitle('Market operator');
  const { data: user } = useCurrentUser();
  const accounts = useAccounts();
  if (!user) return null;
  const operatorUsers = (accounts.data ?? []).filter(
    (account) => user.organisation !== null && account.organisationId === user.organisation.id,
  );
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Market operator</Title>
        <Text>Welcome, {user.displayName || user.username}.</Text>
      </Stack>
      <OperatorWork />
      <OrganisationSummary user={user} />
      {accounts.isPending ? <PageLoader /> : null}
      {accounts.error ? <Alert color="red">{accounts.error.message}</Alert> : null}
      {accounts.data ? <AccountOverview accounts={accounts.data} /> : null}
      {accounts.data && user.organisation ? (
        <AccountsTable accounts={operatorUsers} caption={`Users of ${user.organisation.name}`} />
      ) : null}
    </Stack>
  );
}
