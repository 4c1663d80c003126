import { formatDate } from '@curlew/domain';
import { Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../app/toasts.ts';
import { RefDataForm } from './RefDataForm.tsx';
import { type RefDataRecord, useAddStandardVersion } from './refdataApi.ts';
import { STANDARD_VERSION_FORM } from './refdataForms.ts';

interface VersionRow {
  id: string;
  version: string;
  effectiveDate: string;
  notes: string | null;
}

const versionsOf = (standard: RefDataRecord): VersionRow[] =>
  Array.isArray(standard.versions) ? (standard.versions as VersionRow[]) : [];

/** The versions of a standard, newest first, with 'Add version'. */
export function StandardVersions({ standard }: { standard: RefDataRecord }) {
  const [adding, setAdding] = useState(false);
  const addVersion = useAddStandardVersion(standard.id);
  const versions = versionsOf(standard);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Versions
        </Title>
        {versions.length === 0 ? <Text>No versions yet.</Text> : null}
        {versions.length > 0 ? (
          <Table striped captionSide="top">
            <Table.Caption>Versions of this standard, newest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>Effective date</Table.Th>
                <Table.Th>Notes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.map((version) => (
                <Table.Tr key={version.id}>
                  <Table.Td>{version.version}</Table.Td>
                  <Table.Td>{formatDate(version.effectiveDate)}</Table.Td>
                  <Table.Td>{version.notes ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {adding ? (
          <RefDataForm
            definition={STANDARD_VERSION_FORM}
            submitLabel="Add version"
            self={`/settings/standards/${standard.id}/versions`}
            onCancel={() => setAdding(false)}
            onSubmit={async (values) => {
              await addVersion.mutateAsync(values);
              showToast('Add version succeeded', 'success');
              setAdding(false);
            }}
          />
        ) : (
          <Button variant="default" onClick={() => setAdding(true)} style={{ alignSelf: 'flex-start' }}>
            Add version
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
