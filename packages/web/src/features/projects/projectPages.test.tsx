import { buildActionFormData, createProject } from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Routes } from '../../actions/testing/localServer.ts';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { listOf, operator } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { LpaProjectsPage, ProjectsPage } from './ProjectsPage.tsx';
import { lpa, projectRowOf, supplier } from './testing/fixtures.ts';

const list = (query = '') => `GET /api/projects?${query}sort=name&order=asc&page=1&pageSize=25`;
const FILTER_OPTIONS: Routes = {
  'GET /api/rounds?sort=createdAt&order=desc&page=1&pageSize=100': {
    body: listOf([
      { id: 'r1', name: 'Spring 2026' },
      { id: 'r2', name: 'Autumn 2025' },
    ]),
  },
  'GET /api/project-types': { body: [{ id: 't1', name: 'Habitat creation' }] },
  'GET /api/lpas': { body: [{ id: 'l1', name: 'Test Valley' }] },
};

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

const showList = (user = operator, page = ProjectsPage, at = '/projects') =>
  renderPage([{ path: '/projects', page }], { at, apiBase: server.origin, user });

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Projects' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

const location = () => screen.getByTestId('location').textContent;

describe('projects list', () => {
  const rows = [
    projectRowOf({ id: 'p1' }),
    projectRowOf({
      id: 'p2',
      name: 'Down Farm',
      status: 'Certified',
      creditTypes: ['Biodiversity', 'NutrientMitigationNitrogen'],
      group: { id: 'g1', name: 'Stockbridge either-or', type: 'XOR' },
    }),
  ];
  const created = { actions: [{ id: 'CreateProject', title: 'Add project', enabled: true }] };
  const groupsCollection: Routes = {
    'GET /api/project-groups?page=1&pageSize=1': {
      body: listOf([], {
        actions: [{ id: 'CreateProjectGroup', title: 'Add project group', enabled: true }],
      }),
    },
  };

  it('lists the projects with their status, round, credit types, LPA and group, and the create actions', async () => {
    server.routes = { ...FILTER_OPTIONS, ...groupsCollection, [list()]: { body: listOf(rows, created) } };
    showList();
    const table = await screen.findByRole('table', { name: 'Projects' });
    await within(table).findByRole('link', { name: 'Meadow Farm' });
    expect(within(table).getByRole('link', { name: 'Meadow Farm' })).toHaveAttribute('href', '/projects/p1');
    const down = within(table).getByRole('link', { name: 'Down Farm' }).closest('tr') as HTMLElement;
    expect(down).toHaveTextContent('Certified');
    expect(down).toHaveTextContent('Biodiversity, Nitrogen');
    expect(within(down).getByRole('link', { name: 'Stockbridge either-or (XOR)' })).toHaveAttribute(
      'href',
      '/project-group/g1',
    );
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Add project' })).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'Add project group' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `${server.origin}/api/projects?sort=name&order=asc&format=csv`,
    );
    const xlsx = screen.getByRole('link', { name: 'Export XLSX' });
    expect(xlsx).toHaveAttribute('href', `${server.origin}/api/projects?sort=name&order=asc&format=xlsx`);
    expect(xlsx).toHaveAttribute('download', 'projects.xlsx');
  });

  it('sorts by a column, filters by round and status from page 1, and the CSV export follows the filters', async () => {
    server.routes = {
      ...FILTER_OPTIONS,
      [list()]: { body: { ...listOf(rows), total: 60 } },
      'GET /api/projects?sort=name&order=asc&page=2&pageSize=25': {
        body: { ...listOf([projectRowOf({ id: 'p9', name: 'Page Two Farm' })]), total: 60, page: 2 },
      },
      'GET /api/projects?sort=status&order=asc&page=1&pageSize=25': {
        body: listOf([rows[1], rows[0]].filter((row) => row !== undefined)),
      },
      [list('roundId=r2&')]: { body: listOf([projectRowOf({ id: 'p3', name: 'Autumn Farm' })]) },
      [list('roundId=r2&status=Certified&')]: { body: listOf([]) },
    };
    const user = userEvent.setup();
    showList();
    await screen.findByRole('link', { name: 'Meadow Farm' });

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('link', { name: 'Page Two Farm' });
    expect(location()).toBe('/projects?page=2');

    await user.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(rowNames()).toEqual(['Down Farm', 'Meadow Farm']));
    expect(location()).toBe('/projects?sort=status');
    await user.click(screen.getByRole('button', { name: 'Project' }));
    await waitFor(() => expect(rowNames()).toEqual(['Meadow Farm', 'Down Farm']));
    expect(location()).toBe('/projects');

    const round = screen.getByRole('combobox', { name: 'Round' });
    await within(round).findByRole('option', { name: 'Autumn 2025' });
    await user.selectOptions(round, 'r2');
    expect(await screen.findByRole('link', { name: 'Autumn Farm' })).toBeInTheDocument();
    expect(rowNames()).toEqual(['Autumn Farm']);
    expect(location()).toContain('roundId=r2');
    expect(location()).not.toContain('page=');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Certified');
    expect(await screen.findByText('No projects match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `${server.origin}/api/projects?roundId=r2&status=Certified&sort=name&order=asc&format=csv`,
    );
    expect(server.received.map((request) => request.path)).toContain(
      '/api/projects?roundId=r2&status=Certified&sort=name&order=asc&page=1&pageSize=25',
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).not.toContain('roundId'));
  });

  it('says when there are no projects and offers no create button the server did not list', async () => {
    server.routes = { ...FILTER_OPTIONS, [list()]: { body: listOf([]) } };
    showList(supplier);
    expect(await screen.findByText('There are no projects yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add project group' })).not.toBeInTheDocument();
  });

  it("shows a supplier its own organisation in Add project's Supplier field", async () => {
    server.routes = {
      ...FILTER_OPTIONS,
      ...groupsCollection,
      [list()]: { body: listOf(rows, created) },
      'GET /api/projects/action/CreateProject': {
        body: buildActionFormData(createProject, {
          initialValues: { supplierId: 'o1' },
          options: { marketRoundId: [{ value: 'r1', label: 'Spring 2026' }] },
        }),
      },
      'GET /api/organisations?type=PARTICIPANT&pageSize=100': {
        body: listOf([{ id: 'o1', name: 'Wetland Trust' }]),
      },
      'GET /api/organisations?type=AGENT&pageSize=100': { body: listOf([]) },
    };
    const user = userEvent.setup();
    showList(supplier);
    await user.click(await screen.findByRole('button', { name: 'Add project' }));
    const form = await screen.findByRole('form', { name: 'Add project' });
    await waitFor(() => expect(within(form).getByLabelText('Supplier')).toHaveValue('Wetland Trust'));
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    server.routes = {
      ...FILTER_OPTIONS,
      [list()]: { status: 500, body: { error: 'internal', message: 'Something went wrong' } },
    };
    showList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Projects could not be loaded');
    expect(alert).toHaveTextContent('Something went wrong');
  });

  it('gives an LPA the list of its area without create actions or an LPA filter', async () => {
    server.routes = { ...FILTER_OPTIONS, ...groupsCollection, [list()]: { body: listOf(rows, created) } };
    showList(lpa, LpaProjectsPage);
    await screen.findByRole('link', { name: 'Meadow Farm' });
    expect(screen.queryByRole('button', { name: 'Add project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add project group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'LPA' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(server.received.map((request) => request.path)).not.toContain(
      '/api/project-groups?page=1&pageSize=1',
    );
  });
});
