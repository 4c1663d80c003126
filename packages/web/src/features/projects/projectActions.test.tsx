import { buildActionFormData, type EntityAction, PROJECT_ACTIONS, updateProject } from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { listOf, operator } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { ParticipantProjectPage, ProjectPage } from './ProjectPage.tsx';
import { projectOf, supplier } from './testing/fixtures.ts';

vi.setConfig({ testTimeout: 60_000 });

/**
 * Every project action as the server lists them to the operator of a Certified project: two may run now, the offer
 * marked as its next step.
 */
const ALL_ACTIONS: EntityAction[] = PROJECT_ACTIONS.map((definition) =>
  ['SetOffer', 'Update', 'Comment', 'ReplaceDocument'].includes(definition.id)
    ? {
        id: definition.id,
        title: definition.title,
        enabled: true,
        ...(definition.id === 'SetOffer' ? { next: true as const } : {}),
      }
    : { id: definition.id, title: definition.title, enabled: false, reason: 'Not in this status' },
);

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({
    'GET /api/project/p1': { body: projectOf({ id: 'p1', status: 'Certified', actions: ALL_ACTIONS }) },
    'GET /api/comments?subjectType=project&subjectId=p1&page=1&pageSize=10': { body: listOf([]) },
    'GET /api/activity?subjectType=project&subjectId=p1&page=1&pageSize=10': { body: listOf([]) },
    'GET /api/project/p1/action/Update': {
      body: buildActionFormData(updateProject, { initialValues: { name: 'Meadow Farm', typeId: 't1' } }),
    },
    'GET /api/project-types': { body: [{ id: 't1', name: 'Habitat creation' }] },
  });
});
afterAll(() => server.close());

const show = (page = ProjectPage, user = operator) =>
  renderPage([{ path: '/projects/:id', page }], { at: '/projects/p1', apiBase: server.origin, user });

const menuGroups = () =>
  within(screen.getByRole('menu'))
    .getAllByRole('group')
    .map((group) => ({
      stage: document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent,
      items: within(group)
        .getAllByRole('menuitem')
        .map((item) => item.getAttribute('aria-label') ?? item.textContent),
    }));

describe("the project page's actions", () => {
  it("shows the step the project is at as a button and every other action in 'More actions' by stage", async () => {
    const { container } = show();
    const actions = await screen.findByRole('group', { name: 'Actions for Meadow Farm' });
    expect(
      within(screen.getByRole('region', { name: 'Next step' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Set offer']);
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['More actions']);
    const user = userEvent.setup();
    const more = within(actions).getByRole('button', { name: 'More actions' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(more);
    await screen.findByRole('menu');
    expect(menuGroups().map((group) => group.stage)).toEqual([
      'Registration',
      'Review',
      'Market round',
      'After the round',
      'Documents',
    ]);
    expect(menuGroups()[0]?.items.slice(0, 3)).toEqual([
      'Update details',
      'Add biodiversity service',
      'Edit biodiversity service',
    ]);
    expect(menuGroups()[2]?.items).toEqual(['Exclude from the clearing', 'Reinstate in the clearing']);
    expect(menuGroups()[3]?.items).toEqual([
      'Contract project',
      'Record project verification outcome',
      'Compliance monitoring check outcome',
      'Performance monitoring check outcome',
    ]);
    // Comment and Replace document sit beside their sections; a refused action says why.
    expect(screen.queryByRole('menuitem', { name: 'Comment' })).not.toBeInTheDocument();
    const contract = screen.getByRole('menuitem', { name: 'Contract project' });
    expect(contract).toBeDisabled();
    expect(contract).toHaveAccessibleDescription('Not in this status');
    expect(screen.getByRole('menuitem', { name: 'Update details' })).toBeEnabled();

    // The comment editor loads after the page; check the page it settles into.
    await waitFor(() => expect(container.querySelector('[aria-label^="Loading"]')).toBeNull(), {
      timeout: 30_000,
    });
    const result = await axe.run(container.ownerDocument.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(
      result.violations.map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.html + node.failureSummary).join(' | ')}`,
      ),
    ).toEqual([]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(more).toHaveFocus();
  });

  it('opens the dialog of a menu item', async () => {
    show();
    const user = userEvent.setup();
    const actions = await screen.findByRole('group', { name: 'Actions for Meadow Farm' });
    await user.click(within(actions).getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Update details' }));
    const form = await screen.findByRole('form', { name: 'Update details' }, { timeout: 30_000 });
    expect(within(form).getByRole('textbox', { name: 'Project name' })).toHaveValue('Meadow Farm');
  });

  it('lists to a supplier only what it may run now', async () => {
    show(ParticipantProjectPage, supplier);
    const user = userEvent.setup();
    const actions = await screen.findByRole('group', { name: 'Actions for Meadow Farm' });
    await user.click(within(actions).getByRole('button', { name: 'More actions' }));
    await screen.findByRole('menu');
    expect(menuGroups()).toEqual([{ stage: 'Registration', items: ['Update details'] }]);
  });
});
