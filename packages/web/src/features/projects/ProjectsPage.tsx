import {
  CREDIT_TYPE_LABELS,
  CREDIT_TYPES,
  type FieldOption,
  OPTION_SOURCES,
  type OptionsSource,
  PROJECT_SORT_KEYS,
  PROJECT_STATUSES,
  type ProjectGroup,
  type ProjectListItem,
} from '@curlew/domain';
import { Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useActionsConfig, useApi } from '../../actions/ActionsConfig.tsx';
import { useFieldOptions } from '../../actions/useFieldOptions.ts';
import { apiAddress } from '../../app/api.ts';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { EntityActionButton } from '../../components/actions/EntityActionButtons.tsx';
import { useRefreshAfterAction } from '../../components/actions/useRefreshAfterAction.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable.tsx';
import { type ListConfig, listQueryString } from '../../components/data-table/listState.ts';
import { NameCell } from '../../components/data-table/NameCell.tsx';
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

/** The filters of the projects list, each a query parameter of the page and of `GET /api/projects`. */
export const PROJECT_FILTERS = ['roundId', 'status', 'typeId', 'creditType', 'lpaId'] as const;
type ProjectFilter = (typeof PROJECT_FILTERS)[number];

/** The rounds a list can be filtered by, newest first. */
export const ROUNDS_SOURCE: OptionsSource = {
  url: '/rounds?sort=createdAt&order=desc&page=1&pageSize=100',
  valueKey: 'id',
  labelKey: 'name',
};

const STATUS_OPTIONS: readonly FieldOption[] = PROJECT_STATUSES.map((value) => ({
  value,
  label: projectStatusLabel(value),
}));
/** The credit types a list can be filtered by. */
export const CREDIT_TYPE_OPTIONS: readonly FieldOption[] = CREDIT_TYPES.map((value) => ({
  value,
  label: CREDIT_TYPE_LABELS[value],
}));

const NO_VALUES = {};

export function FilterSelect({
  label,
  value,
  options,
  source,
  onChange,
}: {
  label: string;
  value: string;
  options?: readonly FieldOption[];
  source?: OptionsSource;
  onChange: (value: string) => void;
}) {
  const loaded = useFieldOptions(options, source, NO_VALUES);
  const known = loaded.options.some((option) => option.value === value);
  return (
    <NativeSelect
      label={label}
      size="xs"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      aria-busy={loaded.loading}
      data={[
        { value: '', label: 'Any' },
        ...loaded.options.map((option) => ({ value: option.value, label: option.label })),
        ...(value !== '' && !known ? [{ value, label: loaded.loading ? 'Loading…' : 'Chosen earlier' }] : []),
      ]}
    />
  );
}

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
export function ProjectsList({ readOnly = false }: ProjectsListProps) {
  usePageTitle('Projects');
  const navigate = useNavigate();
  const refresh = useRefreshAfterAction();
  const { apiBase } = useActionsConfig();
  const [params, setParams] = useSearchParams();
  const list = useListState(LIST_CONFIG);
  const filters = Object.fromEntries(PROJECT_FILTERS.map((key) => [key, params.get(key) ?? ''])) as Record<
    ProjectFilter,
    string
  >;
  const query = listQueryString(list.state, filters);
  const paged = usePagedList<ProjectListItem>([...PROJECTS_KEY, 'list'], `${PROJECTS_SELF}?${query}`);
  const page = paged.data as PageWithActions<ProjectListItem> | undefined;
  const groups = useGroupsCollection(!readOnly);
  const actions = readOnly ? [] : [...(page?.actions ?? []), ...(groups.data?.actions ?? [])];
  const createProject = actions.find((action) => action.id === 'CreateProject');
  const createGroup = actions.find((action) => action.id === 'CreateProjectGroup');
  const setFilter = (key: ProjectFilter, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === '') next.delete(key);
      else next.set(key, value);
      next.delete('page');
      return next;
    });
  const csv = apiAddress(apiBase, `${PROJECTS_SELF}?${query}&format=csv`);
  const filtered = PROJECT_FILTERS.some((key) => filters[key] !== '');
  return (
    <Stack gap="md">
      <Title order={1}>Projects</Title>
      <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label="Filter projects">
        <FilterSelect
          label="Round"
          value={filters.roundId}
          source={ROUNDS_SOURCE}
          onChange={(value) => setFilter('roundId', value)}
        />
        <FilterSelect
          label="Status"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(value) => setFilter('status', value)}
        />
        <FilterSelect
          label="Project type"
          value={filters.typeId}
          source={OPTION_SOURCES.projectTypes}
          onChange={(value) => setFilter('typeId', value)}
        />
        <FilterSelect
          label="Credit type"
          value={filters.creditType}
          options={CREDIT_TYPE_OPTIONS}
          onChange={(value) => setFilter('creditType', value)}
        />
        {!readOnly && (
          <FilterSelect
            label="LPA"
            value={filters.lpaId}
            source={OPTION_SOURCES.lpas}
            onChange={(value) => setFilter('lpaId', value)}
          />
        )}
        {filtered && (
          <Button
            size="xs"
            variant="subtle"
            onClick={() =>
              setParams((current) => {
                const next = new URLSearchParams(current);
                for (const key of PROJECT_FILTERS) next.delete(key);
                next.delete('page');
                return next;
              })
            }
          >
            Clear filters
          </Button>
        )}
      </Group>
      <DataTable
        label="Projects"
        columns={COLUMNS}
        rowKey={(project) => project.id}
        list={list}
        query={paged}
        searchLabel="Search projects"
        emptyText={filtered ? 'No projects match these filters.' : 'There are no projects yet.'}
        toolbar={
          <>
            <Button component="a" href={csv} download="projects.csv" variant="default" size="sm">
              Export CSV
            </Button>
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
