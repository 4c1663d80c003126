import { Alert, Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
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
        <Table striped highlightOnHover captionSide="top" maw={720}>
          <Table.Caption>Kinds of reference data</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Items</Table.Th>
              <Table.Th>Active</Table.Th>
              <Table.Th>Editable</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summary.data.map((row) => (
              <Table.Tr key={row.type}>
                <Table.Td>
                  <Anchor component={Link} to={refDataListPath(row.type)}>
                    {row.label}
                  </Anchor>
                </Table.Td>
                <Table.Td>{row.count}</Table.Td>
                <Table.Td>{row.activeCount}</Table.Td>
                <Table.Td>{row.editable ? 'Yes' : 'No (statutory metric)'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <Text size="sm" c="dimmed">
        Inactive items stay on existing records but are no longer offered in forms.
      </Text>
    </Stack>
  );
}
