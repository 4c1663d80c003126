// @vitest-environment-options { "url": "http://127.0.0.1:9/" }
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, userWith } from '../../../test/render.tsx';
import { TEST_TREES } from '../../../test/trees.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { useCrumbName } from './breadcrumbs.tsx';
import type { AreaRoute, AreaRouteTrees } from './types.ts';

const publicRoutes: AreaRoute[] = [{ path: 'login', page: () => <h1>Sign in page</h1> }];

const renderRoutes = (
  path: string,
  user: ReturnType<typeof userWith> | null,
  trees: AreaRouteTrees = TEST_TREES,
) => renderAt(<AppRoutes publicRoutes={publicRoutes} trees={trees} />, { path, user });

function Broken(): never {
  throw new Error('Round summary could not be drawn');
}

function MarketPage() {
  useCrumbName('market', 'Solent 2025');
  return <h1>Market page</h1>;
}

afterEach(() => {
  vi.restoreAllMocks();
});

// The first signed-in page also loads the side-panel chunk, which takes a while to compile under test.
const LAZY_CHUNKS = { timeout: 10_000 };

const location = () => screen.getByTestId('location').textContent;

describe('AppRoutes guards', () => {
  it('sends an anonymous deep link to /login with the original path and query', async () => {
    renderRoutes('/markets/7?tab=offers', null);
    expect(await screen.findByRole('heading', { name: 'Sign in page' }, LAZY_CHUNKS)).toBeInTheDocument();
    expect(location()).toBe('/login?redirect=%2Fmarkets%2F7%3Ftab%3Doffers');
  });

  it('sends anonymous visitors of an unknown path to sign in too', async () => {
    renderRoutes('/no/such/page', null);
    await screen.findByRole('heading', { name: 'Sign in page' }, LAZY_CHUNKS);
    expect(location()).toBe('/login?redirect=%2Fno%2Fsuch%2Fpage');
  });

  it('lets anyone open the public pages', async () => {
    renderRoutes('/login?redirect=%2Fprofile', null);
    expect(await screen.findByRole('heading', { name: 'Sign in page' }, LAZY_CHUNKS)).toBeInTheDocument();
    expect(location()).toBe('/login?redirect=%2Fprofile');
  });

  it('sends a signed-in participant home from an admin route', async () => {
    renderRoutes('/markets', userWith(['participant']));
    expect(await screen.findByRole('heading', { name: 'Participant home' }, LAZY_CHUNKS)).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('shows the admin page to an admin', async () => {
    renderRoutes('/markets', userWith(['admin']));
    expect(await screen.findByRole('heading', { name: 'Markets page' }, LAZY_CHUNKS)).toBeInTheDocument();
  });

  it('shows each role its own home page', async () => {
    renderRoutes('/', userWith(['lpa']));
    expect(await screen.findByRole('heading', { name: 'LPA home' }, LAZY_CHUNKS)).toBeInTheDocument();
  });

  it("answers 'Sorry' / 'Page not found' for an unknown path", async () => {
    renderRoutes('/no/such/page', userWith(['admin']));
    expect(await screen.findByRole('heading', { name: 'Sorry' }, LAZY_CHUNKS)).toBeInTheDocument();
    expect(screen.getByText('Page not found')).toBeInTheDocument();
    expect(location()).toBe('/no/such/page');
  });

  it('shows the error page with the message and stack when a page throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const trees = { ...TEST_TREES, admin: [...TEST_TREES.admin, { path: 'broken', page: Broken }] };
    renderRoutes('/broken', userWith(['admin']), trees);
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }, LAZY_CHUNKS),
    ).toBeInTheDocument();
    expect(screen.getByText('Round summary could not be drawn')).toBeInTheDocument();
    expect(screen.getByLabelText('Stack trace')).toHaveTextContent('Broken');
  });

  it('fills the breadcrumbs with the entity name the page supplies', async () => {
    const trees = {
      ...TEST_TREES,
      admin: TEST_TREES.admin.map((route) =>
        route.path === 'markets/:marketId' ? { ...route, page: MarketPage } : route,
      ),
    };
    renderRoutes('/markets/7', userWith(['admin']), trees);
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumbs' }, LAZY_CHUNKS);
    expect(
      within(trail)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Markets']);
    expect(within(trail).getByText('Solent 2025')).toHaveAttribute('aria-current', 'page');
  });
});
