import {
  BIDDER_TYPE_LABELS,
  DECLARATION_CATEGORY_LABELS,
  isRoundOpenForRegistration,
  type MarketRound,
  REGISTRATION_PERIODS,
  RESERVE_APPLIES_TO_LABELS,
  type RegistrationPeriod,
} from '@curlew/domain';
import { Badge, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { EntityActionButton } from '../../components/actions/EntityActionButtons.tsx';
import { RowsTable } from '../../components/data-table/RowsTable.tsx';
import { Detail } from '../../components/records/Detail.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { isWindowOpen, PERIOD_LABELS, roundTimeline, serviceLabels, showDate } from './roundDisplay.ts';

const STEP_COLOURS = { done: 'teal.9', current: 'blue.9', next: 'gray.8', later: 'gray.8' } as const;
const STEP_NOTES = { done: 'Done', current: 'Now', next: 'Next', later: '' } as const;

/** Where the round is in its life and what comes next. */
export function RoundTimeline({ round }: { round: MarketRound }) {
  return (
    <Stack gap="xs">
      <Title order={2}>Progress</Title>
      <Group component="ol" gap="xs" aria-label="Round progress" style={{ listStyle: 'none', padding: 0 }}>
        {roundTimeline(round.status).map((step) => (
          <li key={step.status} aria-current={step.state === 'current' ? 'step' : undefined}>
            <Badge
              color={STEP_COLOURS[step.state]}
              variant={step.state === 'current' || step.state === 'done' ? 'filled' : 'default'}
            >
              {step.label}
              {STEP_NOTES[step.state] === '' ? '' : ` · ${STEP_NOTES[step.state]}`}
            </Badge>
          </li>
        ))}
      </Group>
    </Stack>
  );
}

const windowDate = (window: MarketRound['registrationDates'][RegistrationPeriod], end: 'start' | 'end') =>
  window === null ? 'Not set' : showDate(window[end]);

/** The registration windows with the ones open now marked (registration happens only while the round is Open). */
export function RoundDates({ round, now = new Date() }: { round: MarketRound; now?: Date }) {
  const registering = isRoundOpenForRegistration(round);
  return (
    <Stack gap="xs">
      <Title order={2}>Key dates</Title>
      <RowsTable
        aria-label="Registration windows"
        rows={REGISTRATION_PERIODS}
        rowKey={(period) => period}
        columns={[
          { id: 'window', header: 'Window', render: (period) => PERIOD_LABELS[period] },
          {
            id: 'opens',
            header: 'Opens',
            render: (period) => windowDate(round.registrationDates[period], 'start'),
          },
          {
            id: 'closes',
            header: 'Closes',
            render: (period) => windowDate(round.registrationDates[period], 'end'),
          },
          {
            id: 'now',
            header: 'Now',
            render: (period) =>
              registering && isWindowOpen(round.registrationDates[period], now) ? (
                <StatusBadge color="teal.9">Open now</StatusBadge>
              ) : (
                <Text size="sm">—</Text>
              ),
          },
        ]}
      />
      {round.ampEnd !== null && <Text size="sm">Asset management period ends {showDate(round.ampEnd)}</Text>}
    </Stack>
  );
}

/** The credit reserve of the round. */
export function RoundReserveView({ round }: { round: MarketRound }) {
  const { reserve } = round;
  return (
    <Stack gap="xs">
      <Title order={2}>Credit reserve</Title>
      {reserve === null ? (
        <Text size="sm">The credit reserve has not been set.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Detail label="Reserve">{`${reserve.percentage}%`}</Detail>
          <Detail label="Applies to">{RESERVE_APPLIES_TO_LABELS[reserve.appliesTo]}</Detail>
          <Detail label="Agreed with the EMB">{reserve.agreedWithEMB ? 'Yes' : 'No'}</Detail>
        </SimpleGrid>
      )}
    </Stack>
  );
}

const names = (items: readonly { name: string }[]): string =>
  items.length === 0 ? 'Any' : items.map((item) => item.name).join(', ');

/** The services, standards, project types and places the round covers, and who may bid. */
export function RoundScope({ round }: { round: MarketRound }) {
  return (
    <Stack gap="xs">
      <Title order={2}>Services and places</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Detail label="Services">{serviceLabels(round).join(', ') || 'None yet'}</Detail>
        <Detail label="Who may bid">{BIDDER_TYPE_LABELS[round.bidderType]}</Detail>
        <Detail label="Standards">{names(round.standards)}</Detail>
        <Detail label="Project types">{names(round.projectTypes)}</Detail>
        <Detail label="National character areas">{names(round.ncas)}</Detail>
        <Detail label="Local planning authorities">{names(round.lpas)}</Detail>
        <Detail label="Subcatchments">{names(round.subcatchments)}</Detail>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The declarations asked in the round, with the server's add action when it offers it (disabled with its reason
 * once declarations are fixed) and a remove button on each declaration while removing is allowed.
 */
export function RoundDeclarations({ round, onChanged }: { round: MarketRound; onChanged: () => void }) {
  const add = round.actions.find((action) => action.id === 'AddDeclarations');
  const remove = round.actions.find((action) => action.id === 'RemoveDeclaration' && action.enabled);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2}>Declarations</Title>
        {add !== undefined && <EntityActionButton self={round.self} action={add} onSucceeded={onChanged} />}
      </Group>
      {round.declarations.length === 0 ? (
        <Text size="sm">No declarations have been added to this round.</Text>
      ) : (
        <List
          listStyleType="none"
          spacing="sm"
          aria-label="Declarations of the round"
          // Each item spans the list, so its remove button sits at the right.
          styles={{ itemWrapper: { display: 'flex', alignItems: 'stretch' } }}
        >
          {round.declarations.map((declaration) => (
            <List.Item key={declaration.id}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ flex: 1 }}>
                  <Text fw={600}>{declaration.name}</Text>
                  <Text size="sm">{declaration.text}</Text>
                  <Text size="xs" c="dimmed">
                    {DECLARATION_CATEGORY_LABELS[declaration.category]} ·{' '}
                    {audience(declaration.isForAgents, declaration.isForParticipants)}
                  </Text>
                </Stack>
                {remove !== undefined && (
                  <EntityActionButton
                    self={round.self}
                    action={{ ...remove, title: `Remove ${declaration.name}` }}
                    size="xs"
                    prefill={{ declarationId: declaration.id }}
                    onSucceeded={onChanged}
                  />
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

const audience = (agents: boolean, participants: boolean): string =>
  agents && participants ? 'Agents and participants' : agents ? 'Agents' : 'Participants';
