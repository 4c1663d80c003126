import { describe, expect, it } from 'vitest';
import { userWith } from '../../../test/render.tsx';
import { TEST_TREES } from '../../../test/trees.tsx';
import { AREA_ROUTES } from './areas.ts';
import { buildCrumbs, pathPrefixes, shouldShowCrumbs } from './crumbs.ts';
import { routesFor } from './resolve.ts';

const adminRoutes = routesFor(userWith(['admin']), TEST_TREES);

describe('buildCrumbs', () => {
  it('has one crumb per address prefix that is a route, skipping prefixes that are not', () => {
    expect(pathPrefixes('/markets/7/round/3')).toEqual([
      '/',
      '/markets',
      '/markets/7',
      '/markets/7/round',
      '/markets/7/round/3',
    ]);
    expect(buildCrumbs('/markets/7/round/3', adminRoutes, {})).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Markets', to: '/markets' },
      { label: 'Market', to: '/markets/7', pending: true },
      { label: 'Round', to: '/markets/7/round/3', pending: true },
    ]);
  });

  it('fills entity crumbs with the names the page supplied', () => {
    const crumbs = buildCrumbs('/markets/7/round/3', adminRoutes, {
      market: 'Solent 2025',
      round: 'Round 1',
    });
    expect(crumbs.map((crumb) => crumb.label)).toEqual(['Home', 'Markets', 'Solent 2025', 'Round 1']);
  });

  it('leaves the link off a crumb marked no-link', () => {
    expect(buildCrumbs('/settings/refdata', adminRoutes, {})).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Settings' },
      { label: 'Reference data', to: '/settings/refdata' },
    ]);
  });

  it('puts the list a group belongs to before the group: Projects, Credit requirements', () => {
    for (const area of ['admin', 'participant', 'agent'] as const) {
      expect(
        buildCrumbs('/project-group/g1', AREA_ROUTES[area], { projectGroup: 'Hamble either-or' }),
      ).toEqual([
        { label: 'Home', to: '/' },
        { label: 'Projects', to: '/projects' },
        { label: 'Hamble either-or', to: '/project-group/g1' },
      ]);
      expect(
        buildCrumbs('/requirement-group/g2', AREA_ROUTES[area], { requirementGroup: 'Plot 4' }).map(
          (crumb) => crumb.label,
        ),
      ).toEqual(['Home', 'Credit requirements', 'Plot 4']);
    }
  });
});

describe('shouldShowCrumbs', () => {
  it('shows breadcrumbs only with two or more crumbs', () => {
    expect(shouldShowCrumbs(buildCrumbs('/', adminRoutes, {}))).toBe(false);
    expect(shouldShowCrumbs(buildCrumbs('/markets', adminRoutes, {}))).toBe(true);
    expect(shouldShowCrumbs([])).toBe(false);
  });
});
