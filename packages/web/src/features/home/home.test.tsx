import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, userWith } from '../../../test/render.tsx';
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
  it("shows the organisation's name and type and the user's contact details", () => {
    renderAt(<OrganisationSummary user={userWith(['participant'])} />);
    expect(screen.getByText('Wetland Trust')).toBeInTheDocument();
    expect(screen.getByText('Participant')).toBeInTheDocument();
    expect(screen.getByText('pat@example.org')).toBeInTheDocument();
    expect(screen.getByText('+447700900123')).toBeInTheDocument();
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
