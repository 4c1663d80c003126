import type { RoundMap } from '@curlew/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { operator } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { areasOf } from '../registry/testing/fixtures.ts';
import { RoundMapSection } from './RoundMapSection.tsx';

const MAP = 'GET /api/round/r1/map';
const AREAS = 'GET /api/map/areas';

/** Two planning areas side by side, as the server's TopoJSON names them. */
const areas = areasOf();

const roundMap: RoundMap = {
  round: { id: 'r1', name: 'Spring 2026', status: 'Closed' },
  areas: [
    { code: 'E60000102', name: 'Eastleigh' },
    { code: 'E60000101', name: 'Test Valley' },
  ],
  projects: [
    {
      id: 'pr1',
      self: '/project/pr1',
      name: 'Fen wetland',
      status: 'ApprovedRound',
      creditTypes: ['NutrientMitigationNitrogen'],
      units: 1200,
      lpa: { code: 'E60000101', name: 'Test Valley' },
      place: { point: [-1.5, 51.1], exact: true },
    },
    {
      id: 'pr2',
      self: '/project/pr2',
      name: 'Meadow without a place',
      status: 'Offered',
      creditTypes: ['Biodiversity'],
      units: 5,
      lpa: null,
      place: null,
    },
  ],
  requirements: [
    {
      id: 'cr1',
      self: '/credit-requirement/cr1',
      name: 'Riverside homes',
      status: 'RightsCreated',
      creditTypes: ['NutrientMitigationNitrogen'],
      units: 300,
      lpa: { code: 'E60000102', name: 'Eastleigh' },
      place: { point: [-1.3, 51.1], exact: false },
    },
  ],
  flows: [
    {
      creditType: 'NutrientMitigationNitrogen',
      units: 300,
      multiplier: 0.75,
      from: { id: 'pr1', point: [-1.5, 51.1] },
      to: { id: 'cr1', point: [-1.3, 51.1] },
    },
  ],
  neighbours: { E60000102: ['E60000101'] },
};

/** A table's rows as the texts of their cells, the header first. */
const rowsOf = (table: HTMLElement): string[][] =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));

/** A supplier's own map: its project, and an allocation to a development shown only as a place. */
const supplierMap: RoundMap = {
  ...roundMap,
  projects: roundMap.projects.slice(0, 1),
  requirements: [],
  flows: roundMap.flows.map((flow) => ({ ...flow, to: { id: null, point: flow.to.point } })),
  neighbours: {},
};

function MapOfRound() {
  return <RoundMapSection round={{ id: 'r1', self: '/round/r1', status: 'Closed' }} />;
}

function ParticipantMapOfRound() {
  return <RoundMapSection round={{ id: 'r1', self: '/round/r1', status: 'Closed' }} reader="participant" />;
}

const renderMap = (page = MapOfRound) =>
  renderPage([{ path: '/markets/:marketId/round/:roundId', page }], {
    at: '/markets/m1/round/r1',
    apiBase: server.origin,
    user: operator,
  });

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

describe("a round's map", () => {
  it('asks for nothing until shown, then lists the places and flows (without WebGL the map says so)', async () => {
    server.routes = { [MAP]: { body: roundMap }, [AREAS]: { body: areas } };
    renderMap();
    const show = await screen.findByRole('button', { name: 'Show the map' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(server.received.some((request) => request.path.includes('/map'))).toBe(false);

    await userEvent.click(show);
    expect(screen.getByRole('button', { name: 'Hide the map' })).toHaveAttribute('aria-expanded', 'true');
    const places = await screen.findByRole('list', { name: 'Places on the map' });
    const items = within(places).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      'Project Fen wetland: 1,200 units, Approved round, Test Valley',
      'Credit requirement Riverside homes: 300 units, Rights created, Eastleigh',
    ]);
    // The same places and flows as tables beside the map, statuses in the domain's words.
    const table = screen.getByRole('table', { name: 'Projects and credit requirements on the map' });
    expect(rowsOf(table)).toEqual([
      ['Name', 'Kind', 'Credits', 'Units', 'Status', 'Area'],
      ['Fen wetland', 'Project', 'Nitrogen', '1,200', 'Approved round', 'Test Valley'],
      ['Riverside homes', 'Credit requirement', 'Nitrogen', '300', 'Rights created', 'Eastleigh'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Accepted flows' }))).toEqual([
      ['From', 'To', 'Credits', 'Units', 'Multiplier'],
      ['Fen wetland', 'Riverside homes', 'Nitrogen', '300', '0.75'],
    ]);
    expect(screen.queryByText(/ApprovedRound|RightsCreated/)).not.toBeInTheDocument();
    // A record without a place is not drawn and not listed.
    expect(within(places).queryByText(/Meadow without a place/)).not.toBeInTheDocument();
    const flows = screen.getByRole('list', { name: 'Flows from sites to developments' });
    expect(
      within(flows)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fen wetland to Riverside homes: 300 units × 0.75']);
    expect(
      screen.getByText(
        "The map shows 1 projects and 1 credit requirements of Spring 2026, with 1 accepted flows from sites to developments, placed by grid reference or inside their local planning authority, the round's area shaded.",
      ),
    ).toBeInTheDocument();
    // jsdom has no WebGL: the map says so and the list still gives every place.
    expect(await screen.findByText(/The map cannot be shown in this browser/)).toBeInTheDocument();
    expect(server.received.filter((request) => request.path === '/api/round/r1/map')).toHaveLength(1);
    expect(server.received.filter((request) => request.path === '/api/map/areas')).toHaveLength(1);
  });

  it('a round of many records lists its places and table rows a page of 50 at a time', async () => {
    const [template] = roundMap.requirements;
    if (!template) throw new Error('no requirement');
    const requirements = Array.from({ length: 120 }, (_, index) => ({
      ...template,
      id: `cr${index + 1}`,
      name: `Home ${String(index + 1).padStart(3, '0')}`,
    }));
    server.routes = {
      [MAP]: { body: { ...roundMap, projects: [], requirements, flows: [] } },
      [AREAS]: { body: areas },
    };
    renderMap();
    await userEvent.click(await screen.findByRole('button', { name: 'Show the map' }));
    const places = await screen.findByRole('list', { name: 'Places on the map' });
    const names = () =>
      within(places)
        .getAllByRole('button')
        .map((item) => item.textContent?.split(':')[0]);
    expect(names()).toHaveLength(50);
    expect(names()[0]).toBe('Credit requirement Home 001');
    expect(names()).not.toContain('Credit requirement Home 051');
    expect(screen.getByText('Places 1–50 of 120')).toBeInTheDocument();

    const placePages = screen.getByRole('navigation', { name: 'Pages of places' });
    await userEvent.click(within(placePages).getByRole('button', { name: 'Page 3' }));
    expect(names()).toEqual(Array.from({ length: 20 }, (_, i) => `Credit requirement Home ${101 + i}`));
    expect(screen.getByText('Places 101–120 of 120')).toBeInTheDocument();

    // The table beside the map pages on its own.
    const table = screen.getByRole('table', { name: 'Projects and credit requirements on the map' });
    expect(rowsOf(table)).toHaveLength(51);
    expect(screen.getByText('Places in the table 1–50 of 120')).toBeInTheDocument();
    const tablePages = screen.getByRole('navigation', { name: 'Pages of places in the table' });
    await userEvent.click(within(tablePages).getByRole('button', { name: 'next page' }));
    expect(rowsOf(table)[1]?.[0]).toBe('Home 051');
    expect(rowsOf(table)).toHaveLength(51);
  });

  it("choosing a requirement names its LPA's multipliers; the filters narrow the list", async () => {
    server.routes = { [MAP]: { body: roundMap }, [AREAS]: { body: areas } };
    renderMap();
    await userEvent.click(await screen.findByRole('button', { name: 'Show the map' }));
    await userEvent.click(await screen.findByRole('button', { name: /Credit requirement Riverside homes/ }));
    expect(
      screen.getByText(
        'Riverside homes: credits from Eastleigh count in full (shaded dark), from its neighbours at 0.75 (shaded light), from further away at 0.5.',
      ),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Projects' }));
    const places = screen.getByRole('list', { name: 'Places on the map' });
    expect(within(places).getByRole('button', { name: /Project Fen wetland/ })).toBeInTheDocument();
    expect(within(places).queryByRole('button', { name: /Riverside homes/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Biodiversity' }));
    expect(screen.queryByRole('list', { name: 'Places on the map' })).not.toBeInTheDocument();
    expect(screen.getByText('Nothing of this round can be placed on the map yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Flows from sites to developments' })).not.toBeInTheDocument();
  });

  it("shows a participant its own records and allocations, another party's end only as such", async () => {
    server.routes = { [MAP]: { body: supplierMap }, [AREAS]: { body: areas } };
    renderMap(ParticipantMapOfRound);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your records on the map' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show the map' }));
    expect(
      await screen.findByText(
        "The map shows your 1 projects and 0 credit requirements in Spring 2026, with 1 of your allocations (another party's site or development only as a point in its local planning authority), the round's area shaded; it shows no other party's records.",
      ),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Your projects and credit requirements on the map' });
    expect(rowsOf(table)).toEqual([
      ['Name', 'Kind', 'Credits', 'Units', 'Status', 'Area'],
      ['Fen wetland', 'Project', 'Nitrogen', '1,200', 'Approved round', 'Test Valley'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Your allocations' }))).toEqual([
      ['From', 'To', 'Credits', 'Units', 'Multiplier'],
      ['Fen wetland', "Another party's development", 'Nitrogen', '300', '0.75'],
    ]);
    expect(screen.queryByText(/Riverside homes/)).not.toBeInTheDocument();
  });

  it('says when the map could not be loaded, and tries again', async () => {
    server.routes = {
      [MAP]: { status: 500, body: { error: 'internal', message: 'Something went wrong' } },
      [AREAS]: { body: areas },
    };
    renderMap();
    await userEvent.click(await screen.findByRole('button', { name: 'Show the map' }));
    expect(await screen.findByText('The map could not be loaded')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Places on the map' })).not.toBeInTheDocument();

    server.routes = { [MAP]: { body: roundMap }, [AREAS]: { body: areas } };
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Places on the map' })).toBeInTheDocument();
    expect(screen.queryByText('The map could not be loaded')).not.toBeInTheDocument();
    expect(server.received.filter((request) => request.path === '/api/round/r1/map')).toHaveLength(2);
  });
});
