import type { MarketRound, RoundSolverTask } from '@curlew/domain';
import { formatGBP, formatNumber, formatPercent } from '@curlew/domain';
import { Alert, Anchor, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useApi } from '../../actions/ActionsConfig.tsx';
import { cancelTaskPath, reviewPagePath } from './matchApi.ts';

const TASK_STATUS_LABELS: Record<RoundSolverTask['status'], string> = {
  Queued: 'Waiting to start',
  Running: 'Running',
  Succeeded: 'Finished',
  Failed: 'Failed',
  Cancelled: 'Cancelled',
};

/** Seconds as '1 min 05 s', '42 s', or under ten seconds with a tenth ('0.4 s'), so a quick solve is not '0 s'. */
export const formatElapsed = (seconds: number): string => {
  if (seconds < 10) return `${(Math.floor(seconds * 10) / 10).toFixed(1)} s`;
  const whole = Math.floor(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return minutes > 0 ? `${minutes} min ${String(rest).padStart(2, '0')} s` : `${rest} s`;
};

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

function TaskProgress({ task, onChanged }: { task: RoundSolverTask; onChanged: () => void }) {
  const api = useApi();
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const live = task.status === 'Queued' || task.status === 'Running';
  const elapsed = task.progress?.elapsedSeconds ?? 0;
  const share = task.timeLimitSeconds > 0 ? Math.min(100, (elapsed / task.timeLimitSeconds) * 100) : 0;
  const cancel = async () => {
    setCancelling(true);
    setError(null);
    try {
      await api.post(cancelTaskPath(task.id));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setCancelling(false);
      onChanged();
    }
  };
  if (task.imported)
    return (
      <Stack gap="sm">
        <Text>Result imported from a winners file</Text>
        <Figure label="Surplus" value={task.progress ? formatGBP(task.progress.best) : 'Not yet known'} />
      </Stack>
    );
  return (
    <Stack gap="sm">
      <Text>Solver: {TASK_STATUS_LABELS[task.status]}</Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure
          label="Best surplus"
          value={task.progress ? formatGBP(task.progress.best) : 'Not yet known'}
        />
        <Figure label="Bound" value={task.progress ? formatGBP(task.progress.bound) : 'Not yet known'} />
        <Figure
          label="Gap"
          value={task.progress ? formatPercent(task.progress.gap * 100) : 'Not yet known'}
        />
        <Figure
          label="Elapsed"
          value={`${formatElapsed(elapsed)} of ${formatNumber(task.timeLimitSeconds)} s`}
        />
      </SimpleGrid>
      <Progress.Root>
        <Progress.Section
          value={share}
          animated={live}
          aria-label="Time used of the solver's time limit"
          aria-valuetext={`${formatElapsed(elapsed)} of ${formatNumber(task.timeLimitSeconds)} s`}
        />
      </Progress.Root>
      {task.status === 'Failed' && task.reason && (
        <Alert color="red" title="Matching failed">
          {task.reason}
        </Alert>
      )}
      {task.status === 'Cancelled' && task.reason && (
        <Alert color="yellow" title="Matching cancelled">
          {task.reason}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" title="The task could not be cancelled">
          {error}
        </Alert>
      )}
      {live && (
        <Group>
          <Button variant="default" color="red" loading={cancelling} onClick={() => void cancel()}>
            Cancel matching
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The operator's view of a round's matching: the latest solver task's live progress (best surplus, bound, gap, time
 * against the limit) with Cancel while it runs, why it failed, and the way to the review once a result is pending.
 */
export function MatchProgress({ round, onChanged }: { round: MarketRound; onChanged: () => void }) {
  const task = round.latestTask ?? null;
  const pending = round.status === 'Pending';
  const showTask = task !== null && (round.status === 'Matching' || round.status === 'Failed' || pending);
  if (!showTask && !pending) return null;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2}>Matching</Title>
        {showTask && task && <TaskProgress task={task} onChanged={onChanged} />}
        {pending && (
          <Group>
            <Anchor component={Link} to={reviewPagePath(round.market.id, round.id)} fw={600}>
              Review matches
            </Anchor>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
