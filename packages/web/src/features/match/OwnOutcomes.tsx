import type { MarketRound, OwnRoundOutcome } from '@curlew/domain';
import { formatCreditVolumes, formatPenceAsGBP } from '@curlew/domain';
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../app/currentUser.ts';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { projectPagePath } from '../projects/projectsApi.ts';
import { requirementPagePath } from '../requirements/requirementsApi.ts';
import { LoadFailure } from '../rounds/LoadFailure.tsx';
import { useOwnOutcomes } from './matchApi.ts';

const PUBLISHED: readonly MarketRound['status'][] = ['Matched', 'Settled'];

const amount = (line: OwnRoundOutcome): string =>
  line.outcome.won
    ? `${line.kind === 'project' ? 'Receives' : 'Pays'} ${formatPenceAsGBP(line.outcome.amountPence)}`
    : '';

/**
 * The reader's own projects and credit requirements of an accepted round (an agent's, its clients'): won or lost,
 * units, money, the reason; with the organisation each belongs to when any is not the reader's own.
 */
export function OwnOutcomes({ round }: { round: MarketRound }) {
  const published = PUBLISHED.includes(round.status);
  const outcomes = useOwnOutcomes(round.id, published);
  const { data: user } = useCurrentUser();
  if (!published) return null;
  const items = outcomes.data?.items ?? [];
  const forClients = items.some((line) => line.owner.id !== user?.organisation?.id);
  const title =
    items.length > 0 && items.every((line) => line.owner.id !== user?.organisation?.id)
      ? "Your clients' outcomes"
      : 'Your outcomes';
  return (
    <Stack gap="xs">
      <Title order={2}>{title}</Title>
      {outcomes.isPending ? (
        <PageLoader />
      ) : outcomes.isError ? (
        <LoadFailure what="Your outcomes" error={outcomes.error} retry={() => void outcomes.refetch()} />
      ) : outcomes.data.items.length === 0 ? (
        <Text size="sm">You had no project or credit requirement in this round's matching.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Project or requirement</Table.Th>
                {forClients && <Table.Th>Organisation</Table.Th>}
                <Table.Th>Result</Table.Th>
                <Table.Th>Units</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outcomes.data.items.map((line) => (
                <Table.Tr key={`${line.kind}-${line.record.id}`}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={
                        line.kind === 'project'
                          ? projectPagePath(line.record.id)
                          : requirementPagePath(line.record.id)
                      }
                    >
                      {line.record.name}
                    </Anchor>
                  </Table.Td>
                  {forClients && <Table.Td>{line.owner.name}</Table.Td>}
                  <Table.Td>{line.outcome.won ? 'Won' : 'Lost'}</Table.Td>
                  <Table.Td>{formatCreditVolumes(line.outcome.units)}</Table.Td>
                  <Table.Td>{amount(line)}</Table.Td>
                  <Table.Td>{line.outcome.reason ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
