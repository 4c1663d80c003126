import type { MarketRound, Participation } from '@curlew/domain';
import { REGISTRATION_STATUS_LABELS } from '@curlew/domain';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { useCurrentUser } from '../../app/currentUser.ts';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { EntityActionButtons } from '../../components/actions/EntityActionButtons.tsx';
import { NextSteps, nextStepIds } from '../../components/actions/NextSteps.tsx';
import { StillNeeded } from '../../components/actions/StillNeeded.tsx';
import { useRefreshAfterAction } from '../../components/actions/useRefreshAfterAction.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { RoundMapSection } from '../map/RoundMapSection.tsx';
import { BalancingShortfalls } from '../match/BalancingShortfalls.tsx';
import { MatchProgress } from '../match/MatchProgress.tsx';
import './ImportDataPreview.tsx';
import { OwnOutcomes } from '../match/OwnOutcomes.tsx';
import { RoundStatementView } from '../match/RoundStatementView.tsx';
import {
  OPPORTUNITY_ACTIONS,
  OpportunityStatementSection,
} from '../opportunity/OpportunityStatementSection.tsx';
import { LoadFailure } from './LoadFailure.tsx';
import { RoundDatasets } from './RoundDatasets.tsx';
import { RoundHistory } from './RoundHistory.tsx';
import { RoundParticipants } from './RoundParticipants.tsx';
import {
  RoundDates,
  RoundDeclarations,
  RoundReserveView,
  RoundScope,
  RoundTimeline,
} from './RoundSections.tsx';
import {
  CAPACITY_LABELS,
  REGISTRATION_STATUS_COLOURS,
  ROUND_ACTION_LAYOUT,
  ROUND_STATUS_COLOUR,
  roundStatusLabel,
} from './roundDisplay.ts';
import { participationSelf, useListAt, useRound, useRoundCrumbs } from './roundsApi.ts';

// Shown beside the sections, not as header buttons.
const SECTION_ACTIONS = ['AddDeclarations', 'RemoveDeclaration', ...OPPORTUNITY_ACTIONS];

function RoundHeader({
  round,
  onChanged,
  enabledOnly = false,
}: {
  round: MarketRound;
  onChanged: () => void;
  /** Participants and agents see only what they may do now, not the operator's refused buttons. */
  enabledOnly?: boolean;
}) {
  const checklistOpen = round.checklist?.some((item) => !item.done) === true;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{round.name}</Title>
          <Group gap="xs">
            <Text c="dimmed">{round.market.name}</Text>
            <StatusBadge color={ROUND_STATUS_COLOUR}>{roundStatusLabel(round.status)}</StatusBadge>
          </Group>
        </Stack>
        <EntityActionButtons
          self={round.self}
          actions={round.actions}
          exclude={[...SECTION_ACTIONS, ...nextStepIds(round.actions)]}
          // A settled round is over: the refused actions of its whole life would only be noise.
          enabledOnly={enabledOnly || round.status === 'Settled'}
          layout={ROUND_ACTION_LAYOUT}
          label={`Actions for ${round.name}`}
          onSucceeded={onChanged}
        />
      </Group>
      <NextSteps
        self={round.self}
        actions={round.actions}
        onSucceeded={onChanged}
        // The checklist lists what Open waits for, line by line, instead of Open's long refusal.
        explainedElsewhere={checklistOpen ? { Open: 'Complete what is still needed, listed below.' } : {}}
      />
    </Stack>
  );
}

function useRoundPage() {
  const { roundId = '', marketId = '' } = useParams();
  const round = useRound(roundId);
  useRoundCrumbs(round, marketId);
  usePageTitle(round.data?.name ?? (round.isError ? 'Market round not found' : 'Market round'));
  return round;
}

/** `/markets/{marketId}/round/{roundId}` (admin): the operator's page of a round. */
export function OperatorRoundPage() {
  const round = useRoundPage();
  const refresh = useRefreshAfterAction();
  const changed = () => void refresh();
  if (round.isPending) return <PageLoader />;
  if (round.isError)
    return <LoadFailure what="Market round" error={round.error} retry={() => void round.refetch()} />;
  return (
    <Stack gap="xl">
      <RoundHeader round={round.data} onChanged={changed} />
      <StillNeeded
        self={round.data.self}
        checklist={round.data.checklist ?? []}
        actions={round.data.actions}
        goal="the round can open for registration"
        onSucceeded={changed}
      />
      <MatchProgress round={round.data} onChanged={() => void round.refetch()} />
      <RoundStatementView round={round.data} />
      <BalancingShortfalls round={round.data} />
      <OpportunityStatementSection round={round.data} onChanged={changed} />
      <RoundTimeline round={round.data} />
      <RoundDates round={round.data} />
      <RoundReserveView round={round.data} />
      <RoundScope round={round.data} />
      <RoundMapSection round={round.data} />
      <RoundDeclarations round={round.data} onChanged={changed} />
      <RoundParticipants round={round.data} />
      <RoundDatasets round={round.data} />
      <RoundHistory round={round.data} />
    </Stack>
  );
}

// An agent sees its clients' registrations (the server answers only those it holds authority for).
function OwnParticipations({
  round,
  organisationId,
  asAgent,
}: {
  round: MarketRound;
  organisationId: string;
  asAgent: boolean;
}) {
  const refresh = useRefreshAfterAction();
  const roundQuery = `/participations?roundId=${encodeURIComponent(round.id)}`;
  const list = useListAt<Participation>(
    asAgent ? roundQuery : `${roundQuery}&organisationId=${encodeURIComponent(organisationId)}`,
  );
  const title = asAgent ? "Your clients' registrations" : 'Your registration';
  if (list.isPending) return <PageLoader />;
  if (list.isError) return <LoadFailure what={title} error={list.error} retry={() => void list.refetch()} />;
  return (
    <Stack gap="xs">
      <Title order={2}>{title}</Title>
      {list.data.items.length === 0 ? (
        <Text size="sm">
          {asAgent
            ? 'None of your clients has registered for this round.'
            : 'You have not registered for this round.'}
        </Text>
      ) : (
        list.data.items.map((participation) => (
          <Group key={participation.id} justify="space-between">
            <Text component="div">
              {asAgent && `${participation.organisation.name}, `}
              {CAPACITY_LABELS[participation.capacity]}:{' '}
              <StatusBadge color={REGISTRATION_STATUS_COLOURS[participation.status]}>
                {REGISTRATION_STATUS_LABELS[participation.status]}
              </StatusBadge>
            </Text>
            <EntityActionButtons
              self={participationSelf(participation.id)}
              actions={participation.actions}
              exclude={['Comment']}
              enabledOnly
              label={`Actions for your registration as ${CAPACITY_LABELS[participation.capacity]}`}
              onSucceeded={() => void refresh()}
            />
          </Group>
        ))
      )}
    </Stack>
  );
}

/**
 * `/markets/{marketId}/round/{roundId}` for participants and agents: the round as they may see it (its progress,
 * dates, scope and declarations) and the signed-in organisation's own registrations; never other participants.
 */
export function ParticipantRoundPage() {
  const round = useRoundPage();
  const { data: user } = useCurrentUser();
  const refresh = useRefreshAfterAction();
  const organisationId = user?.organisation?.id;
  const asAgent = user?.organisation?.type === 'AGENT';
  if (round.isPending) return <PageLoader />;
  if (round.isError)
    return <LoadFailure what="Market round" error={round.error} retry={() => void round.refetch()} />;
  const shown = { ...round.data, actions: round.data.actions.filter((a) => !SECTION_ACTIONS.includes(a.id)) };
  return (
    <Stack gap="xl">
      <RoundHeader round={shown} onChanged={() => void refresh()} enabledOnly />
      <OwnOutcomes round={round.data} />
      <RoundStatementView round={round.data} />
      <OpportunityStatementSection round={round.data} onChanged={() => void refresh()} />
      <RoundTimeline round={round.data} />
      <RoundDates round={round.data} />
      <RoundScope round={round.data} />
      {organisationId !== undefined && (
        <OwnParticipations round={round.data} organisationId={organisationId} asAgent={asAgent} />
      )}
      <RoundMapSection round={round.data} reader="participant" />
      <Anchor component={Link} to="/">
        Back to your home
      </Anchor>
    </Stack>
  );
}
