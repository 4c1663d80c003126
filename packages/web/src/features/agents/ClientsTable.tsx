import { ORGANISATION_SORT_KEYS, type Organisation } from '@curlew/domain';
import { Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { type ListConfig, listQueryString } from '../../components/data-table/listState.ts';
import { useListState, usePagedList } from '../../components/data-table/useListState.ts';
import { organisationColumns } from '../organisations/organisationColumns.tsx';
import { ORGANISATION_LIST_KEY, ORGANISATIONS_SELF } from '../organisations/organisationsApi.ts';

const LIST_CONFIG: ListConfig = {
  sortKeys: ORGANISATION_SORT_KEYS,
  defaultSort: 'name',
  defaultPageSize: 10,
  prefix: 'clients.',
};

/** The agent's own address of a client's page. */
export const clientPagePath = (clientId: string): string => `/participants/${encodeURIComponent(clientId)}`;

/**
 * The signed-in agent's clients: the participant organisations its scope shows (those it added or was given
 * authority by), searchable, sorted and paged on the server.
 */
export function ClientsTable() {
  const headingId = useId();
  const list = useListState(LIST_CONFIG);
  const query = usePagedList<Organisation>(
    ORGANISATION_LIST_KEY,
    `${ORGANISATIONS_SELF}?${listQueryString(list.state, { type: 'PARTICIPANT' })}`,
  );
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        Clients
      </Title>
      <DataTable
        label="Clients"
        columns={organisationColumns((client) => clientPagePath(client.id))}
        rowKey={(client) => client.id}
        list={list}
        query={query}
        searchLabel="Search clients"
        emptyText="No clients yet"
      />
    </Stack>
  );
}
