import { describe, expect, it } from 'vitest';
import { userWith } from '../../../test/render.tsx';
import { TEST_TREES } from '../../../test/trees.tsx';
import { hasRouteFor, type RouteResolution, resolveRoute, routesFor } from './resolve.ts';

const outcome = (resolution: RouteResolution): string =>
  resolution.kind === 'page' ? `page:${resolution.route.path}` : resolution.kind;

const admin = userWith(['admin'], { organisation: { id: 'op', name: 'Curlew Operations', type: 'OPER' } });
const sysadmin = userWith(['admin', 'sysadmin']);
const lpa = userWith(['lpa']);
const participant = userWith(['participant']);
const agent = userWith(['agent']);

describe('resolveRoute', () => {
  it('sends anonymous visitors to sign in, whatever the path', () => {
    expect(outcome(resolveRoute('markets', null, TEST_TREES))).toBe('login');
    expect(outcome(resolveRoute('', null, TEST_TREES))).toBe('login');
    expect(outcome(resolveRoute(null, null, TEST_TREES))).toBe('login');
  });

  it('sends a signed-in non-admin home from an admin route', () => {
    expect(outcome(resolveRoute('markets', participant, TEST_TREES))).toBe('home');
    expect(outcome(resolveRoute('markets', lpa, TEST_TREES))).toBe('home');
    expect(outcome(resolveRoute('markets', agent, TEST_TREES))).toBe('home');
    expect(outcome(resolveRoute('markets', admin, TEST_TREES))).toBe('page:markets');
  });

  it('keeps system administration for sysadmins', () => {
    expect(outcome(resolveRoute('system', admin, TEST_TREES))).toBe('home');
    expect(outcome(resolveRoute('system', sysadmin, TEST_TREES))).toBe('page:system');
    expect(outcome(resolveRoute('markets', sysadmin, TEST_TREES))).toBe('page:markets');
  });

  it('applies the participant-only guard', () => {
    expect(outcome(resolveRoute('participation/:id', participant, TEST_TREES))).toBe(
      'page:participation/:id',
    );
    expect(outcome(resolveRoute('participation/:id', lpa, TEST_TREES))).toBe('home');
  });

  it('gives each role its own page for a shared path, by priority', () => {
    const pageName = (user: typeof admin) => {
      const resolution = resolveRoute('projects', user, TEST_TREES);
      return resolution.kind === 'page' ? resolution.route.page : null;
    };
    expect(pageName(admin)).toBe(TEST_TREES.admin.find((route) => route.path === 'projects')?.page);
    expect(pageName(lpa)).toBe(TEST_TREES.lpa.find((route) => route.path === 'projects')?.page);
    expect(pageName(userWith(['lpa', 'admin']))).toBe(pageName(admin));
    expect(outcome(resolveRoute('projects', participant, TEST_TREES))).toBe('home');
  });

  it('opens the agent area to any signed-in user and the common pages to all', () => {
    expect(outcome(resolveRoute('agencies/:id', agent, TEST_TREES))).toBe('page:agencies/:id');
    expect(outcome(resolveRoute('agencies/:id', participant, TEST_TREES))).toBe('page:agencies/:id');
    expect(outcome(resolveRoute('profile', userWith([]), TEST_TREES))).toBe('page:profile');
  });

  it('answers not found for an address no area knows', () => {
    expect(outcome(resolveRoute(null, admin, TEST_TREES))).toBe('notFound');
    expect(outcome(resolveRoute('nowhere', participant, TEST_TREES))).toBe('notFound');
  });

  it('uses the home page of the best area', () => {
    const home = (user: typeof admin) => {
      const resolution = resolveRoute('', user, TEST_TREES);
      return resolution.kind === 'page' ? resolution.route.page : null;
    };
    expect(home(admin)).toBe(TEST_TREES.admin[0]?.page);
    expect(home(lpa)).toBe(TEST_TREES.lpa[0]?.page);
    expect(home(participant)).toBe(TEST_TREES.participant[0]?.page);
    expect(home(agent)).toBe(TEST_TREES.agent[0]?.page);
  });
});

describe('hasRouteFor', () => {
  it('matches concrete addresses against the patterns a user can open', () => {
    expect(hasRouteFor('/markets', routesFor(admin, TEST_TREES))).toBe(true);
    expect(hasRouteFor('/markets/42', routesFor(admin, TEST_TREES))).toBe(true);
    expect(hasRouteFor('/markets', routesFor(lpa, TEST_TREES))).toBe(false);
    expect(hasRouteFor('/registry/credits', routesFor(admin, TEST_TREES))).toBe(false);
  });
});
