import type { ActionResult, ChecklistItem, EntityAction } from '@curlew/domain';
import { Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useId } from 'react';
import { EntityActionButton } from './EntityActionButtons.tsx';

/** Props of a record's 'What is still needed' checklist. */
export interface StillNeededProps {
  self: string;
  checklist: readonly ChecklistItem[];
  /** The record's actions: an open line offers those of its actions the reader may see. */
  actions: readonly EntityAction[];
  onSucceeded?: (result: ActionResult) => void;
  /** What completing every line allows ('the round can open for registration'), said in the summary. */
  goal?: string;
}

function Mark({ done }: { done: boolean }) {
  return (
    <ThemeIcon
      size="sm"
      radius="xl"
      color={done ? 'teal' : 'gray'}
      variant={done ? 'filled' : 'light'}
      aria-hidden
    >
      <Text size="xs" fw={700} inherit>
        {done ? '✓' : '•'}
      </Text>
    </ThemeIcon>
  );
}

const summary = (open: number, total: number, goal: string | undefined): string => {
  if (goal === undefined)
    return open === 0 ? 'Nothing: every step is done' : `${total - open} of ${total} done`;
  return open === 0 ? `Everything is ready: ${goal}.` : `${open} of ${total} still to do before ${goal}.`;
};

/**
 * 'What is still needed' on a record's page (round, project, requirement): each line the server checked, done or not,
 * with what is set or missing in words; an open line offers the dialogs that complete it (a refused one disabled with
 * its reason). Nothing shows when the server sends no lines.
 */
export function StillNeeded({ self, checklist, actions, onSucceeded, goal }: StillNeededProps) {
  const headingId = useId();
  if (checklist.length === 0) return null;
  const open = checklist.filter((item) => !item.done).length;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4" id={headingId}>
            What is still needed
          </Title>
          <Text size="sm" c="dimmed">
            {summary(open, checklist.length, goal)}
          </Text>
        </Group>
        <List listStyleType="none" spacing="xs">
          {checklist.map((item) => {
            const offered = item.done
              ? []
              : actions.filter((action) => item.actionIds.includes(action.id) && !action.byRole);
            return (
              <List.Item key={item.id} icon={<Mark done={item.done} />}>
                <Group gap="sm" wrap="wrap">
                  <Stack gap={0}>
                    <Text size="sm">
                      {item.label}
                      <Text span size="sm" c="dimmed">
                        {item.done ? ': done' : ': not done yet'}
                      </Text>
                    </Text>
                    {item.detail !== undefined && <Text size="sm">{item.detail}</Text>}
                  </Stack>
                  {offered.map((action) => (
                    <EntityActionButton
                      key={action.id}
                      self={self}
                      action={action}
                      size="xs"
                      variant="default"
                      showReason
                      onSucceeded={onSucceeded}
                    />
                  ))}
                </Group>
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Card>
  );
}
