import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildAgentAuthority, buildRound } from '../../../test/factories.rounds.ts';
import { asRole, buildWorld, type World } from '../../../test/world.ts';
import { pdf, postAction, prepareReferences, prepareRound, registerIn } from './requirements.testing.ts';

describeWithApp('credit requirements by an agent for its client', (t) => {
  let world: World;
  let roundId: string;
  let places: Awaited<ReturnType<typeof prepareReferences>>;

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    roundId = world.openRound.id;
    await prepareRound(t.db, roundId);
    places = await prepareReferences(t.db);
    await registerIn(t.db, roundId, world.client.id, 'Investor');
    await buildAgentAuthority(t.db, {
      roundId,
      clientId: world.client.id,
      agentId: world.members.agent.organisation.id,
      approved: true,
      permissions: ['RegisterForRound'],
    });
  });

  it('creates its client’s investor requirement in a round where it holds authority, and runs the dialogs', async () => {
    const form = await asRole(t.app, world, 'agent', 'GET', '/api/requirements/action/CreateRequirement');
    // Offered once the registered client and its capacity's type are chosen.
    expect(form.json().options.marketRoundId).toEqual([
      {
        value: roundId,
        label: 'Spring round',
        visibleWhen: [
          { fieldId: 'type', oneOf: ['Investor'] },
          { fieldId: 'buyerId', oneOf: [world.client.id] },
        ],
      },
    ]);
    const values = { name: 'Client meadow units', type: 'Investor', buyerId: world.client.id };
    const noRound = await asRole(t.app, world, 'agent', 'POST', '/api/requirements', values);
    expect(noRound.statusCode).toBe(422);
    expect(noRound.json().errors).toEqual([{ path: 'marketRoundId', message: 'Field required' }]);
    const otherRound = (await buildRound(t.db, 'Open', 'Autumn round')).id;
    const noAuthority = await asRole(t.app, world, 'agent', 'POST', '/api/requirements', {
      ...values,
      marketRoundId: otherRound,
    });
    expect(noAuthority.statusCode).toBe(403);
    expect(noAuthority.json().message).toBe(
      `You need approved authority to register Client Farm for Autumn round`,
    );
    const notClient = await asRole(t.app, world, 'agent', 'POST', '/api/requirements', {
      ...values,
      buyerId: world.otherParticipant.organisation.id,
      marketRoundId: roundId,
    });
    expect(notClient.statusCode).toBe(403);
    const created = await asRole(t.app, world, 'agent', 'POST', '/api/requirements', {
      ...values,
      marketRoundId: roundId,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().context.id;
    expect(created.json().nextAction).toEqual({ id: 'WizardInvestorCredits' });
    const cookie = world.members.agent.cookie;
    const investorCredits = {
      units: 7.5,
      redemptionDate: '2028-03-31',
      isDivisible: false,
      module: 'Area',
      distinctiveness: 'VeryHigh',
      broadHabitat: 'Grassland',
    };
    // High distinctiveness trades like for like: without its habitat type the requirement could never be cleared.
    const withoutType = await postAction(
      t.app,
      `/api/requirement/${id}/action/WizardInvestorCredits`,
      investorCredits,
      cookie,
    );
    expect(withoutType.statusCode).toBe(422);
    expect(withoutType.json().errors).toEqual([
      { path: 'habitatType', message: 'Habitat type is required for high and very high distinctiveness' },
    ]);
    const contradiction = await postAction(
      t.app,
      `/api/requirement/${id}/action/WizardInvestorCredits`,
      { ...investorCredits, distinctiveness: 'High', habitatType: 'Lowland meadows' },
      cookie,
    );
    expect(contradiction.statusCode).toBe(422);
    expect(contradiction.json().errors).toEqual([
      {
        path: 'distinctiveness',
        message: 'The statutory metric gives Lowland meadows Very high distinctiveness',
      },
    ]);
    const credits = await postAction(
      t.app,
      `/api/requirement/${id}/action/WizardInvestorCredits`,
      { ...investorCredits, habitatType: 'Lowland meadows' },
      cookie,
      { supportingDocument: pdf('valuation.pdf') },
    );
    expect(credits.statusCode).toBe(200);
    const location = await postAction(
      t.app,
      `/api/requirement/${id}/action/WizardInvestorLocation`,
      { lpa: places.lpaId, nca: places.ncaId },
      cookie,
    );
    expect(location.json().nextAction).toEqual({ id: 'WizardFinish' });
    const replaced = await postAction(
      t.app,
      `/api/requirement/${id}/action/ReplaceDocument`,
      { tag: 'SupportingDocument', reason: 'Updated valuation' },
      cookie,
      { file: pdf('valuation-2.pdf') },
    );
    expect(replaced.statusCode).toBe(200);
    const record = (await asRole(t.app, world, 'agent', 'GET', `/api/requirement/${id}`)).json();
    expect(record).toMatchObject({
      type: 'Investor',
      buyer: { id: world.client.id, name: 'Client Farm' },
      agent: { id: world.members.agent.organisation.id },
      round: { id: roundId, ampEnd: '2030-03-31' },
      investorCredits: { units: 7.5, distinctiveness: 'VeryHigh', habitatType: 'Lowland meadows' },
      credits: [{ type: 'Biodiversity', requiredUnits: 7.5, isPermanent: true }],
      documents: [{ tag: 'SupportingDocument', name: 'valuation-2.pdf' }],
    });
    expect(record).not.toHaveProperty('bid');
    const client = (await asRole(t.app, world, 'admin', 'GET', `/api/requirement/${id}`)).json();
    expect(client.bid).toBeNull();
  });
});
