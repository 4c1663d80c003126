import type { LpaMap } from '@curlew/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userWith } from '../../../test/render.tsx';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { LpaMapSection } from './LpaMapSection.tsx';

const MAP = 'GET /api/lpa/map';
const AREAS = 'GET /api/map/areas';
const LPA_USER = userWith(['lpa'], {
  organisation: { id: 'org-9', name: 'Eastleigh planning', type: 'LPA' },
});

/** One planning area, as the server's TopoJSON names it. */
const areas = {
  type: 'Topology',
  objects: {
    areas: {
      type: 'GeometryCollection',
      geometries: [
        { type: 'Polygon', arcs: [[0]], properties: { code: 'E60000244', name: 'Eastleigh LPA' } },
      ],
    },
  },
  arcs: [
    [
      [-1.4, 50.9],
      [-1.2, 50.9],
      [-1.2, 51.0],
      [-1.4, 51.0],
      [-1.4, 50.9],
    ],
  ],
};

const EASTLEIGH = { code: 'E60000244', name: 'Eastleigh LPA' };

const lpaMap: LpaMap = {
  lpa: EASTLEIGH,
  developments: [
    {
      id: 'q1',
      self: '/requirement/q1',
      name: 'Botley Road homes',
      planningRef: 'F/24/97611',
      status: 'RightsAllocated',
      creditTypes: ['Biodiversity'],
      units: 10,
      lpa: EASTLEIGH,
      place: { point: [-1.3, 50.95], exact: false },
    },
  ],
  sites: [
    {
      id: 'p1',
      self: '/project/p1',
      name: 'Itchen water meadow',
      status: 'ApprovedRound',
      creditTypes: ['Biodiversity'],
      units: 14,
      lpa: EASTLEIGH,
      place: { point: [-1.33, 50.96], exact: true },
      inArea: true,
    },
    {
      id: 'p2',
      self: null,
      name: 'Wickham Common Grassland',
      status: null,
      creditTypes: ['Biodiversity'],
      units: 6,
      lpa: { code: 'E60000243', name: 'Fareham LPA' },
      place: { point: [-1.2, 50.88], exact: true },
      inArea: false,
    },
  ],
  flows: [
    {
      creditType: 'Biodiversity',
      units: 6,
      multiplier: 0.75,
      from: { id: 'p2', point: [-1.2, 50.88] },
      to: { id: 'q1', point: [-1.3, 50.95] },
    },
  ],
};

/** A table's rows as the texts of their cells, the header first. */
const rowsOf = (table: HTMLElement): string[][] =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

const show = () =>
  renderPage([{ path: '/', page: LpaMapSection }], { at: '/', apiBase: server.origin, user: LPA_USER });

describe("an LPA's area map", () => {
  it('names its area, says what it shows, and gives the same places and flows as tables, no price', async () => {
    server.routes = { [MAP]: { body: lpaMap }, [AREAS]: { body: areas } };
    show();
    expect(screen.getByRole('heading', { level: 2, name: 'Map of your area' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'The map shows Eastleigh LPA (shaded) with its 1 development, 1 site located there, 1 site elsewhere serving its developments, and 1 flow of credits.',
      ),
    ).toBeInTheDocument();
    const places = screen.getByRole('table', { name: 'Developments and sites of Eastleigh LPA' });
    expect(rowsOf(places)).toEqual([
      ['Name', 'Kind', 'Credits', 'Units', 'Status', 'Area'],
      [
        'Botley Road homes (F/24/97611)',
        'Development',
        'Biodiversity',
        '10',
        'Rights allocated',
        'Eastleigh LPA',
      ],
      ['Itchen water meadow', 'Site in your area', 'Biodiversity', '14', 'Approved round', 'Eastleigh LPA'],
      ['Wickham Common Grassland', 'Site elsewhere', 'Biodiversity', '6', '—', 'Fareham LPA'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Credits from sites to your developments' }))).toEqual([
      ['From', 'To', 'Credits', 'Units', 'Multiplier'],
      ['Wickham Common Grassland', 'Botley Road homes', 'Biodiversity', '6', '0.75'],
    ]);
    // Every place is also a button beside the map, statuses in words; never a price.
    const list = screen.getByRole('list', { name: 'Places on the map' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual([
      'Development Botley Road homes: 10 units needed, Rights allocated',
      'Site Itchen water meadow: 14 units, Approved round',
      'Site Wickham Common Grassland: 6 units supplied to your area, Fareham LPA',
    ]);
    expect(document.body.textContent).not.toMatch(/£|RightsAllocated|ApprovedRound/);
    expect(server.received.filter((request) => request.path === '/api/lpa/map')).toHaveLength(1);
  });

  it("opens a development's page when chosen from the list", async () => {
    server.routes = { [MAP]: { body: lpaMap }, [AREAS]: { body: areas } };
    show();
    await userEvent.click(await screen.findByRole('button', { name: /Development Botley Road homes/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/credit-requirements/q1');
  });

  it('says when the area has nothing on the market, and when the LPA is not linked', async () => {
    server.routes = {
      [MAP]: { body: { lpa: EASTLEIGH, developments: [], sites: [], flows: [] } },
      [AREAS]: { body: areas },
    };
    const first = show();
    expect(
      await screen.findByText('No development or site in Eastleigh LPA is on the market yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    first.unmount();

    server.routes = { [MAP]: { body: { lpa: null, developments: [], sites: [], flows: [] } } };
    show();
    expect(
      await screen.findByText(
        'Your organisation is not linked to a local planning authority, so there is no map yet.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a loading state, then the failure, and tries again', async () => {
    server.routes = {
      [MAP]: { status: 500, body: { error: 'internal', message: 'Something went wrong' }, delayMs: 200 },
    };
    show();
    expect(screen.getByLabelText('Loading the map')).toBeInTheDocument();
    expect(await screen.findByText('The map could not be loaded')).toBeInTheDocument();
    server.routes = { [MAP]: { body: lpaMap }, [AREAS]: { body: areas } };
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('table', { name: 'Developments and sites of Eastleigh LPA' }),
    ).toBeInTheDocument();
  });
});
