import { RESERVED_CREDIT_SORT_KEYS, type ReservedCredit, type ReservedCreditRecord } from '@curlew/domain';
import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable.tsx';
import { ExportButtons } from '../../components/data-table/ExportButtons.tsx';
import type { ListFilters } from '../../components/data-table/listFilters.ts';
import { type ListConfig, listQueryString } from '../../components/data-table/listState.ts';
import { useListFilters } from '../../components/data-table/useAddressFilters.ts';
import { useListState, usePagedList } from '../../components/data-table/useListState.ts';
import { showDate } from '../projects/projectDisplay.ts';
import { LoadFailure } from '../rounds/LoadFailure.tsx';
import { Detail, Details, Heading, ROUND_AND_TYPE_FILTERS, Section, SmallTable } from './RegistryParts.tsx';
import {
  ADMIN_PATHS,
  creditTypeLabel,
  REGISTRY_KEY,
  registryProjectPath,
  remainingText,
  reservePagePath,
  unitsText,
  useRegistryRecord,
} from './registryApi.ts';

const LIST_CONFIG: ListConfig = { sortKeys: RESERVED_CREDIT_SORT_KEYS, defaultSort: 'project' };
const FILTERS: ListFilters = { label: 'Filter the reserve', filters: ROUND_AND_TYPE_FILTERS };

const COLUMNS: DataTableColumn<ReservedCredit>[] = [
  {
    id: 'project',
    header: 'Project',
    sortKey: 'project',
    render: (credit) => (
      <Anchor component={Link} to={reservePagePath(credit.id)} size="sm">
        {credit.project.name}
      </Anchor>
    ),
  },
  {
    id: 'creditType',
    header: 'Credit type',
    sortKey: 'creditType',
    render: (c) => creditTypeLabel(c.creditType),
  },
  { id: 'year', header: 'Year', sortKey: 'year', render: (credit) => credit.year },
  { id: 'units', header: 'Units held', sortKey: 'units', render: (credit) => unitsText(credit.units) },
  { id: 'used', header: 'Used', render: (credit) => unitsText(credit.usedUnits) },
  { id: 'remaining', header: 'Remaining', render: (credit) => remainingText(credit) },
  { id: 'lpa', header: 'LPA', render: (credit) => credit.lpa?.name ?? '—' },
  { id: 'round', header: 'Round', sortKey: 'round', render: (credit) => credit.round.name },
];

/** `/registry/reserve` (operator): the reserved credits, what each holds and how much of it has been used. */
export function ReservePage() {
  usePageTitle('Credit reserve');
  const list = useListState(LIST_CONFIG);
  const filters = useListFilters(FILTERS);
  const paged = usePagedList<ReservedCredit>(
    [...REGISTRY_KEY, 'reserve'],
    `/reserved-credits?${listQueryString(list.state, filters.query)}`,
  );
  return (
    <Stack gap="md">
      <Title order={1}>Credit reserve</Title>
      <DataTable
        label="Credit reserve"
        columns={COLUMNS}
        rowKey={(credit) => credit.id}
        list={list}
        query={paged}
        searchLabel="Search the reserve by project"
        filters={filters}
        toolbar={
          <ExportButtons
            path="/reserved-credits"
            state={list.state}
            filters={filters.query}
            filename="reserved-credits"
          />
        }
        emptyText={
          filters.filtered ? 'No reserved credits match these filters.' : 'Nothing is held in reserve yet.'
        }
      />
    </Stack>
  );
}

/** `/registry/reserve/{id}` (operator): one reserved credit and what it has covered. */
export function ReservedCreditPage() {
  const { id = '' } = useParams();
  const reserve = useRegistryRecord<ReservedCreditRecord>(`/reserved-credit/${encodeURIComponent(id)}`);
  usePageTitle(reserve.data === undefined ? 'Reserved credit' : `Reserve: ${reserve.data.project.name}`);
  if (reserve.isPending) return <PageLoader />;
  if (reserve.isError)
    return <LoadFailure what="Reserved credit" error={reserve.error} retry={() => void reserve.refetch()} />;
  const credit = reserve.data;
  return (
    <Stack gap="md">
      <Heading title={`Reserve of ${credit.project.name}: ${creditTypeLabel(credit.creditType)}`} />
      <Section id="reserve-holds" title="What it holds">
        <Details>
          <Detail label="Project">
            <Anchor component={Link} to={registryProjectPath(credit.project.id)}>
              {credit.project.name}
            </Anchor>
          </Detail>
          <Detail label="Year">{credit.year}</Detail>
          <Detail label="Units held">{unitsText(credit.units)}</Detail>
          <Detail label="Used">{unitsText(credit.usedUnits)}</Detail>
          <Detail label="Remaining">{remainingText(credit)}</Detail>
          <Detail label="Local planning authority">{credit.lpa?.name ?? '—'}</Detail>
          <Detail label="National Character Area">{credit.nca?.name ?? '—'}</Detail>
          <Detail label="Round">{credit.round.name}</Detail>
        </Details>
      </Section>
      <Section id="reserve-covered" title="What it has covered">
        <SmallTable
          label="Replacements supplied from this reserved credit"
          headers={['Date', 'Credit requirement', 'Replacing', 'Year', 'Units']}
          empty="This reserved credit has not been drawn on."
          rows={credit.covered.map((cover, index) => ({
            key: `${cover.at}-${index}`,
            cells: [
              showDate(cover.at),
              cover.requirement === null ? (
                'Another buyer'
              ) : (
                <Anchor key="requirement" component={Link} to={ADMIN_PATHS.requirement(cover.requirement.id)}>
                  {cover.requirement.name}
                </Anchor>
              ),
              cover.replaces?.name ?? '—',
              cover.year,
              unitsText(cover.units),
            ],
          }))}
        />
      </Section>
    </Stack>
  );
}
