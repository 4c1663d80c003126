import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { operator } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { shadingOf } from './PublicRegistryMap.tsx';
import { PublicRegistryPage } from './PublicRegistryPage.tsx';
import { areasOf, publicOf } from './testing/fixtures.ts';

const REGISTRY = 'GET /api/public/registry';
const AREAS = 'GET /api/map/areas';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  server.routes = { [REGISTRY]: { body: publicOf() }, [AREAS]: { body: areasOf() } };
});

const renderPublic = () =>
  renderPage([{ path: '/public/registry', page: PublicRegistryPage }], {
    at: '/public/registry',
    apiBase: server.origin,
    user: operator,
  });

const rowsOf = (table: HTMLElement): string[][] =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    )
    .filter((cells) => cells.length > 0);

describe('the public registry map', () => {
  it('shades the LPAs by biodiversity units with a key, a summary and the same figures in a table beside it', async () => {
    renderPublic();
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Units by local planning authority' })
    ).closest('section') as HTMLElement;
    const table = within(section).getByRole('table', { name: 'Units by local planning authority' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Local planning authority', 'Sites', 'Biodiversity units']);
    expect(rowsOf(table)).toEqual([
      ['Eastleigh', '1', '5.00'],
      ['Not recorded', '1', '2.00'],
      ['Test Valley', '1', '17.00'],
    ]);
    expect(
      await within(section).findByText(
        'The map shades each local planning authority by the biodiversity units of its sites: 2 local planning authorities with 24.00 units in all, the most in Test Valley (17.00); sites with no authority recorded are in the table only.',
      ),
    ).toBeInTheDocument();
    const key = within(section).getByRole('group', { name: 'Key to the shading' });
    expect(within(key).getByText('No units')).toBeInTheDocument();
    expect(within(key).getByText('17.00 units')).toBeInTheDocument();
    // jsdom has no WebGL: the map says so, the table still gives every figure.
    expect(await within(section).findByText(/The map cannot be shown in this browser/)).toBeInTheDocument();
    expect(server.received.filter((request) => request.path === '/api/map/areas')).toHaveLength(1);
    // The site list is there as before; no price anywhere.
    const sites = screen.getByRole('table', { name: 'Sites' });
    expect(rowsOf(sites).map((cells) => cells[0])).toEqual(['Riverside Fen', 'Meadow Farm', 'Hilltop Copse']);
    expect(document.body.textContent).not.toMatch(/£/);
  });

  it('switches the map and its table to another credit type, never adding credit types together', async () => {
    renderPublic();
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Units by local planning authority' })
    ).closest('section') as HTMLElement;
    await userEvent.click(within(section).getByRole('radio', { name: 'Nitrogen' }));
    const table = within(section).getByRole('table', { name: 'Units by local planning authority' });
    expect(within(table).getByRole('columnheader', { name: 'Nitrogen units' })).toBeInTheDocument();
    expect(rowsOf(table)).toEqual([['Eastleigh', '1', '30.00']]);
    expect(
      await within(section).findByText(
        'The map shades each local planning authority by the nitrogen units of its sites: 1 local planning authority with 30.00 units in all, the most in Eastleigh (30.00).',
      ),
    ).toBeInTheDocument();
    expect(within(section).getByText('30.00 units')).toBeInTheDocument();
  });

  it("gives the map each LPA's units of one credit type by its code, never an area without one", () => {
    const { byLpa } = publicOf();
    expect(shadingOf(byLpa, 'Biodiversity').values).toEqual({ E60000102: 5, E60000101: 17 });
    expect(shadingOf(byLpa, 'Biodiversity').most).toBe(17);
    expect(shadingOf(byLpa, 'NutrientMitigationNitrogen').values).toEqual({ E60000102: 30 });
    expect(shadingOf(byLpa, 'NutrientMitigationPhosphorous')).toEqual({ rows: [], values: {}, most: 0 });
  });

  it('links every open data download, the GeoJSON among them', async () => {
    renderPublic();
    const downloads = await screen.findByRole('navigation', { name: 'Open data downloads' });
    expect(
      within(downloads)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Sites (CSV)', `${server.origin}/api/public/registry?format=csv&table=sites`],
      ['Units by LPA (CSV)', `${server.origin}/api/public/registry?format=csv&table=lpa`],
      ['Units by NCA (CSV)', `${server.origin}/api/public/registry?format=csv&table=nca`],
      ['Everything (JSON)', `${server.origin}/api/public/registry`],
      ['Sites as points (GeoJSON)', `${server.origin}/api/public/registry.geojson`],
    ]);
  });

  it('says when no units are recorded yet, and shows no map', async () => {
    server.routes = {
      [REGISTRY]: { body: { sites: [], byLpa: [], byNca: [] } },
      [AREAS]: { body: areasOf() },
    };
    renderPublic();
    expect(
      await screen.findByText('No units are recorded yet, so the map has nothing to shade.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No site is in the registry yet.')).toBeInTheDocument();
    expect(server.received.some((request) => request.path === '/api/map/areas')).toBe(false);
  });

  it('says when the registry could not be loaded', async () => {
    server.routes = {
      [REGISTRY]: { status: 500, body: { error: 'internal', message: 'Something went wrong' } },
    };
    renderPublic();
    expect(await screen.findByText('The public registry could not be loaded')).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Units by local planning authority' }),
    ).not.toBeInTheDocument();
  });
});
