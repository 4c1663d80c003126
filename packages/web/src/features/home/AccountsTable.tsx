import { Table } from '@mantine/core';
import { type Account, accountStatus, GROUP_LABELS } from './accounts.ts';

/** A table of user accounts: name, username, e-mail, roles and status. */
export function AccountsTable({ accounts, caption }: { accounts: readonly Account[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Username</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((account) => (
            <Table.Tr key={account.id}>
              <Table.Td>{account.displayName}</Table.Td>
              <Table.Td>{account.username}</Table.Td>
              <Table.Td>{account.email}</Table.Td>
              <Table.Td>{account.groups.map((group) => GROUP_LABELS[group]).join(', ')}</Table.Td>
              <Table.Td>{accountStatus(account)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
