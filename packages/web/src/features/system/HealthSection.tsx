import { MAIL_STATUSES, SOLVER_TASK_STATUSES, type SystemState } from '@curlew/domain';
import { Button, Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { SystemSection } from './SystemSection.tsx';
import { useSystemState } from './systemApi.ts';

/** Counts per status in words, in the statuses' order, leaving out the ones at nought: '2 queued, 1 failed'. */
const countsText = <S extends string>(
  statuses: readonly S[],
  counts: Partial<Record<S, number>>,
  words: Partial<Record<S, string>> = {},
): string => {
  const parts = statuses
    .filter((status) => (counts[status] ?? 0) > 0)
    .map((status) => `${counts[status]} ${words[status] ?? status.toLowerCase()}`);
  return parts.length === 0 ? 'None' : parts.join(', ');
};

/** The migration level, saying when the database and this build disagree. */
function Migrations({ database }: { database: SystemState['database'] }) {
  const { migrationsApplied: applied, migrationsInBuild: inBuild } = database;
  if (applied === null) return <Text size="sm">Unknown: the database does not answer</Text>;
  return (
    <Text size="sm">
      {applied} of {inBuild} applied
      {applied < inBuild ? ': the database is behind this build, restart the server to migrate it' : ''}
      {applied > inBuild ? ': the database is ahead of this build, an older version is running' : ''}
    </Text>
  );
}

/** One line of the health table. */
const Line = ({ name, children }: { name: string; children: ReactNode }) => (
  <Table.Tr>
    <Table.Th scope="row" w="14rem">
      {name}
    </Table.Th>
    <Table.Td>{children}</Table.Td>
  </Table.Tr>
);

/** The system's health: the database, migrations, version, sessions in use, the mail and solver queues. */
export function HealthSection() {
  const state = useSystemState();
  const answer = state.data;
  return (
    <SystemSection id="health" title="Health" what="the health" loading={state.isPending} error={state.error}>
      {answer ? (
        <>
          <Table captionSide="top" variant="vertical" layout="fixed" maw={800}>
            <Table.Caption>The system now</Table.Caption>
            <Table.Tbody>
              <Line name="Database">
                <Group gap="xs">
                  <StatusBadge color={answer.database.ok ? 'teal' : 'red'}>
                    {answer.database.ok ? 'Answering' : 'Not answering'}
                  </StatusBadge>
                  <Text size="sm">
                    {answer.database.driver}
                    {answer.database.milliseconds === null ? '' : `, ${answer.database.milliseconds} ms`}
                  </Text>
                </Group>
              </Line>
              <Line name="Migrations">
                <Migrations database={answer.database} />
              </Line>
              <Line name="Version">{answer.version}</Line>
              <Line name="Environment">{answer.environment}</Line>
              <Line name="Sessions in use">{answer.sessionsInUse}</Line>
              <Line name="E-mails">
                {countsText(MAIL_STATUSES, answer.mail, { Pending: 'waiting', Sending: 'sending' })}
              </Line>
              <Line name="Solver tasks">{countsText(SOLVER_TASK_STATUSES, answer.solverTasks)}</Line>
            </Table.Tbody>
          </Table>
          <Button
            variant="default"
            size="xs"
            onClick={() => void state.refetch()}
            loading={state.isFetching}
            style={{ alignSelf: 'flex-start' }}
          >
            Check again
          </Button>
        </>
      ) : null}
    </SystemSection>
  );
}
