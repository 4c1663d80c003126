import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { RowsTable } from '../../components/data-table/RowsTable.tsx';
import { useRefDataSummary } from './refdataApi.ts';
import { refDataListPath } from './refdataRoute.ts';

/** settings/refdata: the kinds of reference data with how many items (and active ones) each holds. */
export function RefDataTypesPage() {
  usePageTitle('Reference data');
  const summary = useRefDataSummary();
  return (
    <Stack gap="md">
      <Title order={1}>Reference data</Title>
      {summary.isPending ? <PageLoader /> : null}
      {summary.isError ? (
        <Alert color="red" title="Could not load the reference data">
          {summary.error.message}
        </Alert>
      ) : null}
      {summary.data ? (
        <RowsTable
          rows={summary.data}
          columns={[
            {
              id: 'kind',
              header: 'Kind',
              render: (row) => (
                <Anchor component={Link} to={refDataListPath(row.type)}>
                  {row.label}
                </Anchor>
              ),
            },
            { id: 'items', header: 'Items', render: (row) => row.count },
            { id: 'active', header: 'Active', render: (row) => row.activeCount },
            {
              id: 'editable',
              header: 'Editable',
              render: (row) => (row.editable ? 'Yes' : 'No (statutory metric)'),
            },
          ]}
          rowKey={(row) => row.type}
          caption="Kinds of reference data"
          striped
          highlightOnHover
          maw={720}
        />
      ) : null}
      <Text size="sm" c="dimmed">
        Inactive items stay on existing records but are no longer offered in forms.
      </Text>
    </Stack>
  );
}
