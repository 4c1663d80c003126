import { COMMENT_ACTION_ID, type EntityAction } from '@curlew/domain';
import { Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { EntityActionButtons } from '../../components/actions/EntityActionButtons.tsx';
import { NextSteps, nextStepIds } from '../../components/actions/NextSteps.tsx';
import { useRefreshAfterAction } from '../../components/actions/useRefreshAfterAction.ts';
import { NameCell } from '../../components/data-table/NameCell.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { ActivityFeed } from '../activity/ActivityFeed.tsx';
import { CommentsPanel } from '../comments/CommentsPanel.tsx';

/** One member of a group as its page lists it. */
export interface GroupMemberRow {
  id: string;
  name: string;
  to: string;
  status: { label: string; colour: string };
}

/** What a group page shows: the group, its facts, its members, the server's actions, comments and history. */
export interface GroupViewProps {
  group: { id: string; self: string; name: string; actions: readonly EntityAction[] };
  /** The comment and activity subject type (`project-group`, `requirement-group`). */
  subjectType: string;
  /** The line under the name (what kind of group it is). */
  kind: string;
  /** The group's facts (supplier or buyer, round, added). */
  details: ReactNode;
  members: {
    title: string;
    column: string;
    tableLabel: string;
    empty: string;
    rows: readonly GroupMemberRow[];
  };
  /** Only the actions the reader may run now (participants), or every one with the reasons (the operator). */
  enabledOnly: boolean;
}

/**
 * The page of a project group or a requirement group: the steps the server marks as the group's next (adding members
 * until it has two) in the 'Next step' panel, enabled or with the reason in words; its other actions beside its name.
 */
export function GroupView({ group, subjectType, kind, details, members, enabledOnly }: GroupViewProps) {
  const refresh = useRefreshAfterAction();
  const subject = { subjectType, subjectId: group.id };
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{group.name}</Title>
          <Text c="dimmed">{kind}</Text>
        </Stack>
        <EntityActionButtons
          self={group.self}
          actions={group.actions}
          exclude={[COMMENT_ACTION_ID, ...nextStepIds(group.actions)]}
          enabledOnly={enabledOnly}
          label={`Actions for ${group.name}`}
          onSucceeded={() => void refresh()}
        />
      </Group>
      <NextSteps self={group.self} actions={group.actions} onSucceeded={() => void refresh()} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {details}
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={2}>{members.title}</Title>
        {members.rows.length === 0 ? (
          <Text size="sm">{members.empty}</Text>
        ) : (
          <Table aria-label={members.tableLabel} verticalSpacing="xs" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{members.column}</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.rows.map((member) => (
                <Table.Tr key={member.id}>
                  <Table.Td>
                    <NameCell name={member.name} to={member.to} maxWidth={400} />
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge color={member.status.colour}>{member.status.label}</StatusBadge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <CommentsPanel subject={subject} self={group.self} actions={group.actions} />
        <ActivityFeed subject={subject} />
      </SimpleGrid>
    </Stack>
  );
}
