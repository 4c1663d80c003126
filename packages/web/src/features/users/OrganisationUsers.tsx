import type { EntityAction, OrganisationUser } from '@curlew/domain';
import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { EntityActionButton, EntityActionButtons } from '../../components/actions/EntityActionButtons.tsx';
import { ExportButtons } from '../../components/data-table/ExportButtons.tsx';
import type { ListState } from '../../components/data-table/listState.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { accountActions, accountStatus, useOrganisationUsers } from './usersApi.ts';

/** The users section lists every user on one page, by name; its exports follow the same order. */
const USERS_LIST_STATE: ListState = { q: '', sort: 'displayName', order: 'asc', page: 1, pageSize: 100 };

/** Props of an organisation's users section. */
export interface OrganisationUsersProps {
  organisationId: string;
  organisationName: string;
  /** The organisation's InviteUser action, when the server lists it, shown beside the heading. */
  inviteAction?: EntityAction;
  /** The organisation's self link, where InviteUser runs. */
  organisationSelf: string;
  /** Told after any account action or invitation succeeded. */
  onActionSucceeded: () => void;
}

function UserRow({
  user,
  showActions,
  onActionSucceeded,
}: {
  user: OrganisationUser;
  showActions: boolean;
  onActionSucceeded: () => void;
}) {
  const status = accountStatus(user);
  return (
    <Table.Tr>
      <Table.Td>{user.displayName}</Table.Td>
      <Table.Td>{user.username}</Table.Td>
      <Table.Td>{user.email}</Table.Td>
      <Table.Td>{user.phone ?? '—'}</Table.Td>
      <Table.Td>
        <StatusBadge color={status.color}>{status.label}</StatusBadge>
      </Table.Td>
      {showActions && (
        <Table.Td>
          <EntityActionButtons
            self={user.self}
            actions={accountActions(user)}
            size="xs"
            label={`Account actions for ${user.displayName}`}
            onSucceeded={onActionSucceeded}
          />
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/**
 * The users of an organisation (name, username, e-mail, phone, account status) with the account actions the server
 * lists for each (the operator's Disable, Enable and Force password reset) and the organisation's InviteUser.
 */
export function OrganisationUsers({
  organisationId,
  organisationName,
  inviteAction,
  organisationSelf,
  onActionSucceeded,
}: OrganisationUsersProps) {
  const headingId = useId();
  const users = useOrganisationUsers(organisationId);
  let body: ReactNode;
  if (users.isPending) body = <Loader size="sm" aria-label="Loading users" />;
  else if (users.isError) {
    body = (
      <Alert color="red" role="alert" title="The users could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{users.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void users.refetch()}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  } else if (users.data.items.length === 0) body = <Text c="dimmed">No users yet</Text>;
  else {
    // The actions column shows only when someone may act on an account, so members do not see a column of refusals.
    const showActions = users.data.items.some((user) => user.actions.some((action) => action.enabled));
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={`Users of ${organisationName}`} verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Username</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Phone</Table.Th>
              <Table.Th>Status</Table.Th>
              {showActions && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data.items.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                showActions={showActions}
                onActionSucceeded={onActionSucceeded}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between">
        <Title order={2} size="h4" id={headingId}>
          Users
        </Title>
        <Group gap="xs">
          <ExportButtons
            path={`/organisation/${encodeURIComponent(organisationId)}/users`}
            state={USERS_LIST_STATE}
            filename="users"
            size="xs"
          />
          {inviteAction !== undefined && (
            <EntityActionButton
              self={organisationSelf}
              action={inviteAction}
              size="xs"
              onSucceeded={onActionSucceeded}
            />
          )}
        </Group>
      </Group>
      {body}
    </Stack>
  );
}
