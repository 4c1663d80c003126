import { RowsTable, type RowsTableColumn } from '../../components/data-table/RowsTable.tsx';
import { type Account, accountStatus, GROUP_LABELS } from './accounts.ts';

const COLUMNS: readonly RowsTableColumn<Account>[] = [
  { id: 'name', header: 'Name', render: (account) => account.displayName },
  { id: 'username', header: 'Username', render: (account) => account.username },
  { id: 'email', header: 'Email', render: (account) => account.email },
  {
    id: 'roles',
    header: 'Roles',
    render: (account) => account.groups.map((group) => GROUP_LABELS[group]).join(', '),
  },
  { id: 'status', header: 'Status', render: accountStatus },
];

/** A table of user accounts: name, username, e-mail, roles and status. */
export function AccountsTable({ accounts, caption }: { accounts: readonly Account[]; caption: string }) {
  return (
    <RowsTable
      rows={accounts}
      columns={COLUMNS}
      rowKey={(account) => account.id}
      caption={caption}
      minWidth={560}
      striped
      highlightOnHover
    />
  );
}
