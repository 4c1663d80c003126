import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Routes } from '../../actions/testing/localServer.ts';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { listOf, operator } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { ProjectGroupPage } from './ProjectGroupPage.tsx';
import { LpaProjectPage, ParticipantProjectPage, ProjectPage } from './ProjectPage.tsx';
import { agent, lpa, projectGroupOf, projectOf, serviceOf, supplier } from './testing/fixtures.ts';

const feeds = (subjectType: string, id: string): Routes => ({
  [`GET /api/comments?subjectType=${subjectType}&subjectId=${id}&page=1&pageSize=10`]: { body: listOf([]) },
  [`GET /api/activity?subjectType=${subjectType}&subjectId=${id}&page=1&pageSize=10`]: { body: listOf([]) },
});

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

const projectActions = [
  { id: 'Update', title: 'Update details', enabled: true },
  { id: 'SetOffer', title: 'Set offer', enabled: false, reason: 'Offers open with bids and offers' },
  { id: 'Comment', title: 'Comment', enabled: true },
  { id: 'ReplaceDocument', title: 'Replace document', enabled: true },
];

const showProject = (page: typeof ProjectPage, user = operator) =>
  renderPage([{ path: '/projects/:id', page }], { at: '/projects/p1', apiBase: server.origin, user });

const section = (name: string) => screen.getByRole('region', { name });

/** Waits for the whole page: its title, then the sections that render once the top has painted. */
async function pageShown(name: string): Promise<HTMLElement> {
  const title = await screen.findByRole('heading', { level: 1, name });
  await screen.findByRole('region', { name: 'Project group' });
  return title;
}

describe('project page', () => {
  it('shows the operator every section, the offer, the metric estimate and every action with its reason', async () => {
    server.routes = {
      ...feeds('project', 'p1'),
      'GET /api/project/p1': {
        body: projectOf({
          id: 'p1',
          offer: 150000,
          group: { id: 'g1', name: 'Stockbridge either-or', type: 'XOR' },
          outcomes: [
            { kind: 'screening', outcome: 'Pass', date: '2026-02-10', comment: null, by: 'Olive Operator' },
          ],
          services: [
            serviceOf({
              id: 's1',
              metricEstimate: 10,
              certification: { standard: { id: 'st1', name: 'Habitat standard' }, decision: 'Yes' },
              status: 'Certified',
            }),
          ],
          actions: projectActions,
        }),
      },
    };
    showProject(ProjectPage);
    expect(await pageShown('Meadow Farm')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: /breadcrumb/i })).toHaveTextContent('Meadow Farm');

    const summary = section('Summary');
    expect(summary).toHaveTextContent('Wetland Trust');
    expect(summary).toHaveTextContent('Fen Agents');
    expect(summary).toHaveTextContent('Spring 2026');
    expect(summary).toHaveTextContent('Habitat creation');

    const services = within(section('Services')).getByRole('table', { name: 'Services' });
    const row = within(services).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('Area habitat · Grassland · Lowland meadows');
    expect(row).toHaveTextContent('4 ha');
    // Claimed: last gain 22 less 2 lost = 20 units against an estimate of 10.
    expect(row).toHaveTextContent('20.00 units');
    expect(row).toHaveTextContent('10.00 units');
    expect(within(row).getByText('Out of line with the metric')).toBeInTheDocument();
    expect(row).toHaveTextContent('Certified');
    expect(row).toHaveTextContent('Yes · Habitat standard');

    const gains = screen.getByRole('table', { name: 'Gains by year' });
    expect(
      within(gains)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['At delivery5.00', 'At year 112.00', 'Year 222.00']);

    const place = section('Location');
    expect(place).toHaveTextContent('Hampshire Downs');
    expect(within(place).getByRole('link', { name: /Grid reference finder/ })).toHaveAttribute(
      'href',
      'https://gridreferencefinder.com/?gr=SU3555035050',
    );
    expect(within(place).getByRole('link', { name: /Three-word address/ })).toHaveAttribute(
      'href',
      'https://what3words.com/filled.count.soap',
    );
    expect(within(place).getByRole('link', { name: /Map/ })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/search?query=Meadow%20Farm%2C%20Stockbridge',
    );

    const costs = section('Costs and fees');
    expect(costs).toHaveTextContent('£120,000');
    expect(costs).toHaveTextContent('The total across the project lifetime, not a yearly cost.');
    expect(costs).toHaveTextContent('A one-off fee.');

    expect(section('Offer')).toHaveTextContent('£150,000');
    expect(section('Reviews and checks')).toHaveTextContent('Screening: Pass');
    expect(within(section('Documents')).getByRole('link', { name: 'landholder.pdf' })).toHaveAttribute(
      'href',
      `${server.origin}/api/file/f1/download?ownerType=project&ownerId=p1`,
    );
    expect(
      within(section('Documents')).getByRole('button', { name: 'Replace document' }),
    ).toBeInTheDocument();
    expect(
      within(section('Project group')).getByRole('link', { name: 'Stockbridge either-or' }),
    ).toHaveAttribute('href', '/project-group/g1');

    const actions = screen.getByRole('group', { name: 'Actions for Meadow Farm' });
    // Neither is the project's next step: both are in 'More actions', the refused one with its reason.
    expect(within(actions).queryByRole('button', { name: 'Update details' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(actions).getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Update details' })).toBeEnabled();
    const offer = screen.getByRole('menuitem', { name: 'Set offer' });
    expect(offer).toBeDisabled();
    expect(offer).toHaveAccessibleDescription('Offers open with bids and offers');
    expect(screen.queryByRole('menuitem', { name: 'Comment' })).not.toBeInTheDocument();
  });

  it('shows the supplier its own offer and only the actions it may run now', async () => {
    server.routes = {
      ...feeds('project', 'p1'),
      'GET /api/project/p1': { body: projectOf({ id: 'p1', offer: 98000, actions: projectActions }) },
    };
    showProject(ParticipantProjectPage, supplier);
    await pageShown('Meadow Farm');
    expect(section('Offer')).toHaveTextContent('£98,000 (sealed)');
    const actions = screen.getByRole('group', { name: 'Actions for Meadow Farm' });
    await userEvent.setup().click(within(actions).getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Update details' })).toBeEnabled();
    expect(screen.queryByRole('menuitem', { name: 'Set offer' })).not.toBeInTheDocument();
    // The claim is in line with the estimate (20 units each).
    expect(screen.queryByText('Out of line with the metric')).not.toBeInTheDocument();
  });

  it("tells the supplier its offer is excluded from the clearing, with the operator's reason", async () => {
    server.routes = {
      ...feeds('project', 'p1'),
      'GET /api/project/p1': {
        body: projectOf({
          id: 'p1',
          status: 'Offered',
          offer: 98000,
          clearingExclusion: {
            reason: 'The land is under a competing agreement',
            at: '2026-03-02T10:00:00.000Z',
          },
          actions: [],
        }),
      },
    };
    showProject(ParticipantProjectPage, supplier);
    await pageShown('Meadow Farm');
    expect(screen.getByText('This offer is excluded from the clearing')).toBeInTheDocument();
    expect(screen.getByText(/excluded it on 2 Mar 2026/)).toBeInTheDocument();
    expect(screen.getByText('The land is under a competing agreement')).toBeInTheDocument();
  });

  it('shows no exclusion notice for a project in the clearing', async () => {
    server.routes = {
      ...feeds('project', 'p1'),
      'GET /api/project/p1': {
        body: projectOf({ id: 'p1', offer: 98000, clearingExclusion: null, actions: [] }),
      },
    };
    showProject(ParticipantProjectPage, supplier);
    await pageShown('Meadow Farm');
    expect(screen.queryByText(/excluded from the clearing/)).not.toBeInTheDocument();
  });

  it('has no offer section when the record carries no offer (another reader, or not offered yet)', async () => {
    server.routes = {
      ...feeds('project', 'p1'),
      'GET /api/project/p1': { body: projectOf({ id: 'p1', actions: [] }) },
    };
    showProject(ParticipantProjectPage, agent);
    await pageShown('Meadow Farm');
    expect(screen.queryByRole('region', { name: 'Offer' })).not.toBeInTheDocument();
    expect(screen.queryByText(/sealed/)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Costs and fees' })).toBeInTheDocument();
  });

  it('says when the record has nothing set yet', async () => {
    server.routes = {
      ...feeds('project', 'p1'),
      'GET /api/project/p1': {
        body: projectOf({
          id: 'p1',
          status: 'Draft',
          services: [],
          supply: null,
          location: null,
          costs: null,
          documents: [],
        }),
      },
    };
    showProject(ParticipantProjectPage, supplier);
    await pageShown('Meadow Farm');
    expect(section('Services')).toHaveTextContent('No services have been added yet.');
    expect(section('Supply by year')).toHaveTextContent('The biodiversity supply has not been set.');
    expect(section('Location')).toHaveTextContent('The location has not been set.');
    expect(section('Costs and fees')).toHaveTextContent('The costs and fees have not been set.');
    expect(section('Documents')).toHaveTextContent('No documents yet.');
  });

  it('gives the LPA a read-only page: no action buttons, no comment editor, no offer', async () => {
    server.routes = {
      ...feeds('project', 'p1'),
      'GET /api/project/p1': { body: projectOf({ id: 'p1', actions: projectActions }) },
    };
    showProject(LpaProjectPage, lpa);
    await pageShown('Meadow Farm');
    expect(screen.queryByRole('group', { name: 'Actions for Meadow Farm' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Replace document' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /comment/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Offer' })).not.toBeInTheDocument();
    expect(section('Location')).toHaveTextContent('Test Valley');
  });

  it('says when the project does not exist or cannot be seen', async () => {
    server.routes = {
      'GET /api/project/p1': {
        status: 404,
        body: { error: 'not_found', message: 'This project does not exist or you cannot see it' },
      },
    };
    showProject(ParticipantProjectPage, supplier);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Project not found');
    expect(alert).toHaveTextContent('This project does not exist or you cannot see it');
  });
});

describe('project group page', () => {
  it('shows the group, its type, round and member projects with the server actions', async () => {
    server.routes = {
      ...feeds('project-group', 'g1'),
      'GET /api/project-group/g1': {
        body: projectGroupOf({
          id: 'g1',
          actions: [
            { id: 'AddProjects', title: 'Add projects to group', enabled: true },
            { id: 'Update', title: 'Update group details', enabled: true },
          ],
        }),
      },
    };
    renderPage([{ path: '/project-group/:id', page: ProjectGroupPage }], {
      at: '/project-group/g1',
      apiBase: server.origin,
      user: operator,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Stockbridge either-or' }),
    ).toBeInTheDocument();
    expect(screen.getByText('XOR: Only one project may win')).toBeInTheDocument();
    const members = screen.getByRole('table', { name: 'Projects in the group' });
    expect(within(members).getByRole('link', { name: 'Meadow Farm' })).toHaveAttribute(
      'href',
      '/projects/p1',
    );
    expect(within(members).getByRole('link', { name: 'Down Farm' })).toHaveAttribute('href', '/projects/p2');
    expect(within(members).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Add projects to group' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Update group details' })).toBeEnabled();
  });
});
