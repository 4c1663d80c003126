import type { CurrentUser } from '@curlew/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt, userWith } from '../../../test/render.tsx';
import { TEST_TREES } from '../../../test/trees.tsx';
import { AreaTreesContext } from '../routing/AreaTreesContext.ts';
import { Header } from './Header.tsx';
import { OrganisationBar } from './OrganisationBar.tsx';

const renderHeader = (user: CurrentUser | null) =>
  renderAt(
    <AreaTreesContext.Provider value={TEST_TREES}>
      <Header user={user} />
    </AreaTreesContext.Provider>,
    { user },
  );

const menuLabels = () => {
  const nav = screen.queryByRole('navigation', { name: 'Main menu' });
  if (!nav) return [];
  return [...within(nav).getAllByRole('link'), ...within(nav).queryAllByRole('button')]
    .filter((element) => !element.closest('[hidden]'))
    .map((element) => element.textContent);
};

afterEach(() => {
  window.CURLEW_ENV = undefined;
});

describe('Header', () => {
  it('gives an admin the admin groups that have pages, and the search', async () => {
    renderHeader(userWith(['admin']));
    expect(menuLabels()).toEqual(['Markets', 'Records', 'Settings']);
    await userEvent.click(screen.getByRole('button', { name: 'Records' }));
    expect(screen.getByRole('button', { name: 'Records' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    expect(await screen.findByRole('link', { name: 'Search' })).toBeInTheDocument();
  });

  it('gives a participant no admin menu and no search', () => {
    renderHeader(userWith(['participant']));
    expect(menuLabels()).toEqual(['Home']);
    expect(screen.queryByRole('link', { name: 'Search' })).not.toBeInTheDocument();
  });

  it('gives an LPA its menu and the search', async () => {
    renderHeader(userWith(['lpa']));
    expect(menuLabels()).toEqual(['Home', 'Projects']);
    expect(await screen.findByRole('link', { name: 'Search' })).toBeInTheDocument();
  });

  it('shows the signed-in user with Profile and Sign out, and the organisation title linking home', async () => {
    renderHeader(userWith(['agent']));
    await userEvent.click(screen.getByRole('button', { name: 'Pat Example' }));
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeVisible();
  });

  it('titles the organisation bar with the organisation, linking home', () => {
    renderAt(<OrganisationBar user={userWith(['agent'])} />);
    expect(screen.getByRole('link', { name: 'Wetland Trust' })).toHaveAttribute('href', '/');
  });

  it("titles the bar 'Your details' when the user has no organisation", () => {
    renderAt(<OrganisationBar user={userWith(['agent'], { organisation: null })} />);
    expect(screen.getByRole('link', { name: 'Your details' })).toHaveAttribute('href', '/');
  });

  it('shows only the brand while the user is loading: no Sign in, no Not logged in, no menu', () => {
    renderAt(<Header user={null} loading />);
    expect(screen.getByRole('link', { name: 'Curlew' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Not logged in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it("shows 'Not logged in' with a Sign in item and the authentication menu to visitors", async () => {
    renderHeader(null);
    expect(menuLabels()).toEqual(['Sign in', 'Sign up']);
    const profile = screen.getByRole('button', { name: 'Not logged in' });
    await userEvent.click(profile);
    const items = document.getElementById(profile.getAttribute('aria-controls') ?? '');
    expect(items).not.toBeNull();
    expect(within(items as HTMLElement).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
    await userEvent.keyboard('{Escape}');
    expect(profile).toHaveAttribute('aria-expanded', 'false');
  });

  it('leaves Sign up out when sign-up is disabled', () => {
    window.CURLEW_ENV = { signUpEnabled: false, production: true };
    renderHeader(null);
    expect(menuLabels()).toEqual(['Sign in']);
  });
});
