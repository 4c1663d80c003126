import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { listOf, signedIn } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { OperatorRoundPage, ParticipantRoundPage } from '../rounds/RoundPage.tsx';
import { roundOf } from '../rounds/testing/fixtures.ts';
import { STATEMENT } from './testing/fixtures.ts';

const supplier = signedIn(['participant'], { id: 'o1', name: 'Wetland Trust', type: 'PARTICIPANT' });
const operator = signedIn(['admin'], { id: 'op', name: 'Market Operator', type: 'OPER' });
const PARTICIPATIONS = 'GET /api/participations?roundId=r1&organisationId=o1';
const PAGE = '/markets/:marketId/round/:roundId';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());

const sectionOf = async () => {
  const heading = await screen.findByRole('heading', { name: 'Opportunity statement' });
  // The heading sits in the section's header row, the first child of the section.
  return heading.parentElement?.parentElement as HTMLElement;
};

describe('the opportunity statement on the round page', () => {
  it('shows a participant the published figures, dates and reserve, and a CSV download', async () => {
    server.routes = {
      'GET /api/round/r1': { body: roundOf({ id: 'r1', status: 'Closed', actions: [] }) },
      [PARTICIPATIONS]: { body: listOf([]) },
      'GET /api/round/r1/opportunity': { body: { statement: STATEMENT } },
    };
    renderPage([{ path: PAGE, page: ParticipantRoundPage }], {
      at: '/markets/m1/round/r1',
      apiBase: server.origin,
      user: supplier,
    });
    const table = await screen.findByRole('table', { name: 'Supply, demand and fees by credit type' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Biodiversity10.2510.0011£100£75£17.07');
    expect(rows[2]).toHaveTextContent('Phosphorous0.004.5001£0£0No supply');
    const areas = screen.getByRole('table', { name: 'Supply and demand by area' });
    expect(within(areas).getAllByRole('row')[1]).toHaveTextContent('BiodiversityLPA: Test Valley10.2510.00');
    const section = await sectionOf();
    expect(section).toHaveTextContent('Published on 2 Mar 2026');
    expect(section).toHaveTextContent('Public');
    expect(section).toHaveTextContent('Supplier registration: 1 Jan 2026 to 31 Jan 2026');
    expect(section).toHaveTextContent('AMP end: 31 Mar 2031');
    expect(section).toHaveTextContent('Credit reserve: 15% of all demand, agreed with the EMB');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `${server.origin}/api/round/r1/opportunity?format=csv`,
    );
    // Participants never get the operator's buttons.
    expect(screen.queryByRole('group', { name: 'Opportunity statement actions' })).not.toBeInTheDocument();
    const result = await axe.run(section, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('tells a participant when nothing is published yet, and shows no section before registration closes', async () => {
    server.routes = {
      'GET /api/round/r1': { body: roundOf({ id: 'r1', status: 'Closed', actions: [] }) },
      [PARTICIPATIONS]: { body: listOf([]) },
      'GET /api/round/r1/opportunity': { body: { statement: null } },
    };
    const first = renderPage([{ path: PAGE, page: ParticipantRoundPage }], {
      at: '/markets/m1/round/r1',
      apiBase: server.origin,
      user: supplier,
    });
    expect(await screen.findByText(/is not published yet/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    first.unmount();

    server.routes = {
      ...server.routes,
      'GET /api/round/r1': { body: roundOf({ id: 'r1', status: 'Open', actions: [] }) },
    };
    renderPage([{ path: PAGE, page: ParticipantRoundPage }], {
      at: '/markets/m1/round/r1',
      apiBase: server.origin,
      user: supplier,
    });
    await screen.findByRole('heading', { name: 'Spring 2026', level: 1 });
    expect(screen.queryByRole('heading', { name: 'Opportunity statement' })).not.toBeInTheDocument();
  });

  it('says when the statement could not be loaded, with Retry', async () => {
    server.routes = {
      'GET /api/round/r1': { body: roundOf({ id: 'r1', status: 'Closed', actions: [] }) },
      [PARTICIPATIONS]: { body: listOf([]) },
      'GET /api/round/r1/opportunity': {
        status: 500,
        body: { error: 'internal', message: 'Something went wrong on our side.' },
      },
    };
    renderPage([{ path: PAGE, page: ParticipantRoundPage }], {
      at: '/markets/m1/round/r1',
      apiBase: server.origin,
      user: supplier,
    });
    const alert = await screen.findByRole('alert', { name: /opportunity statement could not be loaded/i });
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('offers the operator Publish in the section, and Update and Make public once it is out', async () => {
    server.routes = {
      'GET /api/round/r1': {
        body: roundOf({
          id: 'r1',
          status: 'Closed',
          actions: [
            {
              id: 'PublishOpportunityStatement',
              title: 'Publish opportunity statement',
              enabled: true,
              next: true,
            },
            {
              id: 'UpdateOpportunityStatement',
              title: 'Update opportunity statement',
              enabled: false,
              reason: 'Publish the opportunity statement first',
            },
            {
              id: 'SetOpportunityStatementVisibility',
              title: 'Public or private opportunity statement',
              enabled: false,
              reason: 'Publish the opportunity statement first',
            },
          ],
        }),
      },
      'GET /api/round/r1/opportunity': { body: { statement: null } },
    };
    const first = renderPage([{ path: PAGE, page: OperatorRoundPage }], {
      at: '/markets/m1/round/r1',
      apiBase: server.origin,
      user: operator,
    });
    const group = await screen.findByRole('group', { name: 'Opportunity statement actions' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Publish opportunity statement']);
    await userEvent.click(within(group).getByRole('button', { name: 'Publish opportunity statement' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    first.unmount();

    server.routes = {
      ...server.routes,
      'GET /api/round/r1': {
        body: roundOf({
          id: 'r1',
          status: 'Closed',
          actions: [
            {
              id: 'PublishOpportunityStatement',
              title: 'Publish opportunity statement',
              enabled: false,
              reason: 'The opportunity statement is already published; update it instead',
            },
            { id: 'UpdateOpportunityStatement', title: 'Update opportunity statement', enabled: true },
            {
              id: 'SetOpportunityStatementVisibility',
              title: 'Public or private opportunity statement',
              enabled: true,
            },
          ],
        }),
      },
      'GET /api/round/r1/opportunity': { body: { statement: { ...STATEMENT, isPublic: false } } },
    };
    renderPage([{ path: PAGE, page: OperatorRoundPage }], {
      at: '/markets/m1/round/r1',
      apiBase: server.origin,
      user: operator,
    });
    const after = await screen.findByRole('group', { name: 'Opportunity statement actions' });
    expect(
      within(after)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Update opportunity statement', 'Public or private opportunity statement']);
    await screen.findByRole('table', { name: 'Supply, demand and fees by credit type' });
  });

  it('shows no section to a reader the server does not let read it', async () => {
    server.routes = {
      'GET /api/round/r1': { body: roundOf({ id: 'r1', status: 'Closed', actions: [] }) },
      [PARTICIPATIONS]: { body: listOf([]) },
      'GET /api/round/r1/opportunity': { status: 404, body: { error: 'not_found', message: 'Not found' } },
    };
    renderPage([{ path: PAGE, page: ParticipantRoundPage }], {
      at: '/markets/m1/round/r1',
      apiBase: server.origin,
      user: supplier,
    });
    await screen.findByRole('heading', { name: 'Spring 2026', level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Opportunity statement' })).not.toBeInTheDocument();
  });
});
