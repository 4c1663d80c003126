import type { ParticipantOutcome } from '@curlew/domain';
import { formatCreditVolumes, formatPenceAsGBP } from '@curlew/domain';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';

/**
 * A project's or requirement's own outcome of its accepted round: won or lost, the units it sells or receives, what
 * it receives (a project, fees inside) or pays (a requirement), and why it lost or was only part-filled.
 */
export function OutcomeCard({
  outcome,
  side,
}: {
  outcome: ParticipantOutcome;
  /** A project sells and receives; a requirement buys and pays. */
  side: 'project' | 'requirement';
}) {
  const selling = side === 'project';
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="round-outcome-title">
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={2} id="round-outcome-title">
            Round outcome
          </Title>
          <Badge color={outcome.won ? 'teal.9' : 'gray.8'} variant="filled">
            {outcome.won ? 'Won' : 'Lost'}
          </Badge>
        </Group>
        {outcome.won && (
          <>
            <Text>
              {selling ? 'Sells' : 'Receives'} {formatCreditVolumes(outcome.units)} units
            </Text>
            <Text>
              {selling ? 'Receives' : 'Pays'} {formatPenceAsGBP(outcome.amountPence)}
              {selling && outcome.feesPence > 0 && `, of which fees ${formatPenceAsGBP(outcome.feesPence)}`}
            </Text>
          </>
        )}
        {outcome.reason && <Text>{outcome.reason}</Text>}
      </Stack>
    </Paper>
  );
}
