import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  CREDIT_TYPE_OPTIONS,
  type ListFilter,
  ROUNDS_SOURCE,
} from '../../components/data-table/listFilters.ts';

/** A labelled value of a record. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/** A record's details as a grid of labelled values. */
export function Details({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" m={0}>
      {children}
    </SimpleGrid>
  );
}

/** A titled section of a registry page. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A small read-only table with a caption for assistive technology; `empty` when it has no rows. */
export function SmallTable({
  label,
  headers,
  rows,
  empty,
}: {
  label: string;
  headers: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
  empty: string;
}) {
  if (rows.length === 0) return <Text size="sm">{empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header} scope="col">
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              {row.cells.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional, matching the headers
                <Table.Td key={index}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A page heading with a status beside it. */
export function Heading({ title, status }: { title: string; status?: ReactNode }) {
  return (
    <Group gap="sm" align="center">
      <Title order={1}>{title}</Title>
      {status}
    </Group>
  );
}

/** What a part of a page shows when it could not be loaded: the reason and a Retry button. */
export function RetryAlert({ title, error, retry }: { title: string; error: Error; retry: () => void }) {
  return (
    <Alert color="red" role="alert" title={title}>
      <Group gap="sm">
        <Text size="sm">{error.message}</Text>
        <Button size="xs" variant="default" onClick={retry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}

/** The round and credit type filters of the registry's lists, before any further ones. */
export const ROUND_AND_TYPE_FILTERS = [
  { kind: 'select', key: 'roundId', label: 'Round', source: ROUNDS_SOURCE },
  { kind: 'select', key: 'creditType', label: 'Credit type', options: CREDIT_TYPE_OPTIONS },
] as const satisfies readonly ListFilter<'roundId' | 'creditType'>[];
