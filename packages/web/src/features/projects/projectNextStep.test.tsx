import {
  buildActionFormData,
  type EntityAction,
  setProjectCosts,
  uploadNatureBasedAgreement,
} from '@curlew/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { listOf } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { ParticipantProjectPage } from './ProjectPage.tsx';
import { projectOf, supplier } from './testing/fixtures.ts';

vi.setConfig({ testTimeout: 60_000 });

const REASON = 'Round 1 2026 is not open for registration';
const CONTRACT_REASON = 'Upload the nature-based agreement before contracting the project';

const emptyFeeds = (id: string) => ({
  [`GET /api/comments?subjectType=project&subjectId=${id}&page=1&pageSize=10`]: { body: listOf([]) },
  [`GET /api/activity?subjectType=project&subjectId=${id}&page=1&pageSize=10`]: { body: listOf([]) },
});

/** A Provisional project as its supplier gets it: completing the registration is its next step, refused for now. */
const ACTIONS: EntityAction[] = [
  { id: 'Update', title: 'Update details', enabled: true },
  { id: 'SetCosts', title: 'Set project costs and fees', enabled: true },
  { id: 'CompleteRegistration', title: 'Complete registration', enabled: false, reason: REASON, next: true },
  { id: 'SetOffer', title: 'Set offer', enabled: false, reason: 'Not in this status' },
  {
    id: 'AddScreeningOutcome',
    title: 'Add project screening outcome',
    enabled: false,
    reason: 'Operator',
    byRole: true,
  },
];

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({
    'GET /api/project/p1': {
      body: projectOf({
        id: 'p1',
        status: 'Provisional',
        costs: null,
        actions: ACTIONS,
        checklist: [
          { id: 'type', label: 'Project type', done: true, actionIds: ['Update'] },
          { id: 'costs', label: 'Costs and fees', done: false, actionIds: ['SetCosts'] },
          { id: 'offer', label: 'Offer', done: false, actionIds: ['SetOffer'] },
        ],
      }),
    },
    'GET /api/comments?subjectType=project&subjectId=p1&page=1&pageSize=10': { body: listOf([]) },
    'GET /api/activity?subjectType=project&subjectId=p1&page=1&pageSize=10': { body: listOf([]) },
    'GET /api/project/p1/action/SetCosts': { body: buildActionFormData(setProjectCosts, {}) },
    // Matched, the Section 106 agreement uploaded: the nature-based one is still to upload before the contract.
    'GET /api/project/p2': {
      body: projectOf({
        id: 'p2',
        name: 'Down Farm',
        status: 'Matched',
        actions: [
          { id: 'Update', title: 'Update details', enabled: true },
          { id: 'Contract', title: 'Contract project', enabled: false, reason: CONTRACT_REASON, next: true },
          {
            id: 'UploadNatureBasedAgreement',
            title: 'Upload nature-based agreement',
            enabled: true,
            next: true,
          },
          { id: 'UploadSection106Agreement', title: 'Upload Section 106 agreement', enabled: true },
        ],
        checklist: [
          { id: 'type', label: 'Project type', done: true, actionIds: ['Update'] },
          {
            id: 'natureBasedAgreement',
            label: 'Nature-based agreement',
            done: false,
            actionIds: ['UploadNatureBasedAgreement'],
          },
          {
            id: 'section106Agreement',
            label: 'Section 106 agreement',
            done: true,
            actionIds: ['UploadSection106Agreement'],
          },
        ],
      }),
    },
    'GET /api/project/p2/action/UploadNatureBasedAgreement': {
      body: buildActionFormData(uploadNatureBasedAgreement, {}),
    },
    ...emptyFeeds('p2'),
  });
});
afterAll(() => server.close());

const show = (id = 'p1') =>
  renderPage([{ path: '/projects/:id', page: ParticipantProjectPage }], {
    at: `/projects/${id}`,
    apiBase: server.origin,
    user: supplier,
  });

describe("the project page's next step and 'What is still needed'", () => {
  it('keeps the refused next step a button with its reason in words, never only in the menu', async () => {
    show();
    const actions = await screen.findByRole('group', { name: 'Actions for Meadow Farm' });
    const panel = screen.getByRole('region', { name: 'Next step' });
    const next = within(panel).getByRole('button', { name: 'Complete registration' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveAccessibleDescription(REASON);
    expect(within(panel).getByText(REASON)).toBeVisible();
    // A refused action that is not the next step stays out of a participant's sight; a role's never shows.
    expect(within(actions).queryByRole('button', { name: 'Set offer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add project screening outcome' })).not.toBeInTheDocument();
  });

  it('lists each line done or not, an open line opening the dialog that completes it', async () => {
    const { container } = show();
    const card = await screen.findByRole('region', { name: 'What is still needed' });
    expect(within(card).getByText('1 of 3 done')).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '✓Project type: done',
      '•Costs and fees: not done yetSet project costs and fees',
      '•Offer: not done yetSet offerNot in this status',
    ]);
    // The offer's dialog is refused now: its button says why.
    expect(within(card).getByRole('button', { name: 'Set offer' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Set project costs and fees' }));
    await screen.findByRole('dialog', { name: 'Set project costs and fees' });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});

describe("a matched project's next steps", () => {
  it('offers the agreement still to upload as a filled next step beside the refused Contract', async () => {
    show('p2');
    const actions = await screen.findByRole('group', { name: 'Actions for Down Farm' });
    const panel = screen.getByRole('region', { name: 'Next steps' });
    const upload = within(panel).getByRole('button', { name: 'Upload nature-based agreement' });
    expect(upload).toBeEnabled();
    expect(upload).toHaveAttribute('data-variant', 'filled');
    const contract = within(panel).getByRole('button', { name: 'Contract project' });
    expect(contract).toHaveAttribute('aria-disabled', 'true');
    expect(contract).toHaveAccessibleDescription(CONTRACT_REASON);
    // The uploaded agreement is no next step: it is replaced from the menu, not offered as a button.
    expect(
      within(actions).queryByRole('button', { name: 'Upload Section 106 agreement' }),
    ).not.toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'More actions' })).toBeInTheDocument();
    // The checklist still offers the open line's upload too.
    const card = screen.getByRole('region', { name: 'What is still needed' });
    expect(within(card).getByRole('button', { name: 'Upload nature-based agreement' })).toBeEnabled();
    await userEvent.setup().click(upload);
    await screen.findByRole('dialog', { name: 'Upload nature-based agreement' });
  });
});
