import { commentAction, PROJECT_GROUP_TYPE_LABELS, type ProjectGroup } from '@curlew/domain';
import { Anchor, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { useCrumbName } from '../../app/routing/breadcrumbs.tsx';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { EntityActionButtons } from '../../components/actions/EntityActionButtons.tsx';
import { useRefreshAfterAction } from '../../components/actions/useRefreshAfterAction.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { ActivityFeed } from '../activity/ActivityFeed.tsx';
import { CommentsPanel } from '../comments/CommentsPanel.tsx';
import { LoadFailure } from '../rounds/LoadFailure.tsx';
import { Detail } from '../rounds/MarketPage.tsx';
import { roundStatusLabel } from '../rounds/roundDisplay.ts';
import { projectStatusColour, projectStatusLabel, showDate } from './projectDisplay.ts';
import { projectPagePath, useProjectGroup } from './projectsApi.ts';

function ProjectGroupView({ group, operator }: { group: ProjectGroup; operator: boolean }) {
  const refresh = useRefreshAfterAction();
  const subject = { subjectType: 'project-group', subjectId: group.id };
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{group.name}</Title>
          <Text c="dimmed">{`${group.type}: ${PROJECT_GROUP_TYPE_LABELS[group.type]}`}</Text>
        </Stack>
        <EntityActionButtons
          self={group.self}
          actions={group.actions}
          exclude={[commentAction.id]}
          enabledOnly={!operator}
          label={`Actions for ${group.name}`}
          onSucceeded={() => void refresh()}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Detail label="Supplier">{group.supplier.name}</Detail>
        <Detail label="Market round">{`${group.round.name} (${roundStatusLabel(group.round.status)})`}</Detail>
        <Detail label="Added">{showDate(group.createdAt)}</Detail>
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={2}>Projects in the group</Title>
        {group.projects.length === 0 ? (
          <Text size="sm">There are no projects in this group yet.</Text>
        ) : (
          <Table aria-label="Projects in the group" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Project</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.projects.map((project) => (
                <Table.Tr key={project.id}>
                  <Table.Td>
                    <Anchor component={Link} to={projectPagePath(project.id)} size="sm">
                      {project.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge color={projectStatusColour(project.status)}>
                      {projectStatusLabel(project.status)}
                    </StatusBadge>
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

function ProjectGroupPageOf({ operator }: { operator: boolean }) {
  const { id = '' } = useParams();
  const group = useProjectGroup(id);
  useCrumbName('projectGroup', group.data?.name);
  usePageTitle(group.data?.name ?? 'Project group');
  if (group.isPending) return <PageLoader />;
  if (group.isError)
    return <LoadFailure what="Project group" error={group.error} retry={() => void group.refetch()} />;
  return <ProjectGroupView group={group.data} operator={operator} />;
}

/** `/project-group/{id}` (admin): the group, its projects and every action the server lists. */
export function ProjectGroupPage() {
  return <ProjectGroupPageOf operator />;
}

/** `/project-group/{id}` for suppliers and agents: the actions they may run now. */
export function ParticipantProjectGroupPage() {
  return <ProjectGroupPageOf operator={false} />;
}
