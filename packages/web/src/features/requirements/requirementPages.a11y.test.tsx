import { buildActionFormData, createRequirement, setBid, WARNINGS, wizardBuyerCredits } from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { listOf, operator, signedIn } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { RequirementGroupPage } from './RequirementGroups.tsx';
import {
  LpaRequirementPage,
  OperatorRequirementPage,
  ParticipantRequirementPage,
} from './RequirementPage.tsx';
import { OperatorRequirementsPage, ParticipantRequirementsPage } from './RequirementsPage.tsx';
import { emptyFeedsOf, groupOf, requirementOf, requirementRowOf } from './testing/fixtures.ts';

const buyer = signedIn(['participant'], { id: 'o2', name: 'Harbour Homes', type: 'PARTICIPANT' });
const lpa = signedIn(['lpa'], { id: 'l1', name: 'Test Valley', type: 'LPA' });
const actions = [
  { id: 'SetBid', title: 'Set bid', enabled: true, next: true as const },
  { id: 'AllocateRights', title: 'Allocate rights', enabled: false, reason: 'Not matched yet' },
  { id: 'Comment', title: 'Comment', enabled: true },
];

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({
    'GET /api/requirements?sort=createdAt&order=desc&page=1&pageSize=25': {
      body: listOf(
        [requirementRowOf({ id: 'q1' }), requirementRowOf({ id: 'q2', name: 'Plot 6', round: null })],
        {
          actions: [{ id: 'CreateRequirement', title: 'Add credit requirement', enabled: true }],
        },
      ),
    },
    'GET /api/rounds?sort=createdAt&order=desc&page=1&pageSize=100': {
      body: listOf([{ id: 'r1', name: 'Spring 2026' }]),
    },
    'GET /api/lpas': { body: [{ id: 'l1', name: 'Test Valley' }] },
    'GET /api/requirement/q1': {
      body: requirementOf({
        id: 'q1',
        status: 'Bid',
        bid: { bid: 7500, acceptOngoingOnly: false, bidOngoingOnly: null },
        group: { id: 'g1', name: 'Plot 4 development' },
        actions,
      }),
    },
    ...emptyFeedsOf('requirement', 'q1'),
    'GET /api/requirement-group/g1': {
      body: groupOf({ id: 'g1', actions: [{ id: 'Rename', title: 'Rename group', enabled: true }] }),
    },
    ...emptyFeedsOf('requirement-group', 'g1'),
    'GET /api/requirements/action/CreateRequirement': {
      body: buildActionFormData(createRequirement, {
        options: {
          buyerId: [
            { value: 'o2', label: 'Harbour Homes' },
            { value: 'o3', label: 'Green Capital' },
          ],
        },
        warnings: [{ path: '', message: WARNINGS.notRegisteredBuyerOrInvestor }],
      }),
    },
    'GET /api/requirement/q7': {
      body: requirementOf({
        id: 'q7',
        status: 'Draft',
        round: null,
        buyerCredits: null,
        development: null,
        credits: [],
        documents: [],
        actions: [{ id: 'SetBuyerCredits', title: 'Set credits', enabled: true }],
      }),
    },
    ...emptyFeedsOf('requirement', 'q7'),
    'GET /api/requirement/q7/action/WizardBuyerCredits': { body: buildActionFormData(wizardBuyerCredits) },
    'GET /api/requirement/q1/action/SetBid': {
      body: buildActionFormData(setBid, {
        declarations: [{ id: 'd1', name: 'Bid terms', text: 'I will pay the clearing price if I win' }],
      }),
    },
  });
});
afterAll(() => server.close());

const violations = async (container: HTMLElement) => {
  // Comments, activity and the comment editor load after the page: wait until nothing is loading.
  await waitFor(() => expect(container.querySelector('[aria-label^="Loading"]')).toBeNull());
  // jsdom does not lay out or paint, so contrast is checked in the browser tests instead.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
};

describe('credit requirement pages accessibility', () => {
  it('has no axe violations on the operator list', async () => {
    const { container } = renderPage([{ path: '/credit-requirements', page: OperatorRequirementsPage }], {
      at: '/credit-requirements',
      apiBase: server.origin,
      user: operator,
    });
    await screen.findByRole('link', { name: 'Plot 6' });
    expect(await violations(container)).toEqual([]);
  }, 40_000);

  it("has no axe violations on the operator's requirement page with its bid", async () => {
    const { container } = renderPage(
      [{ path: '/credit-requirements/:requirementId', page: OperatorRequirementPage }],
      { at: '/credit-requirements/q1', apiBase: server.origin, user: operator },
    );
    await screen.findByRole('region', { name: 'Bid' });
    await screen.findByText('No comments yet');
    expect(await violations(container)).toEqual([]);
  }, 40_000);

  it("has no axe violations on the buyer's and the LPA's requirement pages", async () => {
    const owner = renderPage(
      [{ path: '/credit-requirements/:requirementId', page: ParticipantRequirementPage }],
      {
        at: '/credit-requirements/q1',
        apiBase: server.origin,
        user: buyer,
      },
    );
    await screen.findByRole('region', { name: 'Bid' });
    expect(await violations(owner.container)).toEqual([]);
    owner.unmount();
    const reader = renderPage([{ path: '/credit-requirements/:requirementId', page: LpaRequirementPage }], {
      at: '/credit-requirements/q1',
      apiBase: server.origin,
      user: lpa,
    });
    await screen.findByRole('region', { name: 'Development' });
    expect(await violations(reader.container)).toEqual([]);
  }, 40_000);

  it('has no axe violations on a requirement group page', async () => {
    const { container } = renderPage([{ path: '/requirement-group/:groupId', page: RequirementGroupPage }], {
      at: '/requirement-group/g1',
      apiBase: server.origin,
      user: buyer,
    });
    await screen.findByRole('link', { name: 'Plot 4 phosphorous' });
    expect(await violations(container)).toEqual([]);
  }, 40_000);

  it('has no axe violations in the wizard and the bid dialog', async () => {
    const user = userEvent.setup();
    renderPage(
      [
        { path: '/credit-requirements', page: ParticipantRequirementsPage },
        { path: '/credit-requirements/:requirementId', page: ParticipantRequirementPage },
      ],
      { at: '/credit-requirements', apiBase: server.origin, user: buyer },
    );
    await user.click(await screen.findByRole('button', { name: 'Add credit requirement' }));
    await screen.findByRole('form', { name: 'Add credit requirement' });
    expect(await violations(screen.getByRole('dialog', { name: 'Add credit requirement' }))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('link', { name: 'Plot 4 nitrogen' }));
    await screen.findByRole('heading', { level: 1, name: 'Plot 4 nitrogen' });
    await user.click(await screen.findByRole('button', { name: 'Set bid' }));
    await screen.findByRole('form', { name: 'Set bid' });
    const dialog = screen.getByRole('dialog', { name: 'Set bid' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Bid/ }), '7500');
    await within(dialog).findByText(/per unit-year/);
    expect(await violations(dialog)).toEqual([]);
  }, 60_000);

  it('has no axe violations on a Draft resumed at its credits step', async () => {
    const user = userEvent.setup();
    const { container } = renderPage(
      [{ path: '/credit-requirements/:requirementId', page: ParticipantRequirementPage }],
      { at: '/credit-requirements/q7', apiBase: server.origin, user: buyer },
    );
    await screen.findByText('This credit requirement is not finished');
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('form', { name: 'Set credits' });
    expect(await violations(screen.getByRole('dialog', { name: 'Set credits' }))).toEqual([]);
  }, 60_000);
});
