import {
  OPTION_SOURCES,
  PROJECT_SORT_KEYS,
  PROJECT_STATUSES,
  type ProjectGroup,
  type ProjectListItem,
} from '@curlew/domain';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useApi } from '../../actions/ActionsConfig.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { EntityActionButton } from '../../components/actions/EntityActionButtons.tsx';
import { useRefreshAfterAction } from '../../components/actions/useRefreshAfterAction.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable.tsx';
import { ExportButtons } from '../../components/data-table/ExportButtons.tsx';
import {
  CREDIT_TYPE_OPTIONS,
  type ListFilters,
  optionsOf,
  ROUNDS_SOURCE,
} from '../../components/data-table/listFilters.ts';
import { type ListConfig, listQueryString } from '../../components/data-table/listState.ts';
import { NameCell } from '../../components/data-table/NameCell.tsx';
import { useListFilters } from '../../components/data-table/useAddressFilters.ts';
import { useListState, usePagedList } from '../../components/data-table/useListState.ts';
import { projectColumns } from './projectColumns.tsx';
import { projectStatusLabel, showDate } from './projectDisplay.ts';
import {
  type PageWithActions,
  PROJECT_GROUPS_SELF,
  PROJECTS_KEY,
  PROJECTS_SELF,
  projectGroupPagePath,
  projectPagePath,
} from './projectsApi.ts';

const LIST_CONFIG: ListConfig = { sortKeys: PROJECT_SORT_KEYS, defaultSort: 'name' };

const LPA_FILTER = { kind: 'select', key: 'lpaId', label: 'LPA', source: OPTION_SOURCES.lpas } as const;

/** The filters of the projects list, each a query parameter of the page and of `GET /api/projects`. */
const FILTERS: ListFilters = {
  label: 'Filter projects',
  clearable: true,
  filters: [
    { kind: 'select', key: 'roundId', label: 'Round', source: ROUNDS_SOURCE },
    {
      kind: 'select',
      key: 'status',
      label: 'Status',
      options: optionsOf(PROJECT_STATUSES, projectStatusLabel),
    },
    { kind: 'select', key: 'typeId', label: 'Project type', source: OPTION_SOURCES.projectTypes },
    { kind: 'select', key: 'creditType', label: 'Credit type', options: CREDIT_TYPE_OPTIONS },
    LPA_FILTER,
  ],
};
// Local planning authorities see only their own area.
const LPA_READER_FILTERS: ListFilters = {
  ...FILTERS,
  filters: FILTERS.filters.filter((filter) => filter !== LPA_FILTER),
};

const shared = projectColumns(projectPagePath);
const COLUMNS: DataTableColumn<ProjectListItem>[] = [
  shared.name,
  shared.status,
  shared.supplier,
  shared.round,
  { id: 'type', header: 'Type', render: (project) => project.type?.name ?? '—' },
  shared.credits,
  shared.lpa,
  {
    id: 'group',
    header: 'Group',
    render: (project) =>
      project.group === null ? (
        '—'
      ) : (
        <NameCell
          name={`${project.group.name} (${project.group.type})`}
          to={projectGroupPagePath(project.group.id)}
          maxWidth={200}
        />
      ),
  },
  {
    id: 'createdAt',
    header: 'Added',
    sortKey: 'createdAt',
    render: (project) => <time dateTime={project.createdAt}>{showDate(project.createdAt)}</time>,
  },
];

/** The create actions of the project groups collection (`GET /api/project-groups` answers them with its page). */
function useGroupsCollection(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [...PROJECTS_KEY, 'groups', 'collection'],
    queryFn: ({ signal }) =>
      api.get<PageWithActions<ProjectGroup>>(`${PROJECT_GROUPS_SELF}?page=1&pageSize=1`, { signal }),
    enabled,
  });
}

/** Props of the projects list. */
export interface ProjectsListProps {
  /** The LPA's list: no create buttons. */
  readOnly?: boolean;
}

/**
 * `/projects`: the projects the reader may see, sortable, searchable and filtered by round, status, type, credit
 * type and LPA (all in the address), paged, with a CSV export of every matching row and the collection's create
 * actions (Add project, Add project group).
 */
function ProjectsList({ readOnly = false }: ProjectsListProps) {
  usePageTitle('Projects');
  const navigate = useNavigate();
  const refresh = useRefreshAfterAction();
  const list = useListState(LIST_CONFIG);
  const filters = useListFilters(readOnly ? LPA_READER_FILTERS : FILTERS);
  const query = listQueryString(list.state, filters.query);
  const paged = usePagedList<ProjectListItem>([...PROJECTS_KEY, 'list'], `${PROJECTS_SELF}?${query}`);
  const page = paged.data as PageWithActions<ProjectListItem> | undefined;
  const groups = useGroupsCollection(!readOnly);
  const actions = readOnly ? [] : [...(page?.actions ?? []), ...(groups.data?.actions ?? [])];
  const createProject = actions.find((action) => action.id === 'CreateProject');
  const createGroup = actions.find((action) => action.id === 'CreateProjectGroup');
  return (
    <Stack gap="md">
      <Title order={1}>Projects</Title>
      <DataTable
        label="Projects"
        columns={COLUMNS}
        rowKey={(project) => project.id}
        list={list}
        query={paged}
        searchLabel="Search projects"
        filters={filters}
        emptyText={filters.filtered ? 'No projects match these filters.' : 'There are no projects yet.'}
        toolbar={
          <>
            <ExportButtons
              path={PROJECTS_SELF}
              state={list.state}
              filters={filters.query}
              filename="projects"
            />
            {createGroup !== undefined && (
              <EntityActionButton
                self={PROJECT_GROUPS_SELF}
                action={createGroup}
                onSucceeded={(result) => {
                  void refresh();
                  const created = result.context?.id;
                  if (created !== undefined) void navigate(projectGroupPagePath(created));
                }}
              />
            )}
            {createProject !== undefined && (
              <EntityActionButton
                self={PROJECTS_SELF}
                action={createProject}
                variant="filled"
                onSucceeded={(result) => {
                  void refresh();
                  const created = result.context?.id;
                  if (created !== undefined) void navigate(projectPagePath(created));
                }}
              />
            )}
          </>
        }
      />
      {readOnly && (
        <Text size="sm" c="dimmed">
          Projects in your local planning authority's area.
        </Text>
      )}
    </Stack>
  );
}

/** `/projects` for the operator, participants and agents. */
export function ProjectsPage() {
  return <ProjectsList />;
}

/** `/projects` in the LPA area: the projects in the LPA's own area, read only. */
export function LpaProjectsPage() {
  return <ProjectsList readOnly />;
}
