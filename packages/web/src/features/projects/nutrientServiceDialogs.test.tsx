import { addNutrientService, buildActionFormData, editNutrientService } from '@curlew/domain';
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialogServer } from '../../actions/testing/dialogServer.ts';
import { action, choose, optionNames, pageDialogs, projectPage, projectRoutes } from './testing/dialogs.ts';

const server = dialogServer();
const { posted, openDialog } = pageDialogs(server);

describe('nutrient service dialogs', () => {
  it("Add nutrient service offers only Nitrogen and Phosphorous, in kg/yr, and adds with 'Add service'", async () => {
    const { user, dialog } = await openDialog(
      'Add nutrient service',
      projectPage,
      projectRoutes([action('AddNutrientService', 'Add nutrient service')], {
        'GET /api/project/p1/action/AddNutrientService': {
          body: buildActionFormData(addNutrientService, {
            initialValues: { mitigationBegins: '2026-04-01' },
          }),
        },
        'POST /api/project/p1/action/AddNutrientService': { body: {} },
      }),
    );
    expect(await optionNames(user, dialog, /^Service/)).toEqual(['Nitrogen', 'Phosphorous']);
    expect(within(dialog).getByRole('button', { name: 'Add service' })).toBeDisabled();
    await choose(user, dialog, /^Service/, 'Phosphorous');
    await choose(user, dialog, /^Mitigation duration/, '3 years');
    await user.type(within(dialog).getByRole('textbox', { name: 'Area' }), '2.5');
    const units = within(dialog).getByRole('textbox', { name: 'Mitigation supplied' });
    expect(units.closest('[data-field="units"]')).toHaveTextContent('kg/yr');
    await user.type(units, '0');
    expect(within(dialog).getByRole('button', { name: 'Add service' })).toBeDisabled();
    await user.clear(units);
    await user.type(units, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Add service' }));
    expect(await posted('/api/project/p1/action/AddNutrientService')).toEqual({
      service: 'NutrientMitigationPhosphorous',
      mitigationBegins: '2026-04-01',
      mitigationDuration: 'ThreeYears',
      area: 2.5,
      units: 40,
    });
  });

  it("Edit nutrient service shows the service's values and applies a change with 'Apply'", async () => {
    const { user, dialog } = await openDialog(
      'Edit nutrient service',
      projectPage,
      projectRoutes([action('EditNutrientService', 'Edit nutrient service')], {
        'GET /api/project/p1/action/EditNutrientService': {
          body: buildActionFormData(editNutrientService, {
            initialValues: {
              serviceId: 's2',
              service: 'NutrientMitigationNitrogen',
              mitigationBegins: '2026-04-01',
              mitigationDuration: 'Permanent',
              area: 3,
              units: 55,
            },
            options: { serviceId: [{ value: 's2', label: 'Nitrogen: 55 kg/yr' }] },
          }),
        },
        'POST /api/project/p1/action/EditNutrientService': { body: {} },
      }),
    );
    expect(within(dialog).getByText('Nitrogen: 55 kg/yr')).toBeInTheDocument();
    const units = within(dialog).getByRole('textbox', { name: 'Mitigation supplied' });
    expect(units).toHaveValue('55');
    await user.clear(units);
    await user.type(units, '60');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await posted('/api/project/p1/action/EditNutrientService')).toMatchObject({
      serviceId: 's2',
      service: 'NutrientMitigationNitrogen',
      mitigationDuration: 'Permanent',
      area: 3,
      units: 60,
    });
  });
});
