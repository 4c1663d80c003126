import {
  addBiodiversityService,
  buildActionFormData,
  completeProjectRegistration,
  editBiodiversityService,
  MESSAGES,
  PROJECT_ACTIONS,
  PROJECT_GROUP_ACTIONS,
  setBiodiversitySupply,
  setOffer,
  updateProject,
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
import { ProjectPage } from './ProjectPage.tsx';
import { projectOf } from './testing/fixtures.ts';

const server = dialogServer();

const action = (id: string, title: string) => ({ id, title, enabled: true });
const pageRoutes = (more: Routes): Routes => ({
  'GET /api/project/p1': {
    body: projectOf({
      id: 'p1',
      actions: [
        action('Update', 'Update details'),
        action('AddBiodiversityService', 'Add biodiversity service'),
        action('EditBiodiversityService', 'Edit biodiversity service'),
        action('SetBiodiversitySupply', 'Set biodiversity supply'),
        action('CompleteRegistration', 'Complete registration'),
        action('SetOffer', 'Set offer'),
      ],
    }),
  },
  'GET /api/comments?subjectType=project&subjectId=p1&page=1&pageSize=10': { body: listOf([]) },
  'GET /api/activity?subjectType=project&subjectId=p1&page=1&pageSize=10': { body: listOf([]) },
  ...more,
});

/** Opens the project page and the dialog of one of its action buttons. */
const openDialog = async (title: string, routes: Routes) => {
  server.routes = pageRoutes(routes);
  const user = userEvent.setup();
  renderPage([{ path: '/projects/:id', page: ProjectPage }], {
    at: '/projects/p1',
    apiBase: server.origin,
    user: operator,
  });
  await clickAction(user, title);
  // The first dialog of a run shows a loading frame while the panel's code loads, then the panel's own.
  const form = await screen.findByRole('form', { name: title }, { timeout: 30_000 });
  const dialog = form.closest('[role="dialog"]') as HTMLElement;
  return { user, dialog };
};

const choose = async (
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  label: string,
  option: string,
) => {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

const habitats = (...names: string[]) => ({ body: names.map((habitatType) => ({ habitatType })) });

describe('biodiversity service dialogs', () => {
  it('preselects the only broad habitat, loads the habitat types of it, and sizes area habitats in hectares', async () => {
    const { user, dialog } = await openDialog('Add biodiversity service', {
      'GET /api/project/p1/action/AddBiodiversityService': {
        body: buildActionFormData(addBiodiversityService),
      },
      'GET /api/broad-habitats?module=Area': { body: [{ name: 'Grassland' }] },
      'GET /api/habitats?module=Area&broadHabitat=Grassland': habitats(
        'Lowland meadows',
        'Other neutral grassland',
      ),
      'GET /api/habitats?module=Linear': habitats('Native hedgerow'),
    });
    expect(await within(dialog).findByDisplayValue('Grassland')).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: 'Broad habitat' })).toHaveValue('Grassland');
    await waitFor(() =>
      expect(server.received.map((request) => request.path)).toContain(
        '/api/habitats?module=Area&broadHabitat=Grassland',
      ),
    );
    await user.click(within(dialog).getByRole('combobox', { name: 'Habitat type' }));
    expect(await screen.findByRole('option', { name: 'Lowland meadows' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Other neutral grassland' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Lowland meadows' }));

    const size = within(dialog).getByRole('textbox', { name: 'Area (ha)' });
    expect(size.closest('[data-field="size"]')).toHaveTextContent('ha');
    expect(within(dialog).getByRole('button', { name: 'Add service' })).toBeInTheDocument();

    // A hedgerow has no broad habitat; its length is in kilometres and the habitat type chosen goes.
    await choose(user, dialog, 'Habitat family', 'Hedgerow');
    expect(within(dialog).queryByRole('textbox', { name: 'Broad habitat' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Area (ha)' })).not.toBeInTheDocument();
    const length = within(dialog).getByRole('textbox', { name: 'Length (km)' });
    expect(length.closest('[data-field="size"]')).toHaveTextContent('km');
    expect(within(dialog).getByRole('combobox', { name: 'Habitat type' })).toHaveValue('');
  });

  it('filters habitat types by the broad habitat and clears a type that is not in the newly chosen one', async () => {
    const { user, dialog } = await openDialog('Edit biodiversity service', {
      'GET /api/project/p1/action/EditBiodiversityService': {
        body: buildActionFormData(editBiodiversityService, {
          initialValues: {
            serviceId: 's1',
            module: 'Area',
            broadHabitat: 'Grassland',
            habitatType: 'Lowland meadows',
            distinctiveness: 'High',
            condition: 'Good',
            size: 4,
            mitigationBegins: '2026-04-01',
          },
          options: { serviceId: [{ value: 's1', label: 'Biodiversity: Lowland meadows' }] },
        }),
      },
      'GET /api/broad-habitats?module=Area': {
        body: [{ name: 'Grassland' }, { name: 'Woodland and forest' }],
      },
      'GET /api/habitats?module=Area&broadHabitat=Grassland': habitats(
        'Lowland meadows',
        'Upland hay meadows',
      ),
      'GET /api/habitats?module=Area&broadHabitat=Woodland+and+forest': habitats(
        'Lowland mixed deciduous woodland',
        'Wet woodland',
      ),
    });
    expect(within(dialog).getByText('Biodiversity: Lowland meadows')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Habitat type' })).toHaveValue('Lowland meadows'),
    );
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeEnabled();

    await choose(user, dialog, 'Broad habitat', 'Woodland and forest');
    expect(within(dialog).getByRole('combobox', { name: 'Habitat type' })).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Habitat type' }));
    expect(
      await screen.findByRole('option', { name: 'Lowland mixed deciduous woodland' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Lowland meadows' })).not.toBeInTheDocument();
  });
});

describe('Set biodiversity supply', () => {
  it("labels one gain per year from 'At delivery' and submits exactly N + 1 of them", async () => {
    const { user, dialog } = await openDialog('Set biodiversity supply', {
      'GET /api/project/p1/action/SetBiodiversitySupply': {
        body: buildActionFormData(setBiodiversitySupply),
      },
      'POST /api/project/p1/action/SetBiodiversitySupply': { body: {} },
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Baseline units lost' }), '2');
    const years = within(dialog).getByRole('textbox', { name: 'Years to target condition' });
    await user.type(years, '0');
    expect(await within(dialog).findByText(MESSAGES.atLeastOneYear)).toBeInTheDocument();
    await user.clear(years);
    await user.type(years, '3');
    const gainNames = () =>
      within(dialog)
        .getAllByRole('textbox')
        .map((input) => input.getAttribute('id'))
        .filter((id) => id?.includes('gainsPerYear'));
    await waitFor(() => expect(gainNames()).toHaveLength(4));
    for (const [label, value] of [
      ['At delivery', '5'],
      ['At year 1', '9'],
      ['Year 2', '14'],
      ['Year 3', '20'],
    ] as const) {
      await user.type(within(dialog).getByRole('textbox', { name: label }), value);
    }
    expect(within(dialog).queryByRole('textbox', { name: 'Year 4' })).not.toBeInTheDocument();

    await user.clear(years);
    await user.type(years, '2');
    expect(within(dialog).queryByRole('textbox', { name: 'Year 3' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Year 2' })).toHaveValue('14');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.received.find((request) => request.method === 'POST')).toBeDefined());
    const body = JSON.parse(server.received.find((request) => request.method === 'POST')?.body ?? '{}');
    expect(body.yearsToTargetCondition).toBe(2);
    // The gain of year 3, hidden once N is 2, is not sent.
    expect(Object.entries(body.gainsPerYear)).toEqual([
      ['0', 5],
      ['1', 9],
      ['2', 14],
    ]);
  });

  it("says 'Required' for a missing gain and keeps Save disabled", async () => {
    const { user, dialog } = await openDialog('Set biodiversity supply', {
      'GET /api/project/p1/action/SetBiodiversitySupply': {
        body: buildActionFormData(setBiodiversitySupply, {
          initialValues: { baselineUnitsLost: 1, yearsToTargetCondition: 1, gainsPerYear: { 0: 3 } },
        }),
      },
    });
    expect(within(dialog).getByRole('textbox', { name: 'At year 1' })).toHaveAccessibleDescription(
      MESSAGES.gainRequired,
    );
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'At year 1' }), '4');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

describe('Update details', () => {
  it('warns that a type incompatible with the current service removes it, without blocking Update', async () => {
    const { user, dialog } = await openDialog('Update details', {
      'GET /api/project/p1/action/Update': {
        body: buildActionFormData(updateProject, {
          initialValues: { name: 'Meadow Farm', typeId: 't1' },
          settings: { incompatibleTypeIds: ['t2'], hasService: true },
        }),
      },
      'GET /api/project-types': {
        body: [
          { id: 't1', name: 'Habitat creation' },
          { id: 't2', name: 'Nutrient wetland' },
        ],
      },
    });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Project type' })).toHaveValue('Habitat creation'),
    );
    expect(within(dialog).queryByText(WARNINGS.incompatibleProjectType)).not.toBeInTheDocument();
    await choose(user, dialog, 'Project type', 'Nutrient wetland');
    expect(within(dialog).getByText(WARNINGS.incompatibleProjectType)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeEnabled();
    await choose(user, dialog, 'Project type', 'Habitat creation');
    expect(within(dialog).queryByText(WARNINGS.incompatibleProjectType)).not.toBeInTheDocument();
  });
});

describe('Complete registration', () => {
  it("shows only the server's issues with 'Fix the above issues before trying again'", async () => {
    const { dialog } = await openDialog('Complete registration', {
      'GET /api/project/p1/action/CompleteRegistration': {
        body: buildActionFormData(completeProjectRegistration, {
          initialValues: { issues: 'Add a service\nSet the location' },
        }),
      },
    });
    expect(within(dialog).getByText(/Add a service/)).toHaveTextContent('Add a service Set the location');
    expect(within(dialog).getByText(new RegExp(MESSAGES.fixIssues))).toBeInTheDocument();
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Is the registration complete and correct?')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Complete' })).toBeDisabled();
  });

  it('asks for the confirmation without issues: No is refused, Yes completes', async () => {
    const { user, dialog } = await openDialog('Complete registration', {
      'GET /api/project/p1/action/CompleteRegistration': {
        body: buildActionFormData(completeProjectRegistration),
      },
      'POST /api/project/p1/action/CompleteRegistration': { body: {} },
    });
    const question = within(dialog).getByRole('radiogroup', {
      name: 'Is the registration complete and correct?',
    });
    await user.click(within(question).getByRole('radio', { name: 'No' }));
    expect(within(dialog).getAllByText(MESSAGES.mustConfirm).length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('button', { name: 'Complete' })).toBeDisabled();
    await user.click(within(question).getByRole('radio', { name: 'Yes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(server.received.some((request) => request.method === 'POST')).toBe(true));
    expect(JSON.parse(server.received.find((request) => request.method === 'POST')?.body ?? '{}')).toEqual({
      confirmed: true,
    });
  });
});

describe('Set offer', () => {
  it("shows the project's name, type, area, start and maintenance read only beside the offer and declarations", async () => {
    const { user, dialog } = await openDialog('Set offer', {
      'GET /api/project/p1/action/SetOffer': {
        body: buildActionFormData(setOffer, {
          initialValues: {
            name: 'Meadow Farm',
            type: 'Habitat creation',
            area: 4,
            start: '2026-04-01',
            maintenance: 120000,
          },
          declarations: [{ id: 'd1', name: 'Offer terms', text: 'I will deliver the units I offer.' }],
        }),
      },
      'POST /api/project/p1/action/SetOffer': { body: {} },
    });
    expect(within(dialog).getByText('Meadow Farm')).toBeInTheDocument();
    expect(within(dialog).getByText('Habitat creation')).toBeInTheDocument();
    expect(within(dialog).getByText('4 ha')).toBeInTheDocument();
    expect(within(dialog).getByText('1 Apr 2026')).toBeInTheDocument();
    expect(within(dialog).getByText('£120,000')).toBeInTheDocument();
    // Only the offer is an input; the facts cannot be changed.
    expect(
      within(dialog)
        .getAllByRole('textbox')
        .map((input) => input.getAttribute('id')),
    ).toEqual([expect.stringContaining('offer')]);
    // An offer cannot be taken back: the answers are checked before it is saved.
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Offer' }), '150000');
    await user.click(within(dialog).getByRole('checkbox', { name: 'I will deliver the units I offer.' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await within(dialog).findByRole('heading', { name: 'Check your answers' });
    expect(within(dialog).getByText('£150,000')).toBeInTheDocument();
    expect(within(dialog).getByText('Agreed')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.received.some((request) => request.method === 'POST')).toBe(true));
    expect(
      JSON.parse(server.received.find((request) => request.method === 'POST')?.body ?? '{}'),
    ).toMatchObject({
      offer: 150000,
      declarations: { d1: true },
    });
  });
});

describe('project dialog titles and buttons (SPEC 2 "Project dialogs")', () => {
  it('name every project and project group dialog and its button as the spec does', () => {
    const named = (actions: readonly { title: string; actionLabel: string }[]) =>
      Object.fromEntries(actions.map((definition) => [definition.title, definition.actionLabel]));
    expect(named(PROJECT_ACTIONS)).toMatchObject({
      'Add biodiversity service': 'Add service',
      'Edit biodiversity service': 'Apply',
      'Add nutrient service': 'Add service',
      'Edit nutrient service': 'Apply',
      'Compliance monitoring check outcome': 'Confirm status',
      'Performance monitoring check outcome': 'Confirm check',
      'Add project screening outcome': 'Add outcome',
      'Add to project group': 'Add',
      'Complete registration': 'Complete',
      'Register project for market round': 'Register',
      'Reregister for new market round': 'Register',
      'Set project costs and fees': 'Set costs and fees',
      'Upload nature-based agreement': 'Confirm upload',
      'Upload Section 106 agreement': 'Confirm upload',
      'Set the outcome of the pre-market review': 'Submit',
      'Update details': 'Update',
      'Record project verification outcome': 'Confirm status',
      'Contract project': 'Confirm contracted',
      'Remove from project group': 'Remove',
    });
    for (const title of [
      'Set biodiversity supply',
      'Set certification decision',
      'Set location',
      'Set offer',
    ])
      expect(Object.keys(named(PROJECT_ACTIONS))).toContain(title);
    expect(named(PROJECT_GROUP_ACTIONS)).toMatchObject({
      'Add projects to group': 'Add',
      'Update group details': 'Update',
    });
  });
});
