import type { SolverTaskStatus, SystemTask } from '@curlew/domain';
import { Button, Stack, Text } from '@mantine/core';
import { showToast } from '../../app/toasts.ts';
import { RowsTable } from '../../components/data-table/RowsTable.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { SystemSection } from './SystemSection.tsx';
import { systemTime, useCancelTask, useSystemTasks } from './systemApi.ts';

/** The colour of each solver task status. */
const TASK_STATUS_COLOURS = {
  Queued: 'yellow',
  Running: 'blue',
  Succeeded: 'teal',
  Failed: 'red',
  Cancelled: 'gray',
} as const satisfies Record<SolverTaskStatus, string>;

const maybeTime = (at: string | null) => (at === null ? '' : systemTime(at));

/** Where a task stands, with Cancel while it is queued or running. */
function TaskStatus({
  task,
  cancelling,
  onCancel,
}: {
  task: SystemTask;
  cancelling: boolean;
  onCancel(): void;
}) {
  const live = task.status === 'Queued' || task.status === 'Running';
  return (
    <Stack gap={4} align="flex-start">
      <StatusBadge color={TASK_STATUS_COLOURS[task.status]}>{task.status}</StatusBadge>
      {live && task.cancelRequested ? <Text size="sm">Stopping at its next heartbeat</Text> : null}
      {live && !task.cancelRequested ? (
        <Button
          size="xs"
          variant="default"
          loading={cancelling}
          onClick={onCancel}
          aria-label={`Cancel the task of ${task.roundName}`}
        >
          Cancel
        </Button>
      ) : null}
    </Stack>
  );
}

/** The latest solver tasks (Match of a round): running, failed with the reason, and Cancel for a live one. */
export function TasksSection() {
  const tasks = useSystemTasks();
  const cancel = useCancelTask();
  const items = tasks.data?.items;
  const cancelTask = (task: SystemTask) =>
    cancel.mutate(task.id, {
      onSuccess: (answer) => showToast(`${task.roundName}: ${answer.message}`, 'success'),
      onError: (error) => showToast(error.message, 'error'),
    });
  return (
    <SystemSection
      id="tasks"
      title="Solver tasks"
      what="the solver tasks"
      loading={tasks.isPending}
      error={tasks.error}
    >
      {items && items.length === 0 ? (
        <Text>No solver tasks yet: one is queued when a round is matched.</Text>
      ) : null}
      {items && items.length > 0 ? (
        <RowsTable
          rows={items}
          columns={[
            { id: 'round', header: 'Round', render: (task) => task.roundName },
            {
              id: 'status',
              header: 'Status',
              render: (task) => (
                <TaskStatus
                  task={task}
                  cancelling={cancel.isPending && cancel.variables === task.id}
                  onCancel={() => cancelTask(task)}
                />
              ),
            },
            { id: 'reason', header: 'Reason', render: (task) => task.reason ?? '' },
            { id: 'attempts', header: 'Attempts', render: (task) => task.attempts },
            { id: 'queued', header: 'Queued', nowrap: true, render: (task) => systemTime(task.queuedAt) },
            { id: 'started', header: 'Started', nowrap: true, render: (task) => maybeTime(task.startedAt) },
            {
              id: 'finished',
              header: 'Finished',
              nowrap: true,
              render: (task) => maybeTime(task.finishedAt),
            },
          ]}
          rowKey={(task) => String(task.id)}
          caption="The latest 50 solver tasks, newest first"
          minWidth={800}
          striped
          verticalSpacing="sm"
        />
      ) : null}
      <Button
        variant="default"
        size="xs"
        onClick={() => void tasks.refetch()}
        loading={tasks.isFetching}
        style={{ alignSelf: 'flex-start' }}
      >
        Refresh
      </Button>
    </SystemSection>
  );
}
