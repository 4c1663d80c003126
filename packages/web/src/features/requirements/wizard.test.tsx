import { File as NodeFile } from 'node:buffer';
import {
  buildActionFormData,
  createRequirement,
  setBid,
  setBuyerCredits,
  updateRequirement,
  WARNINGS,
  wizardBuyerCredits,
  wizardBuyerDevelopment,
  wizardDetails,
  wizardFinish,
} from '@curlew/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearOptionsCache } from '../../actions/optionsSource.ts';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { clickAction } from '../../components/actions/testing/clickAction.ts';
import { listOf, signedIn } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { ParticipantRequirementPage } from './RequirementPage.tsx';
import { ParticipantRequirementsPage } from './RequirementsPage.tsx';
import { emptyFeedsOf, requirementOf } from './testing/fixtures.ts';

const buyer = signedIn(['participant'], { id: 'o2', name: 'Harbour Homes', type: 'PARTICIPANT' });
const LIST = 'GET /api/requirements?sort=createdAt&order=desc&page=1&pageSize=25';
const ROUNDS = 'GET /api/rounds?sort=createdAt&order=desc&page=1&pageSize=100';
const step = (id: string, method = 'GET') => `${method} /api/requirement/q5/action/${id}`;

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.received.length = 0;
  notifications.clean();
  clearOptionsCache();
  // jsdom's FormData and File cannot travel through Node's fetch; the browser's own classes are used there.
  const nodeFormData = (await new Response(new URLSearchParams('probe=1')).formData()).constructor;
  vi.stubGlobal('FormData', nodeFormData);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const requests = () => server.received.map((request) => `${request.method} ${request.path}`);

const choose = async (user: UserEvent, dialog: HTMLElement, label: string, option: string) => {
  await user.click(within(dialog).getByLabelText(label, { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: option }));
};

const answer = async (user: UserEvent, dialog: HTMLElement, question: string, choice: 'Yes' | 'No') => {
  const group = within(dialog).getByRole('radiogroup', {
    name: new RegExp(`^${question.replace('?', '\\?')}`),
  });
  await user.click(within(group).getByRole('radio', { name: choice }));
};

/** The dialog of an action once its form has loaded. */
const loaded = async (title: string) => {
  await screen.findByRole('form', { name: title });
  return screen.getByRole('dialog', { name: title });
};

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
