import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAt, userWith } from '../../../test/render.tsx';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { organisationOf } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { AccountsTable } from './AccountsTable.tsx';
import { type Account, accountStatus, countByGroup } from './accounts.ts';
import { OrganisationSummary } from './OrganisationSummary.tsx';

const account = (overrides: Partial<Account>): Account => ({
  id: 'a1',
  username: 'supplier',
  email: 'supplier@example.org',
  displayName: 'Sam Supplier',
  groups: ['participant'],
  organisationId: 'org-1',
  disabled: false,
  confirmed: true,
  ...overrides,
});

describe('accounts', () => {
  it('names the state of an account', () => {
    expect(accountStatus({ disabled: false, confirmed: true })).toBe('Active');
    expect(accountStatus({ disabled: false, confirmed: false })).toBe('Not confirmed');
    expect(accountStatus({ disabled: true, confirmed: true })).toBe('Disabled');
  });

  it('counts accounts per group, an account counting once in each of its groups', () => {
    const counts = countByGroup([
      account({ groups: ['admin', 'sysadmin'] }),
      account({ groups: ['admin'] }),
      account({ groups: ['participant'] }),
    ]);
    expect(Object.fromEntries(counts.map(({ group, count }) => [group, count]))).toEqual({
      admin: 2,
      sysadmin: 1,
      lpa: 0,
      participant: 1,
      agent: 0,
    });
  });
});

describe('OrganisationSummary', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterAll(() => server.close());

  it("shows the organisation's own name, contact, e-mail and phone, not the signed-in user's", async () => {
    const user = userWith(['lpa'], { organisation: { id: 'org-1', name: 'Wetland Trust', type: 'LPA' } });
    server.routes = {
      'GET /api/organisation/org-1': {
        body: organisationOf({
          id: 'org-1',
          type: 'LPA',
          name: 'Wetland Trust',
          contact: 'Planning desk',
          email: 'planning@wetland.example',
          phone: '+442079460018',
        }),
      },
    };
    renderPage([{ path: '/', page: () => <OrganisationSummary user={user} /> }], {
      at: '/',
      apiBase: server.origin,
      user,
    });
    expect(await screen.findByText('planning@wetland.example')).toBeInTheDocument();
    expect(screen.getByText('Wetland Trust')).toBeInTheDocument();
    expect(screen.getByText('Local planning authority')).toBeInTheDocument();
    expect(screen.getByText('Planning desk')).toBeInTheDocument();
    expect(screen.getByText('+442079460018')).toBeInTheDocument();
    expect(screen.queryByText('pat@example.org')).not.toBeInTheDocument();
    expect(screen.queryByText('Pat Example')).not.toBeInTheDocument();
  });

  it('shows the user their own details when they have no organisation', () => {
    renderAt(<OrganisationSummary user={userWith(['participant'], { organisation: null })} />);
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeInTheDocument();
    expect(screen.getByText('pat@example.org')).toBeInTheDocument();
  });
});

describe('AccountsTable', () => {
  it('lists each account with its roles and state', () => {
    renderAt(
      <AccountsTable
        caption="Users of Wetland Trust"
        accounts={[
          account({}),
          account({ id: 'a2', username: 'newbie', displayName: 'New Bie', confirmed: false }),
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Users of Wetland Trust' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Sam Supplier', 'supplier', 'supplier@example.org', 'Participant', 'Active'],
      ['New Bie', 'newbie', 'supplier@example.org', 'Participant', 'Not confirmed'],
    ]);
  });
});
