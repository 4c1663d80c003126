import type { ProjectListItem } from '@curlew/domain';
import type { DataTableColumn } from '../../components/data-table/DataTable.tsx';
import { NameCell } from '../../components/data-table/NameCell.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { creditTypesText, projectStatusColour, projectStatusLabel } from './projectDisplay.ts';

type Column = DataTableColumn<ProjectListItem>;

/**
 * The columns every project list shows (the projects page, the registry's), for each page to lay out in its order:
 * the name linking to `pathOf` the project, its status, supplier and round (sorted on the server), credit types
 * and LPA.
 */
export const projectColumns = (
  pathOf: (projectId: string) => string,
): Record<'name' | 'status' | 'supplier' | 'round' | 'credits' | 'lpa', Column> => ({
  name: {
    id: 'name',
    header: 'Project',
    sortKey: 'name',
    render: (project) => <NameCell name={project.name} to={pathOf(project.id)} />,
  },
  status: {
    id: 'status',
    header: 'Status',
    sortKey: 'status',
    render: (project) => (
      <StatusBadge color={projectStatusColour(project.status)}>
        {projectStatusLabel(project.status)}
      </StatusBadge>
    ),
  },
  supplier: {
    id: 'supplier',
    header: 'Supplier',
    sortKey: 'supplier',
    render: (project) => project.supplier.name,
  },
  round: { id: 'round', header: 'Round', sortKey: 'round', render: (project) => project.round?.name ?? '—' },
  credits: {
    id: 'credits',
    header: 'Credit types',
    render: (project) => creditTypesText(project.creditTypes),
  },
  lpa: { id: 'lpa', header: 'LPA', render: (project) => project.lpa?.name ?? '—' },
});
