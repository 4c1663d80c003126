import { PROJECT_GROUP_TYPE_LABELS, type ProjectGroup } from '@curlew/domain';
import { useParams } from 'react-router-dom';
import { useCrumbName } from '../../app/routing/breadcrumbs.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { Detail } from '../../components/records/Detail.tsx';
import { GroupView } from '../groups/GroupView.tsx';
import { WhenLoaded } from '../rounds/LoadFailure.tsx';
import { roundStatusLabel } from '../rounds/roundDisplay.ts';
import { projectStatusColour, projectStatusLabel, showDate } from './projectDisplay.ts';
import { projectPagePath, useProjectGroup } from './projectsApi.ts';

function ProjectGroupView({ group, operator }: { group: ProjectGroup; operator: boolean }) {
  return (
    <GroupView
      group={group}
      subjectType="project-group"
      kind={`${group.type}: ${PROJECT_GROUP_TYPE_LABELS[group.type]}`}
      enabledOnly={!operator}
      details={
        <>
          <Detail label="Supplier">{group.supplier.name}</Detail>
          <Detail label="Market round">{`${group.round.name} (${roundStatusLabel(group.round.status)})`}</Detail>
          <Detail label="Added">{showDate(group.createdAt)}</Detail>
        </>
      }
      members={{
        title: 'Projects in the group',
        column: 'Project',
        tableLabel: 'Projects in the group',
        empty: 'There are no projects in this group yet.',
        rows: group.projects.map((project) => ({
          id: project.id,
          name: project.name,
          to: projectPagePath(project.id),
          status: { label: projectStatusLabel(project.status), colour: projectStatusColour(project.status) },
        })),
      }}
    />
  );
}

function ProjectGroupPageOf({ operator }: { operator: boolean }) {
  const { id = '' } = useParams();
  const group = useProjectGroup(id);
  useCrumbName('projectGroup', group.data?.name);
  usePageTitle(group.data?.name ?? 'Project group');
  return (
    <WhenLoaded query={group} what="Project group">
      {(data) => <ProjectGroupView group={data} operator={operator} />}
    </WhenLoaded>
  );
}

/** `/project-group/{id}` (admin): the group, its projects and every action the server lists. */
export function ProjectGroupPage() {
  return <ProjectGroupPageOf operator />;
}

/** `/project-group/{id}` for suppliers and agents: the actions they may run now. */
export function ParticipantProjectGroupPage() {
  return <ProjectGroupPageOf operator={false} />;
}
