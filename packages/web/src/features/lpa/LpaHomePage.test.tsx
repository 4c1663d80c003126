import type { LpaHome } from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWith } from '../../../test/render.tsx';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { LpaHomePage } from './LpaHomePage.tsx';

const LPA_USER = userWith(['lpa'], { organisation: { id: 'org-9', name: 'Cornwall planning', type: 'LPA' } });

const HOME: LpaHome = {
  lpaName: 'Cornwall',
  developments: [
    {
      id: 'q-late',
      name: 'Riverside homes',
      planningRef: 'PA24/01234',
      developer: 'Harbour Homes',
      status: 'CreditsIssued',
      redemptionDate: '2026-01-31',
      lateRedemption: true,
      unitsRequired: 10,
      unitsAllocated: 10,
      sites: [
        {
          id: 'p1',
          name: 'Meadow restoration',
          lpaName: 'Cornwall',
          habitats: ['Other neutral grassland'],
          units: 10,
        },
      ],
      certificate: '/requirement/q-late/certificate.pdf',
    },
    {
      id: 'q-new',
      name: 'Barn conversion',
      planningRef: 'PA25/00077',
      developer: 'Moor Builders',
      status: 'Registered',
      redemptionDate: '2027-06-30',
      lateRedemption: false,
      unitsRequired: 4,
      unitsAllocated: 0,
      sites: [],
      certificate: null,
    },
  ],
  sites: [
    {
      id: 'p1',
      name: 'Meadow restoration',
      supplier: 'Wetland Trust',
      status: 'Monitoring',
      habitats: ['Other neutral grassland'],
      unitsAllocated: 10,
      compliance: 'NotCompliant',
    },
  ],
  totals: [{ creditType: 'Biodiversity', allocated: 10, redeemed: 2.5 }],
};

/** The area map's answer for an LPA not linked yet (its own section's tests are in LpaMapSection.test.tsx). */
const NO_MAP = { 'GET /api/lpa/map': { body: { lpa: null, developments: [], sites: [], flows: [] } } };

describe('LpaHomePage', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterAll(() => server.close());
  const show = () =>
    renderPage([{ path: '/', page: LpaHomePage }], { at: '/', apiBase: server.origin, user: LPA_USER });

  it('lists the developments by planning reference, late first, with sites, units and the certificate', async () => {
    server.routes = { 'GET /api/home/lpa': { body: HOME }, ...NO_MAP };
    show();
    const table = await screen.findByRole('table', {
      name: 'Developments in your area, late redemptions first',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        'PA24/01234Riverside homes · Harbour Homes',
        '31 Jan 2026Late',
        'Credits issued',
        '10.00 of 10.00',
        'Meadow restoration (Cornwall): Other neutral grassland; 10.00 units',
        'Download',
      ],
      [
        'PA25/00077Barn conversion · Moor Builders',
        '30 Jun 2027',
        'Registered',
        '0.00 of 4.00',
        'No site allocated yet',
        'Not issued yet',
      ],
    ]);
    expect(screen.getByRole('link', { name: 'PA24/01234' })).toHaveAttribute(
      'href',
      '/credit-requirements/q-late',
    );
    expect(
      screen.getByRole('link', { name: 'Download the credit allocation certificate of PA24/01234' }),
    ).toHaveAttribute('href', `${server.origin}/api/requirement/q-late/certificate.pdf`);
    expect(screen.getByText('Developments and sites in Cornwall.')).toBeInTheDocument();
  });

  it('lists the sites of the area with their compliance, and the credit totals', async () => {
    server.routes = { 'GET /api/home/lpa': { body: HOME }, ...NO_MAP };
    show();
    const sites = await screen.findByRole('table', { name: 'Sites in your area' });
    expect(
      within(sites)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Meadow restorationWetland Trust',
      'Monitoring',
      'Other neutral grassland',
      '10.00',
      'Not compliant',
    ]);
    const totals = screen.getByRole('region', { name: 'Credits for your developments' });
    expect(totals).toHaveTextContent('BiodiversityAllocated: 10.00Redeemed: 2.50');
    expect(within(totals).getByRole('link', { name: 'See every credit in your area' })).toHaveAttribute(
      'href',
      '/credits',
    );
  });

  it('says what is empty for an area with no developments, sites or credits', async () => {
    server.routes = {
      'GET /api/home/lpa': { body: { lpaName: null, developments: [], sites: [], totals: [] } },
      ...NO_MAP,
    };
    show();
    expect(
      await screen.findByText('No development in your area has registered a credit requirement yet.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No site is located in your area yet.')).toBeInTheDocument();
    expect(
      screen.getByText('No credits have been allocated to developments in your area yet.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your organisation is not linked to a local planning authority yet: ask the market operator.',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Your organisation is not linked to a local planning authority, so there is no map yet.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a loading state, then the failure with Retry', async () => {
    server.routes = {
      'GET /api/home/lpa': {
        status: 403,
        body: { error: 'forbidden', message: 'This home is for local planning authorities' },
        delayMs: 300,
      },
      'GET /api/lpa/map': {
        status: 403,
        body: { error: 'forbidden', message: 'This map is for local planning authorities' },
        delayMs: 300,
      },
    };
    show();
    expect(screen.getByLabelText('Loading developments')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(4));
    const alerts = screen.getAllByRole('alert');
    [
      'Credits for your developments could not be loaded',
      'The map could not be loaded',
      'Developments could not be loaded',
      'Sites could not be loaded',
    ].forEach((title, index) => {
      expect(within(alerts[index] as HTMLElement).getByText(title)).toBeInTheDocument();
    });
    expect(within(alerts[2] as HTMLElement).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
