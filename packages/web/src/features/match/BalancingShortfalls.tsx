import type { MarketRound } from '@curlew/domain';
import { CREDIT_TYPE_LABELS, formatCredits, formatDate } from '@curlew/domain';
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { projectPagePath } from '../projects/projectsApi.ts';
import { requirementPagePath } from '../requirements/requirementsApi.ts';
import { LoadFailure } from '../rounds/LoadFailure.tsx';
import { useBalancingShortfalls } from './matchApi.ts';

const ACCEPTED: readonly MarketRound['status'][] = ['Matched', 'Settled'];

/**
 * The operator's list of what market balancing could not make good from the reserve after a project failed
 * irrevocably: the units each buyer still lacks, by failed project, credit type and year.
 */
export function BalancingShortfalls({ round }: { round: MarketRound }) {
  const accepted = ACCEPTED.includes(round.status);
  const shortfalls = useBalancingShortfalls(round.id, accepted);
  if (!accepted) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="round-balancing">
      <Title order={2} id="round-balancing">
        Market balancing
      </Title>
      {shortfalls.isPending ? (
        <PageLoader />
      ) : shortfalls.isError ? (
        <LoadFailure
          what="Market balancing"
          error={shortfalls.error}
          retry={() => void shortfalls.refetch()}
        />
      ) : shortfalls.data.items.length === 0 ? (
        <Text size="sm">
          Nothing is waiting: every allocation of a failed project has been made good from the reserve, or no
          project has failed.
        </Text>
      ) : (
        <>
          <Text size="sm">
            The reserve could not make good these units of failed projects; the buyers have been told.
          </Text>
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Units not replaced">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Failed project</Table.Th>
                  <Table.Th>Credit requirement</Table.Th>
                  <Table.Th>Credit type</Table.Th>
                  <Table.Th>Year</Table.Th>
                  <Table.Th>Units not replaced</Table.Th>
                  <Table.Th>Recorded</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shortfalls.data.items.map((line) => (
                  <Table.Tr key={`${line.project.id}-${line.requirement.id}-${line.creditType}-${line.year}`}>
                    <Table.Td>
                      <Anchor component={Link} to={projectPagePath(line.project.id)}>
                        {line.project.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={requirementPagePath(line.requirement.id)}>
                        {line.requirement.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{CREDIT_TYPE_LABELS[line.creditType]}</Table.Td>
                    <Table.Td>{line.year}</Table.Td>
                    <Table.Td>{formatCredits(line.units)}</Table.Td>
                    <Table.Td>{formatDate(line.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
