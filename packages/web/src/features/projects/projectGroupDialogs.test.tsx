import {
  addProjectsToGroup,
  addToProjectGroup,
  buildActionFormData,
  createProjectGroup,
  removeFromProjectGroup,
  updateProjectGroup,
  WARNINGS,
} from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dialogServer } from '../../actions/testing/dialogServer.ts';
import type { Routes } from '../../actions/testing/localServer.ts';
import { clickAction } from '../../components/actions/testing/clickAction.ts';
import { listOf, operator } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { ProjectGroupPage } from './ProjectGroupPage.tsx';
import { ProjectPage } from './ProjectPage.tsx';
import { ProjectsPage } from './ProjectsPage.tsx';
import {
  action,
  choose,
  feeds,
  optionNames,
  pageDialogs,
  projectPage,
  projectRoutes,
} from './testing/dialogs.ts';
import { projectGroupOf, supplier } from './testing/fixtures.ts';

const server = dialogServer();
const { posted, openDialog } = pageDialogs(server);

describe('Add project group', () => {
  const roundsAndProjects = buildActionFormData(createProjectGroup, {
    initialValues: { supplierId: 'o1' },
    options: {
      marketRoundId: [
        { value: 'r1', label: 'Spring 2026' },
        { value: 'r2', label: 'Autumn 2026' },
      ],
      projectIds: [
        ['p1', 'Meadow Farm', 'r1'],
        ['p2', 'Down Farm', 'r1'],
        ['p3', 'River Farm', 'r2'],
      ].map(([value, label, round]) => ({
        value: value ?? '',
        label: label ?? '',
        visibleWhen: [
          { fieldId: 'supplierId', oneOf: ['o1'] },
          { fieldId: 'marketRoundId', oneOf: [round ?? ''] },
          { fieldId: 'type', filled: true },
        ],
      })),
    },
    settings: { groupable: { r1: ['o1'], r2: ['o1'] } },
  });
  const listPage = { path: '/projects', at: '/projects', component: ProjectsPage };
  const listRoutes = (form: unknown): Routes => ({
    'GET /api/projects?sort=name&order=asc&page=1&pageSize=25': { body: listOf([]) },
    'GET /api/project-groups?page=1&pageSize=1': {
      body: listOf([], { actions: [action('CreateProjectGroup', 'Add project group')] }),
    },
    'GET /api/rounds?sort=createdAt&order=desc&page=1&pageSize=100': { body: listOf([]) },
    'GET /api/project-types': { body: [] },
    'GET /api/lpas': { body: [] },
    'GET /api/organisations?type=PARTICIPANT&pageSize=100': {
      body: listOf([
        { id: 'o1', name: 'Wetland Trust' },
        { id: 'o2', name: 'Chalk Streams Ltd' },
      ]),
    },
    'GET /api/project-groups/action/CreateProjectGroup': { body: form },
    'POST /api/project-groups': {
      status: 201,
      body: { message: 'Either meadow added', context: { id: 'g1', self: '/project-group/g1' } },
    },
  });

  it("offers only the chosen round's projects once a type is chosen, and submits the chosen ones", async () => {
    const { user, dialog } = await openDialog(
      'Add project group',
      listPage,
      listRoutes(roundsAndProjects),
      supplier,
    );
    await waitFor(() => expect(within(dialog).getByLabelText('Supplier')).toHaveValue('Wetland Trust'));
    await within(dialog).findByRole('textbox', { name: 'Group name' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Group name' }), 'Either meadow');
    await choose(user, dialog, /^Market round/, 'Spring 2026');
    expect(await optionNames(user, dialog, /^Projects/)).toEqual([]);
    await choose(user, dialog, /^Group type/, 'XOR: Only one project may win');
    expect(await optionNames(user, dialog, /^Projects/)).toEqual(['Meadow Farm', 'Down Farm']);
    await choose(user, dialog, /^Market round/, 'Autumn 2026');
    expect(await optionNames(user, dialog, /^Projects/)).toEqual(['River Farm']);
    await choose(user, dialog, /^Market round/, 'Spring 2026');
    await choose(user, dialog, /^Projects/, 'Down Farm');
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByText(WARNINGS.noProjectsForGroup)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add group' }));
    expect(await posted('/api/project-groups')).toEqual({
      name: 'Either meadow',
      supplierId: 'o1',
      marketRoundId: 'r1',
      type: 'XOR',
      projectIds: ['p2'],
    });
  });

  it("warns 'No projects applicable ...' when the chosen supplier has no project in the chosen round", async () => {
    const { user, dialog } = await openDialog('Add project group', listPage, listRoutes(roundsAndProjects));
    await choose(user, dialog, 'Supplier', 'Chalk Streams Ltd');
    await choose(user, dialog, /^Market round/, 'Spring 2026');
    await choose(user, dialog, /^Group type/, 'AND: All projects must win');
    expect(await within(dialog).findByText(WARNINGS.noProjectsForGroup)).toBeInTheDocument();
    expect(await optionNames(user, dialog, /^Projects/)).toEqual([]);
    await choose(user, dialog, 'Supplier', 'Wetland Trust');
    expect(within(dialog).queryByText(WARNINGS.noProjectsForGroup)).not.toBeInTheDocument();
  });

  it("shows the server's warning when no round allows groups", async () => {
    const { dialog } = await openDialog(
      'Add project group',
      listPage,
      listRoutes(
        buildActionFormData(createProjectGroup, {
          warnings: [{ path: 'marketRoundId', message: WARNINGS.noRoundsForProjectGroups }],
        }),
      ),
    );
    expect(within(dialog).getByText(WARNINGS.noRoundsForProjectGroups)).toBeInTheDocument();
  });
});

describe("a project's group", () => {
  it('Add to project group: chooses one of the offered groups and submits it with Add', async () => {
    const { user, dialog } = await openDialog(
      'Add to project group',
      projectPage,
      projectRoutes([action('AddToGroup', 'Add to project group')], {
        'GET /api/project/p1/action/AddToGroup': {
          body: buildActionFormData(addToProjectGroup, {
            options: {
              groupId: [
                { value: 'g1', label: 'Stockbridge either-or (XOR)' },
                { value: 'g2', label: 'Test Valley all (AND)' },
              ],
            },
          }),
        },
        'POST /api/project/p1/action/AddToGroup': { body: {} },
      }),
    );
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
    await choose(user, dialog, /^Project group/, 'Test Valley all (AND)');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await posted('/api/project/p1/action/AddToGroup')).toEqual({ groupId: 'g2' });
  });

  it("Add to project group shows 'No project groups are available for this project'", async () => {
    const { dialog } = await openDialog(
      'Add to project group',
      projectPage,
      projectRoutes([action('AddToGroup', 'Add to project group')], {
        'GET /api/project/p1/action/AddToGroup': {
          body: buildActionFormData(addToProjectGroup, {
            options: { groupId: [] },
            warnings: [{ path: 'groupId', message: WARNINGS.noProjectGroups }],
          }),
        },
      }),
    );
    expect(within(dialog).getByText(WARNINGS.noProjectGroups)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
  });

  it('Remove from project group asks to confirm and removes with Remove', async () => {
    server.routes = projectRoutes([action('RemoveFromGroup', 'Remove from project group')], {
      'GET /api/project/p1/action/RemoveFromGroup': { body: buildActionFormData(removeFromProjectGroup) },
      'POST /api/project/p1/action/RemoveFromGroup': { body: {} },
    });
    const user = userEvent.setup();
    renderPage([{ path: projectPage.path, page: ProjectPage }], {
      at: projectPage.at,
      apiBase: server.origin,
      user: operator,
    });
    await clickAction(user, 'Remove from project group');
    // The first dialog of a run shows a loading frame while the panel's code loads, then the question.
    const question = await screen.findByText(
      'Remove this project from its project group?',
      {},
      { timeout: 30_000 },
    );
    const confirm = question.closest('[role="dialog"]') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await posted('/api/project/p1/action/RemoveFromGroup')).toEqual({});
  });
});

describe('the project group page', () => {
  const groupPage = { path: '/project-group/:id', at: '/project-group/g1', component: ProjectGroupPage };
  const groupRoutes = (more: Routes): Routes => ({
    'GET /api/project-group/g1': {
      body: projectGroupOf({
        id: 'g1',
        actions: [action('AddProjects', 'Add projects to group'), action('Update', 'Update group details')],
      }),
    },
    ...feeds('project-group', 'g1'),
    ...more,
  });

  it('Add projects to group offers the free projects and adds the chosen ones', async () => {
    const { user, dialog } = await openDialog(
      'Add projects to group',
      groupPage,
      groupRoutes({
        'GET /api/project-group/g1/action/AddProjects': {
          body: buildActionFormData(addProjectsToGroup, {
            options: {
              projectIds: [
                { value: 'p3', label: 'River Farm' },
                { value: 'p4', label: 'Chalk Farm' },
              ],
            },
          }),
        },
        'POST /api/project-group/g1/action/AddProjects': { body: { message: '1 project added' } },
      }),
    );
    expect(await optionNames(user, dialog, /^Projects/)).toEqual(['River Farm', 'Chalk Farm']);
    await choose(user, dialog, /^Projects/, 'Chalk Farm');
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await posted('/api/project-group/g1/action/AddProjects')).toEqual({ projectIds: ['p4'] });
  });

  it("Add projects to group shows 'There are no projects available to add to this group'", async () => {
    const { dialog } = await openDialog(
      'Add projects to group',
      groupPage,
      groupRoutes({
        'GET /api/project-group/g1/action/AddProjects': {
          body: buildActionFormData(addProjectsToGroup, {
            options: { projectIds: [] },
            warnings: [{ path: 'projectIds', message: WARNINGS.noProjectsToAdd }],
          }),
        },
      }),
    );
    expect(within(dialog).getByText(WARNINGS.noProjectsToAdd)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
  });

  it('Update group details changes the name and type; a blank name keeps Update disabled', async () => {
    const { user, dialog } = await openDialog(
      'Update group details',
      groupPage,
      groupRoutes({
        'GET /api/project-group/g1/action/Update': {
          body: buildActionFormData(updateProjectGroup, {
            initialValues: { name: 'Stockbridge either-or', type: 'XOR' },
          }),
        },
        'POST /api/project-group/g1/action/Update': { body: {} },
      }),
    );
    const name = within(dialog).getByRole('textbox', { name: 'Group name' });
    await user.clear(name);
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeDisabled();
    await user.type(name, 'Stockbridge all-or-none');
    await choose(user, dialog, /^Group type/, 'AND: All projects must win');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await posted('/api/project-group/g1/action/Update')).toEqual({
      name: 'Stockbridge all-or-none',
      type: 'AND',
    });
  });
});
