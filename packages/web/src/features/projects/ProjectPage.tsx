import { COMMENT_ACTION_ID, type Project, REPLACE_DOCUMENT_ACTION_ID } from '@curlew/domain';
import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { useCrumbName } from '../../app/routing/breadcrumbs.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { AfterFirstPaint } from '../../components/AfterFirstPaint.tsx';
import { EntityActionButtons } from '../../components/actions/EntityActionButtons.tsx';
import { NextSteps, nextStepIds } from '../../components/actions/NextSteps.tsx';
import { StillNeeded } from '../../components/actions/StillNeeded.tsx';
import { useRefreshAfterAction } from '../../components/actions/useRefreshAfterAction.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { ActivityFeed } from '../activity/ActivityFeed.tsx';
import { CommentsPanel } from '../comments/CommentsPanel.tsx';
import { ClearingExclusionNotice } from '../match/ClearingExclusionNotice.tsx';
import { OutcomeCard } from '../match/OutcomeCard.tsx';
import { WhenLoaded } from '../rounds/LoadFailure.tsx';
import {
  ProjectCostsView,
  ProjectDocuments,
  ProjectGroupView,
  ProjectLocationView,
  ProjectOfferView,
  ProjectOutcomes,
  ProjectSummary,
} from './ProjectSections.tsx';
import { ProjectServices, ProjectSupply } from './ProjectServicesView.tsx';
import { PROJECT_ACTION_LAYOUT, projectStatusColour, projectStatusLabel } from './projectDisplay.ts';
import { useProject } from './projectsApi.ts';

// Shown beside their sections, not as header buttons.
const SECTION_ACTIONS = [COMMENT_ACTION_ID, REPLACE_DOCUMENT_ACTION_ID];

/** Who reads the page: the operator sees every action with the reasons of the refused ones. */
type Reader = 'operator' | 'participant' | 'lpa';

function ProjectView({ project, reader }: { project: Project; reader: Reader }) {
  const refresh = useRefreshAfterAction();
  const changed = () => void refresh();
  // An LPA reads the project only; nothing it could run is shown.
  const actions = reader === 'lpa' ? [] : project.actions;
  const subject = { subjectType: 'project', subjectId: project.id };
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{project.name}</Title>
          <Group gap="xs">
            <Text c="dimmed">{project.supplier.name}</Text>
            <StatusBadge color={projectStatusColour(project.status)}>
              {projectStatusLabel(project.status)}
            </StatusBadge>
          </Group>
        </Stack>
        <EntityActionButtons
          self={project.self}
          actions={actions}
          exclude={[...SECTION_ACTIONS, ...nextStepIds(actions)]}
          enabledOnly={reader !== 'operator'}
          label={`Actions for ${project.name}`}
          layout={PROJECT_ACTION_LAYOUT}
          onSucceeded={changed}
        />
      </Group>
      <NextSteps self={project.self} actions={actions} onSucceeded={changed} />
      {project.outcome && <OutcomeCard outcome={project.outcome} side="project" />}
      <ClearingExclusionNotice exclusion={project.clearingExclusion} noun="offer" />
      <StillNeeded
        self={project.self}
        checklist={project.checklist}
        actions={actions}
        onSucceeded={changed}
      />
      <ProjectSummary project={project} />
      {/* The sections below the summary render after the page's top has painted. */}
      <AfterFirstPaint>
        <ProjectServices project={project} />
        <ProjectSupply project={project} />
        <ProjectLocationView project={project} />
        <ProjectCostsView project={project} />
        {reader !== 'lpa' && <ProjectOfferView project={project} />}
        <ProjectOutcomes project={project} />
        <ProjectDocuments project={project} actions={actions} onChanged={changed} />
        <ProjectGroupView project={project} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <CommentsPanel subject={subject} self={project.self} actions={actions} />
          <ActivityFeed subject={subject} />
        </SimpleGrid>
      </AfterFirstPaint>
    </Stack>
  );
}

function ProjectPageOf({ reader }: { reader: Reader }) {
  const { id = '' } = useParams();
  const project = useProject(id);
  useCrumbName('project', project.data?.name);
  usePageTitle(project.data?.name ?? 'Project');
  return (
    <WhenLoaded query={project} what="Project">
      {(data) => <ProjectView project={data} reader={reader} />}
    </WhenLoaded>
  );
}

/** `/projects/{id}` (admin): every section and every action the server lists, refused ones with their reason. */
export function ProjectPage() {
  return <ProjectPageOf reader="operator" />;
}

/** `/projects/{id}` for suppliers and agents: the actions they may run now. */
export function ParticipantProjectPage() {
  return <ProjectPageOf reader="participant" />;
}

/** `/projects/{id}` in the LPA area: read only, never an offer. */
export function LpaProjectPage() {
  return <ProjectPageOf reader="lpa" />;
}
