import { addProjectsToGroup, buildActionFormData } from '@curlew/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { signedIn } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { ParticipantProjectGroupPage } from '../projects/ProjectGroupPage.tsx';
import { projectGroupOf, supplier } from '../projects/testing/fixtures.ts';
import { RequirementGroupPage } from '../requirements/RequirementGroups.tsx';
import { emptyFeedsOf, groupOf } from '../requirements/testing/fixtures.ts';

vi.setConfig({ testTimeout: 60_000 });

const agent = signedIn(['agent'], { id: 'a1', name: 'Land Agents Ltd', type: 'AGENT' });
const REFUSED = 'You need approved authority with permission to register for this round';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({
    ...emptyFeedsOf('project-group', 'g1'),
    ...emptyFeedsOf('project-group', 'g2'),
    ...emptyFeedsOf('requirement-group', 'g3'),
    // A group of one: adding projects is its next step.
    'GET /api/project-group/g1': {
      body: projectGroupOf({
        id: 'g1',
        projects: [{ id: 'p1', name: 'Meadow Farm', self: '/project/p1', status: 'Registered' }],
        actions: [
          { id: 'AddProjects', title: 'Add projects to group', enabled: true, next: true },
          { id: 'Update', title: 'Update group details', enabled: true },
        ],
      }),
    },
    'GET /api/project-group/g1/action/AddProjects': {
      body: buildActionFormData(addProjectsToGroup, {
        options: { projectIds: [{ value: 'p2', label: 'Down Farm' }] },
      }),
    },
    // Two projects: no step of its own is left.
    'GET /api/project-group/g2': {
      body: projectGroupOf({
        id: 'g2',
        actions: [
          { id: 'AddProjects', title: 'Add projects to group', enabled: true },
          { id: 'Update', title: 'Update group details', enabled: true },
        ],
      }),
    },
    // An agent without 'register for round': the next step stays in sight, refused, with its reason.
    'GET /api/requirement-group/g3': {
      body: groupOf({
        id: 'g3',
        requirements: [{ id: 'q1', name: 'Plot 4 nitrogen', self: '/requirement/q1', status: 'Registered' }],
        actions: [
          {
            id: 'AddRequirements',
            title: 'Add credit requirements to group',
            enabled: false,
            reason: REFUSED,
            next: true,
          },
          {
            id: 'RemoveRequirements',
            title: 'Remove credit requirements from group',
            enabled: false,
            reason: REFUSED,
          },
          { id: 'Rename', title: 'Rename group', enabled: false, reason: REFUSED },
        ],
      }),
    },
  });
});
afterAll(() => server.close());

const showProjectGroup = (id: string) =>
  renderPage([{ path: '/project-group/:id', page: ParticipantProjectGroupPage }], {
    at: `/project-group/${id}`,
    apiBase: server.origin,
    user: supplier,
  });

describe("a group page's next step", () => {
  it('shows the step the server marks next as a filled button in the Next step panel, opening its dialog', async () => {
    const { container } = showProjectGroup('g1');
    const panel = await screen.findByRole('region', { name: 'Next step' });
    const add = within(panel).getByRole('button', { name: 'Add projects to group' });
    expect(add).toBeEnabled();
    expect(add).toHaveAttribute('data-variant', 'filled');
    expect(within(panel).getAllByRole('button')).toHaveLength(1);
    // The other actions stay beside the name, and the step is not offered twice.
    const header = screen.getByRole('group', { name: 'Actions for Stockbridge either-or' });
    expect(within(header).getByRole('button', { name: 'Update group details' })).toBeEnabled();
    expect(within(header).queryByRole('button', { name: 'Add projects to group' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add projects to group' })).toHaveLength(1);
    await userEvent.setup().click(add);
    await screen.findByRole('dialog', { name: 'Add projects to group' });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('shows no Next step panel when the server marks none (a group of two)', async () => {
    showProjectGroup('g2');
    const header = await screen.findByRole('group', { name: 'Actions for Stockbridge either-or' });
    expect(within(header).getByRole('button', { name: 'Add projects to group' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Next step' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Next step/ })).not.toBeInTheDocument();
  });

  it('keeps a refused next step in sight, disabled, with the reason in words; other refusals stay hidden', async () => {
    renderPage([{ path: '/requirement-group/:groupId', page: RequirementGroupPage }], {
      at: '/requirement-group/g3',
      apiBase: server.origin,
      user: agent,
    });
    const panel = await screen.findByRole('region', { name: 'Next step' });
    const add = within(panel).getByRole('button', { name: 'Add credit requirements to group' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription(REFUSED);
    expect(within(panel).getByText(REFUSED)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Rename group' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Remove credit requirements from group' }),
    ).not.toBeInTheDocument();
  });
});
