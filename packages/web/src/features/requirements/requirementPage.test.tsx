import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { operator, signedIn } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { roundOf } from '../rounds/testing/fixtures.ts';
import { RequirementGroupPage } from './RequirementGroups.tsx';
import {
  LpaRequirementPage,
  OperatorRequirementPage,
  ParticipantRequirementPage,
} from './RequirementPage.tsx';
import { emptyFeedsOf, groupOf, nitrogenCredits, requirementOf } from './testing/fixtures.ts';

const buyer = signedIn(['participant'], { id: 'o2', name: 'Harbour Homes', type: 'PARTICIPANT' });
const lpa = signedIn(['lpa'], { id: 'l1', name: 'Test Valley', type: 'LPA' });

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  // The need runs from the year after today to the AMP end (2029): 2027, 2028 and 2029.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-01T09:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const requests = () => server.received.map((request) => `${request.method} ${request.path}`);

const bid = { bid: 7500, acceptOngoingOnly: false, bidOngoingOnly: null };

describe('credit requirement page', () => {
  it('shows the operator the need by year, development, documents, bid with its rates, group and actions', async () => {
    server.routes = {
      ...emptyFeedsOf('requirement', 'q1'),
      'GET /api/requirement/q1': {
        body: requirementOf({
          id: 'q1',
          status: 'Bid',
          bid,
          group: { id: 'g1', name: 'Plot 4 development' },
          actions: [
            { id: 'SetBid', title: 'Set bid', enabled: true, next: true },
            { id: 'AllocateRights', title: 'Allocate rights', enabled: false, reason: 'Not matched yet' },
            { id: 'Comment', title: 'Comment', enabled: true },
            { id: 'WizardBuyerCredits', title: 'Set credits', enabled: true },
          ],
        }),
      },
    };
    renderPage([{ path: '/credit-requirements/:requirementId', page: OperatorRequirementPage }], {
      at: '/credit-requirements/q1',
      apiBase: server.origin,
      user: operator,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Plot 4 nitrogen' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: /breadcrumb/i })).toHaveTextContent('Plot 4 nitrogen');
    const need = screen.getByRole('table', { name: 'Nitrogen need by year' });
    expect(
      within(need)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['202752025', '202852025', '202952025']);
    expect(screen.getByText('Both ongoing and additional')).toBeInTheDocument();
    const development = screen.getByRole('region', { name: 'Development' });
    expect(within(development).getByText('24/0001/FUL')).toBeInTheDocument();
    expect(within(development).getByText('Credit delivery date')).toBeInTheDocument();
    expect(within(development).getByText('1 Jun 2027')).toBeInTheDocument();
    expect(within(development).getByText('River Test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'budget.xlsx' })).toHaveAttribute(
      'href',
      `${server.origin}/api/file/f1/download?ownerType=requirement&ownerId=q1`,
    );
    const bidSection = screen.getByRole('region', { name: 'Bid' });
    expect(bidSection).toHaveTextContent('£7,500');
    // 7,500 over a peak of 25 kg/yr, and over 75 kg over the three years.
    expect(bidSection).toHaveTextContent('£300.00 per unit · £100.00 per unit-year');
    expect(screen.getByRole('link', { name: 'Plot 4 development' })).toHaveAttribute(
      'href',
      '/requirement-group/g1',
    );
    expect(screen.getByRole('link', { name: 'Spring 2026' })).toHaveAttribute('href', '/markets/m1/round/r1');
    const actions = screen.getByRole('group', { name: 'Actions for Plot 4 nitrogen' });
    // The bid is the requirement's step now; a refused later step waits in 'More actions' with its reason.
    const next = screen.getByRole('region', { name: 'Next step' });
    expect(within(next).getByRole('button', { name: 'Set bid' })).toBeEnabled();
    expect(within(actions).queryByRole('button', { name: 'Allocate rights' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(actions).getByRole('button', { name: 'More actions' }));
    const allocate = await screen.findByRole('menuitem', { name: 'Allocate rights' });
    expect(allocate).toBeDisabled();
    expect(screen.queryByRole('menuitem', { name: 'Comment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Set credits' })).not.toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Set credits' })).not.toBeInTheDocument();
    expect(screen.queryByText('q1')).not.toBeInTheDocument();
  });

  it('links the generated credit allocation certificate, with its number and day of issue, once rights are allocated', async () => {
    server.routes = {
      ...emptyFeedsOf('requirement', 'q1'),
      'GET /api/requirement/q1': { body: requirementOf({ id: 'q1', status: 'RightsAllocated' }) },
      'GET /api/requirement/q1/certificate': {
        body: { number: 'CAC-1A2B-3C4D', issuedOn: '2026-11-02', signedCopy: null },
      },
    };
    renderPage([{ path: '/credit-requirements/:requirementId', page: OperatorRequirementPage }], {
      at: '/credit-requirements/q1',
      apiBase: server.origin,
      user: operator,
    });
    const link = await screen.findByRole('link', { name: 'Download the certificate (PDF)' });
    expect(link).toHaveAttribute('href', `${server.origin}/api/requirement/q1/certificate.pdf`);
    expect(link.parentElement).toHaveTextContent(
      'Credit allocation certificate CAC-1A2B-3C4D, issued on 2 Nov 2026: Download the certificate (PDF)',
    );
  });

  it('offers no certificate before the rights are allocated', async () => {
    server.routes = {
      ...emptyFeedsOf('requirement', 'q1'),
      'GET /api/requirement/q1': { body: requirementOf({ id: 'q1', status: 'RightsCreated' }) },
    };
    renderPage([{ path: '/credit-requirements/:requirementId', page: OperatorRequirementPage }], {
      at: '/credit-requirements/q1',
      apiBase: server.origin,
      user: operator,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Plot 4 nitrogen' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Documents' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /certificate/ })).toBeNull();
    expect(screen.queryByText(/Credit allocation certificate/)).toBeNull();
  });

  it("counts the need from the year after the round's requirements window closes", async () => {
    server.routes = {
      ...emptyFeedsOf('requirement', 'q1'),
      'GET /api/requirement/q1': { body: requirementOf({ id: 'q1', status: 'Bid', bid }) },
      'GET /api/round/r1': {
        body: roundOf({
          id: 'r1',
          ampEnd: '2029-03-31',
          registrationDates: {
            suppliers: null,
            buyers: null,
            projects: null,
            requirements: { start: '2027-01-01', end: '2027-03-31' },
          },
        }),
      },
    };
    renderPage([{ path: '/credit-requirements/:requirementId', page: OperatorRequirementPage }], {
      at: '/credit-requirements/q1',
      apiBase: server.origin,
      user: operator,
    });
    const bidSection = await screen.findByRole('region', { name: 'Bid' });
    // 2028 and 2029: 7,500 over a peak of 25 kg/yr, and over 50 kg in all.
    await waitFor(() => expect(bidSection).toHaveTextContent('£300.00 per unit · £150.00 per unit-year'));
    const need = screen.getByRole('table', { name: 'Nitrogen need by year' });
    expect(
      within(need)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['202852025', '202952025']);
  });

  it('shows a participant no bid section when the server sent none', async () => {
    server.routes = {
      ...emptyFeedsOf('requirement', 'q1'),
      'GET /api/requirement/q1': {
        body: requirementOf({
          id: 'q1',
          actions: [{ id: 'SetBid', title: 'Set bid', enabled: true, next: true }],
        }),
      },
    };
    renderPage([{ path: '/credit-requirements/:requirementId', page: ParticipantRequirementPage }], {
      at: '/credit-requirements/q1',
      apiBase: server.origin,
      user: buyer,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Plot 4 nitrogen' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bid' })).not.toBeInTheDocument();
    expect(screen.queryByText(/per unit-year/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set bid' })).toBeEnabled();
  });

  it('shows the owner its own bid, and biodiversity units with the target redemption date', async () => {
    server.routes = {
      ...emptyFeedsOf('requirement', 'q3'),
      'GET /api/requirement/q3': {
        body: requirementOf({
          id: 'q3',
          name: 'Plot 9 biodiversity',
          status: 'Bid',
          round: { id: 'r1', name: 'Spring 2026', status: 'OpenForBidsAndOffers', ampEnd: null },
          buyerCredits: nitrogenCredits({
            type: 'Biodiversity',
            nutrientType: null,
            nutrientOngoingUnits: null,
            nutrientAdditionalUnits: null,
            nutrientAcceptOngoingOnly: null,
            bioBroadHabitat: 'Grassland',
            bioHabitatType: 'Lowland meadows',
            bioDistinctiveness: 'High',
            bioUnits: 4,
            bioIsDivisible: true,
          }),
          development: {
            creditType: 'Biodiversity',
            planningRef: '24/0009/FUL',
            redemptionDate: '2027-09-30',
            lpa: { id: 'l1', name: 'Test Valley' },
            nca: { id: 'n1', name: 'Hampshire Downs' },
            subcatchment: null,
            nearAddress: '9 Mill Lane',
            gridReference: 'SU 123 456',
            threeWords: null,
            localOnly: false,
          },
          bid: { bid: 1000, acceptOngoingOnly: false, bidOngoingOnly: null },
        }),
      },
    };
    renderPage([{ path: '/credit-requirements/:requirementId', page: ParticipantRequirementPage }], {
      at: '/credit-requirements/q3',
      apiBase: server.origin,
      user: buyer,
    });
    const bidSection = await screen.findByRole('region', { name: 'Bid' });
    expect(bidSection).toHaveTextContent('£1,000');
    expect(bidSection).toHaveTextContent('£250.00 per unit · £250.00 per unit-year');
    expect(screen.getByText('Lowland meadows')).toBeInTheDocument();
    expect(screen.getByText('Target redemption date')).toBeInTheDocument();
    expect(screen.getByText('Hampshire Downs')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /need by year/ })).not.toBeInTheDocument();
  });

  it('lets the owner continue a Draft left half-way at the step it stopped', async () => {
    const user = userEvent.setup();
    server.routes = {
      ...emptyFeedsOf('requirement', 'q4'),
      'GET /api/requirement/q4': {
        body: requirementOf({
          id: 'q4',
          status: 'Draft',
          round: null,
          development: null,
          credits: [],
          documents: [],
          actions: [{ id: 'SetBuyerDevelopment', title: 'Set development', enabled: true }],
        }),
      },
    };
    renderPage([{ path: '/credit-requirements/:requirementId', page: ParticipantRequirementPage }], {
      at: '/credit-requirements/q4',
      apiBase: server.origin,
      user: buyer,
    });
    expect(await screen.findByText('This credit requirement is not finished')).toBeInTheDocument();
    expect(screen.getByText('The development has not been set yet.')).toBeInTheDocument();
    expect(screen.getByText('Not registered for a round')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(requests()).toContain('GET /api/requirement/q4/action/WizardBuyerDevelopment'),
    );
  });

  it('shows an LPA the development read only: no bid, no actions, no comments', async () => {
    server.routes = {
      'GET /api/requirement/q1': {
        body: requirementOf({
          id: 'q1',
          status: 'Bid',
          bid,
          actions: [{ id: 'SetBid', title: 'Set bid', enabled: true, next: true }],
        }),
      },
    };
    renderPage([{ path: '/credit-requirements/:requirementId', page: LpaRequirementPage }], {
      at: '/credit-requirements/q1',
      apiBase: server.origin,
      user: lpa,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Plot 4 nitrogen' })).toBeInTheDocument();
    expect(screen.getByText('24/0001/FUL')).toBeInTheDocument();
    expect(screen.getByText('Credit delivery date')).toBeInTheDocument();
    expect(screen.getByText('1 Jun 2027')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bid' })).not.toBeInTheDocument();
    expect(screen.queryByText(/£/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set bid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Comments' })).not.toBeInTheDocument();
    expect(requests().some((request) => request.includes('/api/comments'))).toBe(false);
    expect(screen.queryByRole('link', { name: 'Spring 2026' })).not.toBeInTheDocument();
  });

  it('says when the requirement does not exist', async () => {
    server.routes = {
      'GET /api/requirement/gone': {
        status: 404,
        body: { error: 'not_found', message: 'No such credit requirement' },
      },
    };
    renderPage([{ path: '/credit-requirements/:requirementId', page: OperatorRequirementPage }], {
      at: '/credit-requirements/gone',
      apiBase: server.origin,
      user: operator,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Credit requirement not found');
  });
});

describe('requirement group page', () => {
  it('shows the group, its requirements and the actions the server lists', async () => {
    server.routes = {
      ...emptyFeedsOf('requirement-group', 'g1'),
      'GET /api/requirement-group/g1': {
        body: groupOf({
          id: 'g1',
          actions: [
            { id: 'AddRequirements', title: 'Add credit requirements to group', enabled: true },
            { id: 'Rename', title: 'Rename group', enabled: true },
          ],
        }),
      },
    };
    renderPage([{ path: '/requirement-group/:groupId', page: RequirementGroupPage }], {
      at: '/requirement-group/g1',
      apiBase: server.origin,
      user: buyer,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Plot 4 development' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Credit requirements of Plot 4 development' });
    expect(within(table).getByRole('link', { name: 'Plot 4 nitrogen' })).toHaveAttribute(
      'href',
      '/credit-requirements/q1',
    );
    expect(within(table).getByRole('link', { name: 'Plot 4 phosphorous' }).closest('tr')).toHaveTextContent(
      'Bid',
    );
    expect(screen.getByRole('button', { name: 'Add credit requirements to group' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Rename group' })).toBeEnabled();
  });
});
