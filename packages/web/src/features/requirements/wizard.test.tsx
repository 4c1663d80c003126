import { File as NodeFile } from 'node:buffer';
import {
  buildActionFormData,
  createRequirement,
  WARNINGS,
  wizardBuyerCredits,
  wizardBuyerDevelopment,
  wizardDetails,
  wizardFinish,
} from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listOf } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { ParticipantRequirementPage } from './RequirementPage.tsx';
import { ParticipantRequirementsPage } from './RequirementsPage.tsx';
import { answer, buyer, choose, loaded, requirementDialogServer } from './testing/dialogServer.ts';
import { emptyFeedsOf, requirementOf } from './testing/fixtures.ts';

const LIST = 'GET /api/requirements?sort=createdAt&order=desc&page=1&pageSize=25';
const ROUNDS = 'GET /api/rounds?sort=createdAt&order=desc&page=1&pageSize=100';
const step = (id: string, method = 'GET') => `${method} /api/requirement/q5/action/${id}`;

const { server, requests } = requirementDialogServer();

/** Every wizard step: 'Save and continue', 'Close' and never 'Cancel'. */
const expectWizardButtons = (dialog: HTMLElement) => {
  expect(within(dialog).getByRole('button', { name: 'Save and continue' })).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
};

const draft = requirementOf({
  id: 'q5',
  name: 'Plot 5 nitrogen',
  status: 'Draft',
  round: { id: 'r1', name: 'Round 1 2026', status: 'Open', ampEnd: '2029-03-31' },
  buyerCredits: null,
  development: null,
  credits: [],
  documents: [],
});

const developmentValues = {
  creditType: 'NutrientMitigationNitrogen',
  planningRef: '24/0005/FUL',
  deliveryDate: '2027-06-01',
  lpaId: 'l1',
  subcatchmentId: 'c1',
  nearAddress: '5 Mill Lane, Romsey',
};

const wizardRoutes = () => {
  let developmentVisits = 0;
  return {
    [LIST]: {
      body: listOf([], {
        actions: [{ id: 'CreateRequirement', title: 'Add credit requirement', enabled: true }],
      }),
    },
    [ROUNDS]: { body: listOf([{ id: 'r1', name: 'Round 1 2026' }]) },
    'GET /api/requirements/action/CreateRequirement': {
      body: buildActionFormData(createRequirement, {
        initialValues: { buyerId: 'o2' },
        options: {
          buyerId: [{ value: 'o2', label: 'Harbour Homes' }],
          agentId: [],
          marketRoundId: [{ value: 'r1', label: 'Round 1 2026' }],
        },
        warnings: [{ path: '', message: WARNINGS.notRegisteredBuyerOrInvestor }],
      }),
    },
    'POST /api/requirements': {
      status: 201,
      body: { context: { id: 'q5', self: '/requirement/q5' }, nextAction: { id: wizardBuyerCredits.id } },
    },
    'GET /api/requirement/q5': { body: draft },
    ...emptyFeedsOf('requirement', 'q5'),
    [step(wizardBuyerCredits.id)]: { body: buildActionFormData(wizardBuyerCredits) },
    [step(wizardBuyerCredits.id, 'POST')]: { body: { nextAction: { id: wizardBuyerDevelopment.id } } },
    [step(wizardBuyerDevelopment.id)]: () => {
      developmentVisits += 1;
      // Coming back, the server fills in what was saved.
      const initialValues =
        developmentVisits === 1
          ? { creditType: 'NutrientMitigationNitrogen', deliveryDate: '2027-06-01' }
          : developmentValues;
      return {
        body: buildActionFormData(wizardBuyerDevelopment, {
          initialValues,
          options: {
            lpaId: [{ value: 'l1', label: 'Test Valley' }],
            subcatchmentId: [{ value: 'c1', label: 'River Test' }],
            ncaId: [{ value: 'n1', label: 'Hampshire Downs' }],
          },
        }),
      };
    },
    [step(wizardBuyerDevelopment.id, 'POST')]: { body: { nextAction: { id: wizardFinish.id } } },
    [step(wizardDetails.id)]: {
      body: buildActionFormData(wizardDetails, {
        initialValues: { name: 'Plot 5 nitrogen', type: 'Buyer' },
        settings: { currentType: 'Buyer' },
      }),
    },
    [step(wizardDetails.id, 'POST')]: { body: { nextAction: { id: wizardBuyerCredits.id } } },
    [step(wizardFinish.id)]: { body: buildActionFormData(wizardFinish) },
    [step(wizardFinish.id, 'POST')]: {
      body: { context: { id: 'q5', self: '/requirement/q5' }, message: 'Credit requirement saved' },
    },
  };
};

const openWizard = async () => {
  const user = userEvent.setup();
  renderPage(
    [
      { path: '/credit-requirements', page: ParticipantRequirementsPage },
      { path: '/credit-requirements/:requirementId', page: ParticipantRequirementPage },
    ],
    {
      at: '/credit-requirements',
      apiBase: server.origin,
      user: buyer,
    },
  );
  await user.click(await screen.findByRole('button', { name: 'Add credit requirement' }));
  const dialog = await loaded('Add credit requirement');
  return { user, dialog };
};

describe('new-requirement wizard', () => {
  it('runs credits, development and finish, each step once; Previous from the credits opens the details', async () => {
    server.routes = wizardRoutes();
    const { user, dialog: first } = await openWizard();
    expect(within(first).getByText(WARNINGS.notRegisteredBuyerOrInvestor)).toBeInTheDocument();
    expectWizardButtons(first);
    await user.type(within(first).getByRole('textbox', { name: 'Requirement name' }), 'Plot 5 nitrogen');
    await choose(user, first, 'Requirement for', 'A buyer (development)');
    await user.click(within(first).getByRole('button', { name: 'Save and continue' }));

    const firstCredits = await screen.findByRole('dialog', { name: 'Set credits' });
    expectWizardButtons(firstCredits);
    // 'Previous' goes back to the first step's details on the draft it created, which warn before a change of type.
    await user.click(within(firstCredits).getByRole('button', { name: 'Previous' }));
    const details = await loaded('Update details');
    expectWizardButtons(details);
    expect(within(details).getByRole('textbox', { name: 'Requirement name' })).toHaveValue('Plot 5 nitrogen');
    await choose(user, details, 'Requirement for', 'An investor');
    expect(within(details).getByText(WARNINGS.requirementTypeChange)).toBeInTheDocument();
    await choose(user, details, 'Requirement for', 'A buyer (development)');
    expect(within(details).queryByText(WARNINGS.requirementTypeChange)).not.toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Save and continue' }));

    const credits = await loaded('Set credits');
    await choose(user, credits, 'Credit type', 'Nitrogen');
    await choose(user, credits, 'Mitigation needed', 'Both ongoing and additional');
    await user.type(within(credits).getByRole('textbox', { name: /Ongoing units/ }), '5');
    await user.type(within(credits).getByRole('textbox', { name: /Additional units/ }), '20');
    expect(
      within(credits).getByText('Please indicate if only ongoing units would be acceptable'),
    ).toBeInTheDocument();
    // The need this implies: 25 kg/yr up to the AMP end's year.
    const need = await within(credits).findByRole('table', { name: 'Nitrogen need by year' });
    expect(within(need).getAllByRole('row').at(-1)).toHaveTextContent('20295');
    expect(within(credits).getByRole('button', { name: 'Save and continue' })).toBeDisabled();
    await answer(user, credits, 'Would ongoing units alone be acceptable?', 'No');
    expect(
      within(credits).queryByText('Please indicate if only ongoing units would be acceptable'),
    ).not.toBeInTheDocument();
    const input = credits.querySelector<HTMLInputElement>('input[type="file"]');
    if (input === null) throw new Error('No file input');
    await user.upload(input, new NodeFile(['calc'], 'calculator.xlsx') as unknown as File);
    await user.click(within(credits).getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(requests()).toContain(step(wizardBuyerCredits.id, 'POST')));
    const posted = server.received.find(
      (request) => request.path.endsWith(`/action/${wizardBuyerCredits.id}`) && request.method === 'POST',
    );
    expect(posted?.body).toMatch(
      /"type":"NutrientMitigationNitrogen","nutrientType":"both","nutrientOngoingUnits":5,"nutrientAdditionalUnits":20,"nutrientAcceptOngoingOnly":false/,
    );

    const development = await screen.findByRole('dialog', { name: 'Set development' });
    expectWizardButtons(development);
    expect(within(development).getByRole('button', { name: 'Previous' })).toBeInTheDocument();
    expect(within(development).getByText('Credit delivery date')).toBeInTheDocument();
    expect(within(development).queryByText('Target redemption date')).not.toBeInTheDocument();
    expect(within(development).getByText('Only supply from my own LPA or NCA')).toBeInTheDocument();
    await user.type(within(development).getByRole('textbox', { name: 'Planning reference' }), '24/0005/FUL');
    // The only LPA and subcatchment offered are filled in.
    expect(within(development).getByLabelText('Local planning authority', { selector: 'input' })).toHaveValue(
      'Test Valley',
    );
    expect(within(development).getByLabelText('Subcatchment', { selector: 'input' })).toHaveValue(
      'River Test',
    );
    await user.type(
      within(development).getByRole('textbox', { name: 'Nearest address' }),
      '5 Mill Lane, Romsey',
    );
    await user.click(within(development).getByRole('button', { name: 'Save and continue' }));

    const finish = await screen.findByRole('dialog', { name: 'Credit requirement saved' });
    expect(within(finish).getByText(/Your credit requirement is saved/)).toBeInTheDocument();
    expect(within(finish).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.click(within(finish).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/credit-requirements/q5'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Plot 5 nitrogen' })).toBeInTheDocument();
    expect(requests().filter((request) => request.startsWith('POST'))).toEqual([
      'POST /api/requirements',
      step(wizardDetails.id, 'POST'),
      step(wizardBuyerCredits.id, 'POST'),
      step(wizardBuyerDevelopment.id, 'POST'),
      step(wizardFinish.id, 'POST'),
    ]);
  }, 60_000);

  it("closes half-way with 'Close', leaving the draft for its owner to resume", async () => {
    server.routes = wizardRoutes();
    const { user, dialog } = await openWizard();
    await user.type(within(dialog).getByRole('textbox', { name: 'Requirement name' }), 'Plot 5 nitrogen');
    await choose(user, dialog, 'Requirement for', 'A buyer (development)');
    await user.click(within(dialog).getByRole('button', { name: 'Save and continue' }));
    const credits = await screen.findByRole('dialog', { name: 'Set credits' });
    await user.click(within(credits).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests().filter((request) => request.startsWith('POST'))).toEqual(['POST /api/requirements']);
  }, 30_000);
});
