import {
  AGENT_AUTHORITY_SORT_KEYS,
  AGENT_PERMISSION_LABELS,
  type AgentAuthority,
  type AgentAuthorityStatus,
  CLIENT_CONFIRMATION_LABELS,
  type ClientConfirmation,
  fileDownloadPath,
} from '@curlew/domain';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useActionsConfig } from '../../actions/ActionsConfig.tsx';
import { apiAddress } from '../../app/api.ts';
import { EntityActionButtons } from '../../components/actions/EntityActionButtons.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable.tsx';
import { type ListConfig, listQueryString } from '../../components/data-table/listState.ts';
import { useListState, usePagedList } from '../../components/data-table/useListState.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';

/** Cache key prefix of the agent authority lists. */
const AGENT_AUTHORITIES_KEY = ['agent-authorities'] as const;

const LIST_CONFIG: ListConfig = {
  sortKeys: AGENT_AUTHORITY_SORT_KEYS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  defaultPageSize: 10,
  prefix: 'authorities.',
};

const STATUS_COLOURS = {
  Pending: 'blue.9',
  Approved: 'teal.9',
  Rejected: 'red.9',
} as const satisfies Record<AgentAuthorityStatus, string>;

const CONFIRMATION_COLOURS = {
  NotAsked: 'gray.7',
  Pending: 'blue.9',
  Confirmed: 'teal.9',
  Declined: 'red.9',
} as const satisfies Record<ClientConfirmation, string>;

/** Whether the client confirmed: its answer and who gave it, or why it was not asked. */
function ClientConfirmationCell({ authority }: { authority: AgentAuthority }) {
  const { status, by } = authority.clientConfirmation;
  const label =
    status === 'NotAsked' && !authority.clientHasUsers
      ? 'Client has no users'
      : CLIENT_CONFIRMATION_LABELS[status];
  return (
    <Stack gap={2}>
      <StatusBadge color={CONFIRMATION_COLOURS[status]}>{label}</StatusBadge>
      {by && (status === 'Confirmed' || status === 'Declined') ? (
        <Text size="xs" c="dimmed">
          by {by.displayName}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Who uploaded the signed letter on file, and for which organisation. */
function UploadedByCell({ authority }: { authority: AgentAuthority }) {
  const { uploadedBy } = authority;
  if (uploadedBy === null) return '—';
  return (
    <Stack gap={2}>
      <Text size="sm">{uploadedBy.displayName}</Text>
      {uploadedBy.organisation ? (
        <Text size="xs" c="dimmed">
          {uploadedBy.organisation.name}
        </Text>
      ) : null}
    </Stack>
  );
}

/** An authority the reader's organisation was asked about and may still answer. */
const awaitsAnswer = (authority: AgentAuthority) =>
  authority.clientConfirmation.status === 'Pending' &&
  authority.actions.some((action) => action.id === 'ConfirmAuthority' && action.enabled);

/** Props of an agent authorities table: whose authorities, and which parties link to their pages. */
export interface AgentAuthoritiesTableProps {
  /** The authorities a client gave (`clientId`) or an agent holds (`agentId`). */
  filter: { clientId: string } | { agentId: string };
  title?: string;
  /** App address of a client's page, or undefined to show the name only. */
  clientLink?: (clientId: string) => string;
  /** App address of an agent's page, or undefined to show the name only. */
  agentLink?: (agentId: string) => string;
  onActionSucceeded: () => void;
}

function AuthorityToAct({ authority }: { authority: AgentAuthority }) {
  const { apiBase } = useActionsConfig();
  if (authority.authorityToActFileId === null) return '—';
  const path = fileDownloadPath({
    id: authority.authorityToActFileId,
    ownerType: 'agent-authority',
    ownerId: authority.id,
  });
  return (
    <Anchor
      href={apiAddress(apiBase, path)}
      size="sm"
      aria-label={`Authority to act, ${authority.marketRound.name}`}
    >
      Download
    </Anchor>
  );
}

const party = (name: string, id: string, link: ((id: string) => string) | undefined) =>
  link === undefined ? (
    name
  ) : (
    <Anchor component={Link} to={link(id)} size="sm">
      {name}
    </Anchor>
  );

/**
 * The agent authorities of a client or of an agent, per market round: parties, permissions, approval status, the
 * signed authority to act, and the actions the server lists for each (SetApproval, EditPermissions, ...).
 */
export function AgentAuthoritiesTable({
  filter,
  title = 'Agent authorities',
  clientLink,
  agentLink,
  onActionSucceeded,
}: AgentAuthoritiesTableProps) {
  const headingId = useId();
  const list = useListState(LIST_CONFIG);
  const query = usePagedList<AgentAuthority>(
    AGENT_AUTHORITIES_KEY,
    `/agent-authorities?${listQueryString(list.state, filter)}`,
  );
  const columns: DataTableColumn<AgentAuthority>[] = [
    { id: 'round', header: 'Market round', sortKey: 'round', render: (row) => row.marketRound.name },
    ...('clientId' in filter
      ? []
      : [
          {
            id: 'client',
            header: 'Client',
            sortKey: 'client',
            render: (row: AgentAuthority) => party(row.client.name, row.client.id, clientLink),
          },
        ]),
    ...('agentId' in filter
      ? []
      : [
          {
            id: 'agent',
            header: 'Agent',
            sortKey: 'agent',
            render: (row: AgentAuthority) => party(row.agent.name, row.agent.id, agentLink),
          },
        ]),
    {
      id: 'permissions',
      header: 'Permissions',
      render: (row) =>
        row.permissions.length === 0
          ? '—'
          : row.permissions.map((permission) => AGENT_PERMISSION_LABELS[permission]).join(', '),
    },
    {
      id: 'status',
      header: 'Approval',
      render: (row) => <StatusBadge color={STATUS_COLOURS[row.status]}>{row.status}</StatusBadge>,
    },
    {
      id: 'confirmation',
      header: 'Client confirmation',
      render: (row) => <ClientConfirmationCell authority={row} />,
    },
    { id: 'file', header: 'Authority to act', render: (row) => <AuthorityToAct authority={row} /> },
    { id: 'uploadedBy', header: 'Uploaded by', render: (row) => <UploadedByCell authority={row} /> },
    {
      id: 'actions',
      header: 'Actions',
      render: (row) => (
        <EntityActionButtons
          self={row.self}
          actions={row.actions}
          size="xs"
          label={`Actions for the authority in ${row.marketRound.name}`}
          onSucceeded={onActionSucceeded}
        />
      ),
    },
  ];
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {title}
      </Title>
      {query.data?.items.some(awaitsAnswer) ? (
        <Alert color="blue" title="An authority filed for your organisation awaits your answer">
          Check the signed letter, then Confirm it if your organisation gave this authority, or Decline it: a
          declined authority can never be approved.
        </Alert>
      ) : null}
      <DataTable
        label={title}
        columns={columns}
        rowKey={(row) => row.id}
        list={list}
        query={query}
        emptyText="No agent authorities yet"
      />
    </Stack>
  );
}
