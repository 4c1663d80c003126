import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { RefDataTable } from './RefDataTable.tsx';
import { REFDATA_COLUMNS } from './refdataColumns.ts';

const lpas = [
  {
    id: 'a1',
    code: 'E60000067',
    name: 'Sheffield LPA',
    authorityType: 'Metropolitan district',
    ladCode: 'E08000039',
    current: true,
    active: true,
  },
  {
    id: 'a2',
    code: 'E60000019',
    name: 'Allerdale LPA',
    authorityType: 'Non-metropolitan district',
    ladCode: null,
    current: false,
    active: false,
  },
];

describe('RefDataTable', () => {
  it('shows one row per item with labelled values and links the first column to the item', () => {
    renderAt(
      <RefDataTable
        caption="Local planning authorities"
        columns={REFDATA_COLUMNS.lpas}
        items={lpas}
        sort="name"
        order="asc"
        onSort={() => undefined}
        linkTo={(item) => `/settings/refdata/lpas/${item.id}`}
      />,
    );
    const table = screen.getByRole('table', { name: 'Local planning authorities' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const allerdale = rows[2];
    if (!allerdale) throw new Error('No second item row');
    expect(within(allerdale).getByRole('link', { name: 'E60000019' })).toHaveAttribute(
      'href',
      '/settings/refdata/lpas/a2',
    );
    expect(within(allerdale).getAllByText('No')).toHaveLength(2);
    expect(within(allerdale).getByText('Non-metropolitan district')).toBeInTheDocument();
  });

  it('marks the sorted column and asks for the other order on a second click', async () => {
    const onSort = vi.fn();
    renderAt(
      <RefDataTable
        caption="Local planning authorities"
        columns={REFDATA_COLUMNS.lpas}
        items={lpas}
        sort="name"
        order="asc"
        onSort={onSort}
        linkTo={(item) => `/x/${item.id}`}
      />,
    );
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Code/ })).toHaveAttribute('aria-sort', 'none');
    const user = userEvent.setup();
    await user.click(within(nameHeader).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith('name', 'desc');
    await user.click(screen.getByRole('button', { name: 'Code' }));
    expect(onSort).toHaveBeenLastCalledWith('code', 'asc');
  });

  it('shows habitat bands and modules by their labels, with no sort on plain columns', () => {
    renderAt(
      <RefDataTable
        caption="Habitats"
        columns={REFDATA_COLUMNS.standards}
        items={[{ id: 's1', name: 'Peatland Code', latestVersion: '2.0', description: null, active: true }]}
        sort={undefined}
        order="asc"
        onSort={() => undefined}
        linkTo={() => '/x'}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Latest version' })).not.toHaveAttribute('aria-sort');
    expect(screen.getByText('2.0')).toBeInTheDocument();
  });
});
