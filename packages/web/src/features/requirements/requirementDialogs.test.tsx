import {
  buildActionFormData,
  setBid,
  setBuyerCredits,
  updateRequirement,
  WARNINGS,
  wizardBuyerDevelopment,
} from '@curlew/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { clickAction } from '../../components/actions/testing/clickAction.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { ParticipantRequirementPage } from './RequirementPage.tsx';
import { answer, buyer, choose, loaded, requirementDialogServer } from './testing/dialogServer.ts';
import { emptyFeedsOf, requirementOf } from './testing/fixtures.ts';

const { server, requests } = requirementDialogServer();

describe('credit requirement dialogs', () => {
  const openOn = async (actionId: string, title: string, body: unknown) => {
    const user = userEvent.setup();
    server.routes = {
      'GET /api/requirement/q1': {
        body: requirementOf({ id: 'q1', actions: [{ id: actionId, title, enabled: true }] }),
      },
      ...emptyFeedsOf('requirement', 'q1'),
      [`GET /api/requirement/q1/action/${actionId}`]: { body },
      'GET /api/broad-habitats?module=Area': {
        body: [{ name: 'Grassland' }, { name: 'Woodland and forest' }],
      },
      'GET /api/habitats?broadHabitat=Grassland': {
        body: [{ habitatType: 'Lowland meadows' }, { habitatType: 'Upland hay meadows' }],
      },
    };
    renderPage([{ path: '/credit-requirements/:requirementId', page: ParticipantRequirementPage }], {
      at: '/credit-requirements/q1',
      apiBase: server.origin,
      user: buyer,
    });
    await clickAction(user, title);
    return { user, dialog: await loaded(title) };
  };

  it('needs the habitat type for high distinctiveness, from the habitats of the broad habitat', async () => {
    const { user, dialog } = await openOn(
      setBuyerCredits.id,
      'Set credits',
      buildActionFormData(setBuyerCredits),
    );
    await choose(user, dialog, 'Credit type', 'Biodiversity');
    await choose(user, dialog, 'Broad habitat', 'Grassland');
    await choose(user, dialog, 'Distinctiveness', 'High');
    const habitat = within(dialog).getByLabelText(/Habitat type/, { selector: 'input' });
    // At High it is required: no 'optional' tag, and the message says why.
    expect(within(dialog).getByText('Habitat type', { selector: 'label' })).toHaveTextContent(
      /^Habitat type$/,
    );
    expect(habitat).toHaveAccessibleDescription(
      'Habitat type is required for high and very high distinctiveness',
    );
    await user.click(habitat);
    expect(await screen.findByRole('option', { name: 'Lowland meadows' })).toBeInTheDocument();
    expect(requests()).toContain('GET /api/habitats?broadHabitat=Grassland');
    await user.click(screen.getByRole('option', { name: 'Lowland meadows' }));
    expect(habitat).not.toHaveAccessibleDescription(/required/);
    await choose(user, dialog, 'Distinctiveness', 'Medium');
    expect(
      within(dialog).getByLabelText(/Habitat type/, { selector: 'input' }),
    ).not.toHaveAccessibleDescription(/required/);
    expect(within(dialog).getByText('Habitat type', { selector: 'label' })).toHaveTextContent(
      /^Habitat typeoptional$/,
    );
  }, 30_000);

  it('labels the redemption date by credit type', async () => {
    const { user, dialog } = await openOn(
      'SetBuyerDevelopment',
      'Set development',
      buildActionFormData(wizardBuyerDevelopment, { initialValues: { creditType: 'Biodiversity' } }),
    );
    expect(within(dialog).getByText('Target redemption date')).toBeInTheDocument();
    expect(within(dialog).getByText('National Character Area')).toBeInTheDocument();
    await choose(user, dialog, 'Credit type', 'Phosphorous');
    expect(within(dialog).getByText('Credit delivery date')).toBeInTheDocument();
    expect(within(dialog).queryByText('Target redemption date')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Subcatchment')).toBeInTheDocument();
  }, 30_000);

  it('warns that changing the type removes all data from the requirement', async () => {
    const { user, dialog } = await openOn(
      updateRequirement.id,
      'Update details',
      buildActionFormData(updateRequirement, {
        initialValues: { name: 'Plot 4 nitrogen', type: 'Buyer' },
        settings: { currentType: 'Buyer' },
      }),
    );
    expect(within(dialog).queryByText(WARNINGS.requirementTypeChange)).not.toBeInTheDocument();
    await choose(user, dialog, 'Requirement for', 'An investor');
    expect(within(dialog).getByText(WARNINGS.requirementTypeChange)).toBeInTheDocument();
  }, 30_000);

  it('refuses a bid of 0 and shows a bid per unit and per unit-year beside the total', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-01T09:00:00.000Z'));
    try {
      const { user, dialog } = await openOn(
        setBid.id,
        'Set bid',
        buildActionFormData(setBid, {
          // A nutrient requirement outside a group: the server asks whether ongoing units alone would do.
          initialValues: {},
          declarations: [{ id: 'd1', name: 'Bid terms', text: 'I will pay the clearing price if I win' }],
        }),
      );
      const amount = within(dialog).getByRole('textbox', { name: /^Bid/ });
      await user.type(amount, '0');
      expect(within(dialog).getByText('Value must be greater than 0')).toBeInTheDocument();
      expect(within(dialog).queryByText(/per unit-year/)).not.toBeInTheDocument();
      await user.clear(amount);
      await user.type(amount, '7500');
      expect(within(dialog).queryByText('Value must be greater than 0')).not.toBeInTheDocument();
      expect(
        within(dialog).getByText('Bid of £7,500: £300.00 per unit · £100.00 per unit-year'),
      ).toBeInTheDocument();
      await answer(user, dialog, 'Would ongoing units alone be acceptable?', 'Yes');
      expect(within(dialog).getByText('Field required')).toBeInTheDocument();
      await user.type(within(dialog).getByRole('textbox', { name: /Bid for ongoing units only/ }), '1500');
      expect(
        within(dialog).getByText('Ongoing-only bid of £1,500: £300.00 per unit · £100.00 per unit-year'),
      ).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  }, 30_000);

  it('never asks a biodiversity requirement (or one in a group) about ongoing units alone', async () => {
    const { dialog } = await openOn(
      setBid.id,
      'Set bid',
      buildActionFormData(setBid, { initialValues: { ongoingOnlyNotAsked: true } }),
    );
    expect(within(dialog).getByRole('textbox', { name: /^Bid/ })).toBeInTheDocument();
    expect(within(dialog).queryByText('Would ongoing units alone be acceptable?')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Ongoing units alone may be accepted')).not.toBeInTheDocument();
  }, 30_000);
});
