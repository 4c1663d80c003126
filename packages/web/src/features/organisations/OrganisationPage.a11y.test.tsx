import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { ParticipantPage, ParticipantsPage } from './adminPages.tsx';
import {
  authoritiesPath,
  authorityOf,
  emptyFeeds,
  listOf,
  operator,
  organisationOf,
  userOf,
} from './testing/fixtures.ts';
import { renderPage } from './testing/renderPage.tsx';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({
    ...emptyFeeds('o1'),
    'GET /api/organisations?type=PARTICIPANT&sort=name&order=asc&page=1&pageSize=25': {
      body: listOf([organisationOf({ id: 'o1' }), organisationOf({ id: 'o2', name: 'Chalk Downs Farm' })], {
        actions: [{ id: 'CreateParticipant', title: 'Add participant', enabled: true }],
      }),
    },
    'GET /api/organisation/o1': {
      body: organisationOf({
        id: 'o1',
        actions: [
          { id: 'Update', title: 'Update organisation', enabled: true },
          { id: 'InviteUser', title: 'Invite user', enabled: true },
          { id: 'ExpressInterest', title: 'Express interest', enabled: false, reason: 'No round is open' },
        ],
      }),
    },
    'GET /api/organisation/o1/users': {
      body: listOf([
        userOf({
          id: 'u1',
          displayName: 'Sam',
          actions: [
            { id: 'Disable', title: 'Disable user', enabled: true },
            { id: 'Enable', title: 'Enable user', enabled: false, reason: 'Not disabled' },
          ],
        }),
      ]),
    },
    [authoritiesPath('clientId', 'o1')]: { body: listOf([authorityOf({ id: 'aa1' })]) },
  });
});
afterAll(() => server.close());

const violations = async (container: HTMLElement) => {
  // jsdom does not lay out or paint, so contrast is checked in the browser tests instead.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
};

describe('organisation pages accessibility', () => {
  it('has no axe violations on a list with its search, sorting, paging and create button', async () => {
    const { container } = renderPage([{ path: '/participants', page: ParticipantsPage }], {
      at: '/participants',
      apiBase: server.origin,
      user: operator,
    });
    await screen.findByRole('link', { name: 'Chalk Downs Farm' });
    expect(await violations(container)).toEqual([]);
  }, 40_000);

  it('has no axe violations on an organisation page with users, authorities and disabled actions', async () => {
    const { container } = renderPage([{ path: '/participants/:organisationId', page: ParticipantPage }], {
      at: '/participants/o1',
      apiBase: server.origin,
      user: operator,
    });
    await screen.findByRole('cell', { name: 'Sam' });
    await screen.findByRole('link', { name: 'Fen Agents' });
    await screen.findByText('No activity yet');
    expect(await violations(container)).toEqual([]);
  }, 40_000);
});
