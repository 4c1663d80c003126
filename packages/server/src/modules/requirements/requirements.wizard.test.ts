import type { CreditRequirement } from '@curlew/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { asRole, type World } from '../../../test/world.ts';
import { pdf, postAction, type prepareReferences, setUpRequirementActions } from './requirements.testing.ts';

describeWithApp('the new-requirement wizard: each step once, registration in the same flow', (t) => {
  let world: World;
  let roundId: string;
  let asked: Record<string, string>;
  let places: Awaited<ReturnType<typeof prepareReferences>>;
  const cookie = () => world.members.participant.cookie;
  const action = (id: string, actionId: string, values: Record<string, unknown>, files = {}) =>
    postAction(t.app, `/api/requirement/${id}/action/${actionId}`, values, cookie(), files);
  const form = async (id: string, actionId: string) =>
    (await asRole(t.app, world, 'participant', 'GET', `/api/requirement/${id}/action/${actionId}`)).json();
  const read = async (id: string): Promise<CreditRequirement> =>
    (await asRole(t.app, world, 'participant', 'GET', `/api/requirement/${id}`)).json();

  beforeAll(async () => {
    ({ world, roundId, asked, places } = await setUpRequirementActions(t));
  });

  /** The first three steps of a buyer's nitrogen requirement in the open round. */
  const buyerDraft = async (name: string) => {
    const created = await asRole(t.app, world, 'participant', 'POST', '/api/requirements', {
      name,
      type: 'Buyer',
      buyerId: world.members.participant.organisation.id,
      marketRoundId: roundId,
    });
    expect(created.statusCode).toBe(201);
    const id: string = created.json().context.id;
    const credits = await action(
      id,
      'WizardBuyerCredits',
      { type: 'NutrientMitigationNitrogen', nutrientType: 'ongoing', nutrientOngoingUnits: 5 },
      { budgetCalculator: pdf('budget.pdf') },
    );
    expect(credits.json().nextAction).toEqual({ id: 'WizardBuyerDevelopment' });
    const development = await action(id, 'WizardBuyerDevelopment', {
      creditType: 'NutrientMitigationNitrogen',
      planningRef: '26/0001/FUL',
      deliveryDate: '2027-09-30',
      lpaId: places.lpaId,
      subcatchmentId: places.subcatchmentId,
      nearAddress: '1 Quay Street, Southampton',
      localOnly: false,
    });
    // No details step after the place: the first step's name and type are not asked twice.
    expect(development.json().nextAction).toEqual({ id: 'WizardFinish' });
    return id;
  };

  it("registers the draft in the round chosen on the first step with the round's declarations as the last step", async () => {
    const id = await buyerDraft('Quay homes');
    const finish = await form(id, 'WizardFinish');
    expect(finish.initialValues).toEqual({ marketRoundId: roundId });
    // The round is shown by its name, and the step ends with 'Check your answers'.
    expect(finish.options.marketRoundId).toEqual([{ value: roundId, label: world.openRound.name }]);
    expect(finish.definition.confirm).toBe('check-answers');
    expect(finish.declarations.map((item: { id: string }) => item.id)).toEqual([
      asked.MarketRoundCreditRequirement_Register,
    ]);
    const unanswered = await action(id, 'WizardFinish', { marketRoundId: roundId });
    expect(unanswered.statusCode).toBe(422);
    expect(unanswered.json().errors).toEqual([
      { path: `declarations.${asked.MarketRoundCreditRequirement_Register}`, message: 'Field required' },
    ]);
    const done = await action(id, 'WizardFinish', {
      marketRoundId: roundId,
      declarations: { [asked.MarketRoundCreditRequirement_Register ?? '']: true },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(`Quay homes registered for ${world.openRound.name}`);
    expect(await read(id)).toMatchObject({ status: 'Provisional', round: { id: roundId } });
  });

  it('warns before a change of type, then asks for what the new type needs (nothing half-saved is kept)', async () => {
    const id = await buyerDraft('Quay fund');
    const details = await form(id, 'WizardDetails');
    // The browser runs the definition's warning with the current type the server sends.
    expect(details.settings).toEqual({ currentType: 'Buyer' });
    expect(details.definition.id).toBe('WizardDetails');
    const credits = await form(id, 'WizardBuyerCredits');
    expect(credits.previous ?? credits.definition.previous).toBe('WizardDetails');
    const changed = await action(id, 'WizardDetails', { name: 'Quay fund', type: 'Investor' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(
      `${world.members.participant.organisation.name} is not registered as an investor in ${world.openRound.name}`,
    );
    // Outside a round the type changes, and the wizard goes on with the investor's credits.
    const draft = await asRole(t.app, world, 'participant', 'POST', '/api/requirements', {
      name: 'Undecided',
      type: 'Buyer',
      buyerId: world.members.participant.organisation.id,
    });
    const draftId: string = draft.json().context.id;
    const investor = await action(draftId, 'WizardDetails', { name: 'Undecided', type: 'Investor' });
    expect(investor.statusCode).toBe(200);
    expect(investor.json().nextAction).toEqual({ id: 'WizardInvestorCredits' });
    expect(await read(draftId)).toMatchObject({ type: 'Investor', buyerCredits: null, development: null });
    // Finish without a round keeps the draft.
    expect(await form(draftId, 'WizardFinish')).toMatchObject({ initialValues: {}, declarations: [] });
  });
});
