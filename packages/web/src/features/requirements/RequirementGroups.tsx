import { CREDIT_REQUIREMENT_STATUS_LABELS } from '@curlew/domain';
import { Group, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { useCrumbName } from '../../app/routing/breadcrumbs.tsx';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { EntityActionButton } from '../../components/actions/EntityActionButtons.tsx';
import { useRefreshAfterAction } from '../../components/actions/useRefreshAfterAction.ts';
import { NameCell } from '../../components/data-table/NameCell.tsx';
import { Detail } from '../../components/records/Detail.tsx';
import { GroupView } from '../groups/GroupView.tsx';
import { LoadFailure } from '../rounds/LoadFailure.tsx';
import { showDate } from '../rounds/roundDisplay.ts';
import { REQUIREMENT_STATUS_COLOURS } from './requirementDisplay.ts';
import {
  REQUIREMENT_GROUPS_SELF,
  requirementGroupPagePath,
  requirementPagePath,
  useRequirementGroup,
  useRequirementGroups,
} from './requirementsApi.ts';

/** The requirement groups of a round (all or none of a group's requirements win) and the create action. */
export function RoundRequirementGroups({ roundId }: { roundId: string }) {
  const groups = useRequirementGroups(roundId);
  const refresh = useRefreshAfterAction();
  if (groups.isPending) return <PageLoader />;
  if (groups.isError)
    return (
      <LoadFailure
        what="Credit requirement groups"
        error={groups.error}
        retry={() => void groups.refetch()}
      />
    );
  const create = groups.data.actions?.find((action) => action.id === 'CreateRequirementGroup');
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2}>Credit requirement groups</Title>
        {create !== undefined && (
          <EntityActionButton
            self={REQUIREMENT_GROUPS_SELF}
            action={create}
            onSucceeded={() => void refresh()}
          />
        )}
      </Group>
      {groups.data.items.length === 0 ? (
        <Text size="sm">There are no credit requirement groups in this round.</Text>
      ) : (
        <Table aria-label="Credit requirement groups" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Group</Table.Th>
              <Table.Th>Buyer</Table.Th>
              <Table.Th>Requirements</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.data.items.map((group) => (
              <Table.Tr key={group.id}>
                <Table.Td>
                  <NameCell name={group.name} to={requirementGroupPagePath(group.id)} />
                </Table.Td>
                <Table.Td>{group.buyer.name}</Table.Td>
                <Table.Td>{group.requirements.length}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/**
 * `requirement-group/{groupId}` (admin, participant and agent): a group of one buyer's requirements in one round
 * that win all or none, its requirements, the server's actions (add, remove, rename), comments and history.
 */
export function RequirementGroupPage() {
  const { groupId = '' } = useParams();
  const group = useRequirementGroup(groupId);
  useCrumbName('requirementGroup', group.data?.name);
  usePageTitle(group.data?.name ?? 'Credit requirement group');
  if (group.isPending) return <PageLoader />;
  if (group.isError)
    return (
      <LoadFailure what="Credit requirement group" error={group.error} retry={() => void group.refetch()} />
    );
  const g = group.data;
  return (
    <GroupView
      group={g}
      subjectType="requirement-group"
      kind="Credit requirement group: all of its requirements win, or none"
      enabledOnly
      details={
        <>
          <Detail label="Buyer">{g.buyer.name}</Detail>
          <Detail label="Market round">{g.round?.name ?? 'None'}</Detail>
          <Detail label="Added">{showDate(g.createdAt)}</Detail>
        </>
      }
      members={{
        title: 'Credit requirements',
        column: 'Requirement',
        tableLabel: `Credit requirements of ${g.name}`,
        empty: 'This group has no credit requirements.',
        rows: g.requirements.map((requirement) => ({
          id: requirement.id,
          name: requirement.name,
          to: requirementPagePath(requirement.id),
          status: {
            label: CREDIT_REQUIREMENT_STATUS_LABELS[requirement.status],
            colour: REQUIREMENT_STATUS_COLOURS[requirement.status],
          },
        })),
      }}
    />
  );
}
