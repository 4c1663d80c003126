import { addBiodiversityService, buildActionFormData } from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { clickAction } from '../../components/actions/testing/clickAction.ts';
import { listOf, operator } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { ProjectGroupPage } from './ProjectGroupPage.tsx';
import { LpaProjectPage, ProjectPage } from './ProjectPage.tsx';
import { ProjectsPage } from './ProjectsPage.tsx';
import { lpa, projectGroupOf, projectOf, projectRowOf, serviceOf } from './testing/fixtures.ts';

const feeds = (subjectType: string, id: string) => ({
  [`GET /api/comments?subjectType=${subjectType}&subjectId=${id}&page=1&pageSize=10`]: { body: listOf([]) },
  [`GET /api/activity?subjectType=${subjectType}&subjectId=${id}&page=1&pageSize=10`]: { body: listOf([]) },
});

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({
    'GET /api/projects?sort=name&order=asc&page=1&pageSize=25': {
      body: listOf(
        [
          projectRowOf({ id: 'p1' }),
          projectRowOf({ id: 'p2', name: 'Down Farm', group: { id: 'g1', name: 'Either-or', type: 'XOR' } }),
        ],
        {
          actions: [
            { id: 'CreateProject', title: 'Add project', enabled: true },
            { id: 'CreateProjectGroup', title: 'Add project group', enabled: true },
          ],
        },
      ),
    },
    'GET /api/project-groups?page=1&pageSize=1': {
      body: listOf([], {
        actions: [{ id: 'CreateProjectGroup', title: 'Add project group', enabled: true }],
      }),
    },
    'GET /api/rounds?sort=createdAt&order=desc&page=1&pageSize=100': {
      body: listOf([{ id: 'r1', name: 'Spring 2026' }]),
    },
    'GET /api/project-types': { body: [{ id: 't1', name: 'Habitat creation' }] },
    'GET /api/lpas': { body: [{ id: 'l1', name: 'Test Valley' }] },
    'GET /api/project/p1': {
      body: projectOf({
        id: 'p1',
        offer: 150000,
        group: { id: 'g1', name: 'Either-or', type: 'XOR' },
        services: [serviceOf({ id: 's1', metricEstimate: 10 })],
        outcomes: [
          { kind: 'screening', outcome: 'Pass', date: '2026-02-10', comment: null, by: 'Olive Operator' },
        ],
        actions: [
          { id: 'AddBiodiversityService', title: 'Add biodiversity service', enabled: true },
          { id: 'SetOffer', title: 'Set offer', enabled: false, reason: 'Offers open with bids and offers' },
          { id: 'Comment', title: 'Comment', enabled: true },
          { id: 'ReplaceDocument', title: 'Replace document', enabled: true },
        ],
      }),
    },
    'GET /api/project/p1/action/AddBiodiversityService': {
      body: buildActionFormData(addBiodiversityService),
    },
    'GET /api/broad-habitats?module=Area': { body: [{ name: 'Grassland' }, { name: 'Woodland and forest' }] },
    'GET /api/project-group/g1': {
      body: projectGroupOf({
        id: 'g1',
        actions: [{ id: 'Update', title: 'Update group details', enabled: true }],
      }),
    },
    ...feeds('project', 'p1'),
    ...feeds('project-group', 'g1'),
  });
});
afterAll(() => server.close());

const violations = async (container: HTMLElement) => {
  // Comments, activity and the comment editor load after the page; check the page they settle into.
  await waitFor(() => expect(container.querySelector('[aria-label^="Loading"]')).toBeNull(), {
    timeout: 30_000,
  });
  // jsdom does not lay out or paint, so contrast is checked in the browser tests instead.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
};

describe('project pages accessibility', () => {
  it('has no axe violations on the projects list', async () => {
    const { container } = renderPage([{ path: '/projects', page: ProjectsPage }], {
      at: '/projects',
      apiBase: server.origin,
      user: operator,
    });
    await screen.findByRole('link', { name: 'Down Farm' });
    await within(screen.getByRole('combobox', { name: 'Round' })).findByRole('option', {
      name: 'Spring 2026',
    });
    expect(await violations(container)).toEqual([]);
  }, 40_000);

  it("has no axe violations on the operator's project page", async () => {
    const { container } = renderPage([{ path: '/projects/:id', page: ProjectPage }], {
      at: '/projects/p1',
      apiBase: server.origin,
      user: operator,
    });
    await screen.findByText('Out of line with the metric');
    expect(await violations(container)).toEqual([]);
  }, 40_000);

  it("has no axe violations on the LPA's project page", async () => {
    const { container } = renderPage([{ path: '/projects/:id', page: LpaProjectPage }], {
      at: '/projects/p1',
      apiBase: server.origin,
      user: lpa,
    });
    await screen.findByRole('heading', { level: 1, name: 'Meadow Farm' });
    expect(await violations(container)).toEqual([]);
  }, 40_000);

  it('has no axe violations on a project group page', async () => {
    const { container } = renderPage([{ path: '/project-group/:id', page: ProjectGroupPage }], {
      at: '/project-group/g1',
      apiBase: server.origin,
      user: operator,
    });
    await screen.findByRole('link', { name: 'Down Farm' });
    expect(await violations(container)).toEqual([]);
  }, 40_000);

  it('has no axe violations with the Add biodiversity service dialog open', async () => {
    const user = userEvent.setup();
    renderPage([{ path: '/projects/:id', page: ProjectPage }], {
      at: '/projects/p1',
      apiBase: server.origin,
      user: operator,
    });
    await clickAction(user, 'Add biodiversity service');
    const form = await screen.findByRole('form', { name: 'Add biodiversity service' }, { timeout: 30_000 });
    await within(form).findByRole('combobox', { name: 'Broad habitat' });
    const dialog = form.closest('[role="dialog"]') as HTMLElement;
    expect(await violations(dialog)).toEqual([]);
  }, 60_000);
});
