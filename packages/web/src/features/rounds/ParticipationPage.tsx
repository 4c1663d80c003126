import { COMMENT_ACTION_ID, REGISTRATION_STATUS_LABELS } from '@curlew/domain';
import { Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { useCrumbName } from '../../app/routing/breadcrumbs.tsx';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { EntityActionButtons } from '../../components/actions/EntityActionButtons.tsx';
import { NextSteps, nextStepIds } from '../../components/actions/NextSteps.tsx';
import { useRefreshAfterAction } from '../../components/actions/useRefreshAfterAction.ts';
import { Detail } from '../../components/records/Detail.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { ActivityFeed } from '../activity/ActivityFeed.tsx';
import { CommentsPanel } from '../comments/CommentsPanel.tsx';
import { LoadFailure } from './LoadFailure.tsx';
import { CAPACITY_LABELS, REGISTRATION_STATUS_COLOURS, roundStatusLabel, showDate } from './roundDisplay.ts';
import { roundPagePath, useMarket, useParticipation } from './roundsApi.ts';

/**
 * `markets/{marketId}/round/{roundId}/participation/{participationId}` and
 * `participants/{organisationId}/participation/{participationId}` (admin): one participation, the server's actions
 * on it, its comments and its history.
 */
export function ParticipationPage() {
  const { participationId = '', marketId = '' } = useParams();
  const participation = useParticipation(participationId);
  const market = useMarket(marketId);
  const refresh = useRefreshAfterAction();
  const data = participation.data;
  useCrumbName('market', market.data?.name);
  useCrumbName('round', data?.round.name);
  useCrumbName('organisation', data?.organisation.name);
  usePageTitle(data === undefined ? 'Participation' : `${data.organisation.name} in ${data.round.name}`);
  if (participation.isPending) return <PageLoader />;
  if (participation.isError)
    return (
      <LoadFailure
        what="Participation"
        error={participation.error}
        retry={() => void participation.refetch()}
      />
    );
  const p = participation.data;
  const subject = { subjectType: 'participation', subjectId: p.id };
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{p.organisation.name}</Title>
          <Group gap="xs">
            <Text c="dimmed">{`${CAPACITY_LABELS[p.capacity]} in ${p.round.name}`}</Text>
            <StatusBadge color={REGISTRATION_STATUS_COLOURS[p.status]}>
              {REGISTRATION_STATUS_LABELS[p.status]}
            </StatusBadge>
          </Group>
        </Stack>
        <EntityActionButtons
          self={p.self}
          actions={p.actions}
          exclude={[COMMENT_ACTION_ID, ...nextStepIds(p.actions)]}
          // The next steps, refused or not, are in their panel: the other actions only when they may run now.
          enabledOnly
          label={`Actions for ${p.organisation.name} in ${p.round.name}`}
          onSucceeded={() => void refresh()}
        />
      </Group>
      <NextSteps self={p.self} actions={p.actions} onSucceeded={() => void refresh()} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Detail label="Market round">
          <Anchor component={Link} to={roundPagePath(p.round.marketId, p.round.id)}>
            {p.round.name}
          </Anchor>{' '}
          ({roundStatusLabel(p.round.status)})
        </Detail>
        <Detail label="Taking part as">{CAPACITY_LABELS[p.capacity]}</Detail>
        <Detail label="Status">
          {REGISTRATION_STATUS_LABELS[p.status]}
          {p.previousStatus !== null && ` (was ${REGISTRATION_STATUS_LABELS[p.previousStatus]})`}
        </Detail>
        <Detail label="Agent">{p.agent?.name ?? 'None'}</Detail>
        <Detail label="Registered on">
          {p.registeredAt === null ? 'Not yet' : showDate(p.registeredAt)}
        </Detail>
        <Detail label="Added">{showDate(p.createdAt)}</Detail>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <CommentsPanel subject={subject} self={p.self} actions={p.actions} />
        <ActivityFeed subject={subject} />
      </SimpleGrid>
    </Stack>
  );
}
