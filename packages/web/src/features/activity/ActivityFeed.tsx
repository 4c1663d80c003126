import {
  type ActivityItemView,
  activityDetailLines,
  activityTimeText,
  type SubjectRef,
  statusChangeText,
} from '@curlew/domain';
import { Alert, Group, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { ActivityExport } from './ActivityExport.tsx';
import { subjectQuery, useActivity } from './activityApi.ts';

/** One activity entry: who did what, when, the status change if any, and what changed in words. */
function ActivityEntry({ item }: { item: ActivityItemView }) {
  const change = statusChangeText(item.statusBefore, item.statusAfter);
  const lines = activityDetailLines(item.details);
  return (
    <li style={{ borderBottom: '1px solid var(--mantine-color-default-border)', paddingBlock: 6 }}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm">
          <Text span fw={600} size="sm">
            {item.actor?.displayName ?? 'System'}
          </Text>{' '}
          {item.title}
          {change !== undefined && (
            <Text span size="sm" c="dimmed">
              {` (${change})`}
            </Text>
          )}
        </Text>
        <Text size="sm" c="dimmed" component="time" dateTime={item.at} style={{ whiteSpace: 'nowrap' }}>
          {activityTimeText(item.at)}
        </Text>
      </Group>
      {lines.length > 0 && (
        <ul style={{ margin: '2px 0 0', paddingInlineStart: 18 }}>
          {lines.map((line) => (
            <Text key={line} component="li" size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {line}
            </Text>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Props of the activity feed. */
export interface ActivityFeedProps {
  subject: SubjectRef;
  pageSize?: number;
  /** Heading level of the 'Activity' title (default 2). */
  headingOrder?: 2 | 3 | 4;
}

/**
 * The activity of an entity (who, what, when, status before → after), newest first and paged, with loading, empty
 * and error states: drop it into any entity page with the entity's kind and id.
 */
export function ActivityFeed({ subject, pageSize = 10, headingOrder = 2 }: ActivityFeedProps) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const activity = useActivity(subject, page, pageSize);
  let body: ReactNode;
  if (activity.isPending) body = <Loader size="sm" role="status" aria-label="Loading activity" />;
  else if (activity.isError) {
    body = (
      <Alert color="red" title="The activity could not be loaded">
        {activity.error.message}
      </Alert>
    );
  } else if (activity.data.total === 0) body = <Text c="dimmed">No activity yet</Text>;
  else {
    const pages = Math.ceil(activity.data.total / pageSize);
    body = (
      <>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-labelledby={headingId}>
          {activity.data.items.map((item) => (
            <ActivityEntry key={item.id} item={item} />
          ))}
        </ul>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        )}
      </>
    );
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between">
        <Title order={headingOrder} size="h4" id={headingId}>
          Activity
        </Title>
        {activity.isSuccess && activity.data.total > 0 && (
          <ActivityExport query={subjectQuery(subject)} filename="activity" label="Export CSV" />
        )}
      </Group>
      {body}
    </Stack>
  );
}
