import type { HomeRecord } from '@curlew/domain';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { dateText, RECORD_KIND_LABELS, recordPagePath, recordStatusLabel } from './homeApi.ts';

/** The words of a record with nothing waiting on the reader. */
const NOTHING_TO_DO = 'Nothing to do now';

/** A participant's (or a client's) records: each with its next step, the page to take it on, and its deadline. */
export function RecordsTable({ records, caption }: { records: readonly HomeRecord[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table captionSide="top" highlightOnHover>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Record</Table.Th>
            <Table.Th>Round</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Next step</Table.Th>
            <Table.Th>Deadline</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => (
            <Table.Tr key={`${record.kind}-${record.id}`}>
              <Table.Td>
                <Anchor component={Link} to={recordPagePath(record)} size="sm">
                  {record.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {RECORD_KIND_LABELS[record.kind]}
                </Text>
              </Table.Td>
              <Table.Td>{record.round?.name ?? 'No round'}</Table.Td>
              <Table.Td>{recordStatusLabel(record)}</Table.Td>
              <Table.Td>
                {record.nextStep === null ? (
                  <Text size="sm">{NOTHING_TO_DO}</Text>
                ) : (
                  <Anchor
                    component={Link}
                    to={recordPagePath(record)}
                    fw={600}
                    size="sm"
                    aria-label={`${record.nextStep.label}: ${record.name}`}
                  >
                    {record.nextStep.label}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>
                {record.deadline === null ? (
                  '—'
                ) : (
                  <Text size="sm" fw={600}>{`By ${dateText(record.deadline)}`}</Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
