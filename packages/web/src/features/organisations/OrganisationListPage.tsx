import { ORGANISATION_SORT_KEYS, type Organisation } from '@curlew/domain';
import { Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { EntityActionButton } from '../../components/actions/EntityActionButtons.tsx';
import { useRefreshAfterAction } from '../../components/actions/useRefreshAfterAction.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { ExportButtons } from '../../components/data-table/ExportButtons.tsx';
import { type ListConfig, listQueryString } from '../../components/data-table/listState.ts';
import { useListState, usePagedList } from '../../components/data-table/useListState.ts';
import { organisationColumns } from './organisationColumns.tsx';
import { type OrganisationKind, organisationPagePath } from './organisationKinds.ts';
import { ORGANISATION_LIST_KEY, ORGANISATIONS_SELF, type OrganisationsAnswer } from './organisationsApi.ts';

const LIST_CONFIG: ListConfig = { sortKeys: ORGANISATION_SORT_KEYS, defaultSort: 'name' };

/**
 * The admin list of the organisations of one type: searchable, sortable and paged on the server, with the
 * collection's create action when the server offers it; a created organisation opens on its own page.
 */
export function OrganisationListPage({ kind }: { kind: OrganisationKind }) {
  usePageTitle(kind.plural);
  const navigate = useNavigate();
  const refresh = useRefreshAfterAction();
  const list = useListState(LIST_CONFIG);
  const query = usePagedList<Organisation>(
    ORGANISATION_LIST_KEY,
    `${ORGANISATIONS_SELF}?${listQueryString(list.state, { type: kind.type })}`,
  );
  const page = query.data as OrganisationsAnswer | undefined;
  const create = page?.actions?.find((action) => action.id === kind.createActionId);
  return (
    <Stack gap="md">
      <Title order={1}>{kind.plural}</Title>
      <DataTable
        label={kind.plural}
        columns={organisationColumns(organisationPagePath)}
        rowKey={(organisation) => organisation.id}
        list={list}
        query={query}
        searchLabel={`Search ${kind.plural.replace(/^[A-Z][a-z]/, (start) => start.toLowerCase())}`}
        emptyText={kind.emptyText}
        toolbar={
          <>
            <ExportButtons
              path={ORGANISATIONS_SELF}
              state={list.state}
              filters={{ type: kind.type }}
              filename="organisations"
            />
            {create !== undefined && (
              <EntityActionButton
                self={ORGANISATIONS_SELF}
                action={create}
                variant="filled"
                onSucceeded={(result) => {
                  void refresh();
                  const created = result.context?.id;
                  if (created !== undefined)
                    void navigate(organisationPagePath({ id: created, type: kind.type }));
                }}
              />
            )}
          </>
        }
      />
    </Stack>
  );
}
