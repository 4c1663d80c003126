import { DISPLAY_TIME_ZONE, formatDate, type Organisation } from '@curlew/domain';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { DataTableColumn } from '../../components/data-table/DataTable.tsx';

const orDash = (value: string | null): string => value ?? '—';

/** The columns of an organisation list; the name links to the organisation's page. */
export const organisationColumns = (
  linkTo: (organisation: Organisation) => string,
): DataTableColumn<Organisation>[] => [
  {
    id: 'name',
    header: 'Name',
    sortKey: 'name',
    render: (organisation) => (
      <Anchor component={Link} to={linkTo(organisation)} size="sm">
        {organisation.name}
      </Anchor>
    ),
  },
  { id: 'contact', header: 'Contact', render: (organisation) => orDash(organisation.contact) },
  { id: 'email', header: 'Email', render: (organisation) => orDash(organisation.email) },
  { id: 'phone', header: 'Phone', render: (organisation) => orDash(organisation.phone) },
  {
    id: 'createdAt',
    header: 'Added',
    sortKey: 'createdAt',
    render: (organisation) => (
      <time dateTime={organisation.createdAt}>
        {formatDate(organisation.createdAt, { timeZone: DISPLAY_TIME_ZONE })}
      </time>
    ),
  },
];
