import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildRequirement } from '../../../test/factories.records.ts';
import { buildParticipation, buildRound } from '../../../test/factories.rounds.ts';
import { asRole, buildWorld, type World } from '../../../test/world.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { declareEverything } from '../rounds/rounds.testing.ts';
import { pdf, postAction, prepareReferences, prepareRound, registerIn } from './requirements.testing.ts';

const NITROGEN = { type: 'NutrientMitigationNitrogen', nutrientType: 'ongoing', nutrientOngoingUnits: 12 };

/**
 * Which rounds a requirement may be put in: the wizard and Register offer only rounds where the owner is a
 * Registered participant in the requirement's capacity and that trade its credits; the server refuses the rest.
 */
describeWithApp('credit requirements: the rounds offered and refused', (t) => {
  let world: World;
  let tradesAll: { id: string; name: string };
  let biodiversityOnly: { id: string; name: string };
  let provisional: { id: string; name: string };
  let asked: Record<string, string>;
  let places: Awaited<ReturnType<typeof prepareReferences>>;
  const buyerId = () => world.members.participant.organisation.id;
  const roundOptions = async () => {
    const form = await asRole(
      t.app,
      world,
      'participant',
      'GET',
      '/api/requirements/action/CreateRequirement',
    );
    return form.json().options.marketRoundId as { value: string; label: string; visibleWhen: unknown }[];
  };

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    places = await prepareReferences(t.db);
    tradesAll = world.openRound;
    asked = await prepareRound(t.db, tradesAll.id);
    biodiversityOnly = await buildRound(t.db, 'Open', 'Biodiversity round');
    await declareEverything(t.db, biodiversityOnly.id);
    await t.db
      .update(marketRounds)
      .set({ services: ['Biodiversity'] })
      .where(eq(marketRounds.id, biodiversityOnly.id));
    provisional = await buildRound(t.db, 'Open', 'Provisional round');
    await prepareRound(t.db, provisional.id);
    await registerIn(t.db, tradesAll.id, buyerId(), 'Buyer');
    await registerIn(t.db, biodiversityOnly.id, buyerId(), 'Buyer');
    await buildParticipation(t.db, {
      roundId: provisional.id,
      organisationId: buyerId(),
      capacity: 'Buyer',
      status: 'Provisional',
    });
  });

  it("offers the wizard only rounds where the owner is Registered, each for its capacity's type", async () => {
    const options = await roundOptions();
    expect(options.map((option) => option.label).sort()).toEqual(
      ['Biodiversity round', tradesAll.name].sort(),
    );
    expect(options.find((option) => option.value === tradesAll.id)?.visibleWhen).toEqual([
      { fieldId: 'type', oneOf: ['Buyer'] },
      { fieldId: 'buyerId', oneOf: [buyerId()] },
    ]);
    const refused = await asRole(t.app, world, 'participant', 'POST', '/api/requirements', {
      name: 'Quay homes',
      type: 'Buyer',
      buyerId: buyerId(),
      marketRoundId: provisional.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `${world.members.participant.organisation.name} is not registered as a buyer in Provisional round`,
    );
    const asInvestor = await asRole(t.app, world, 'participant', 'POST', '/api/requirements', {
      name: 'Quay habitat bank',
      type: 'Investor',
      buyerId: buyerId(),
      marketRoundId: tradesAll.id,
    });
    expect(asInvestor.statusCode).toBe(409);
    expect(asInvestor.json().message).toBe(
      `${world.members.participant.organisation.name} is not registered as an investor in ${tradesAll.name}`,
    );
  });

  it('offers only the credits the round trades and refuses others with the reason', async () => {
    const created = await asRole(t.app, world, 'participant', 'POST', '/api/requirements', {
      name: 'Meadow homes',
      type: 'Buyer',
      buyerId: buyerId(),
      marketRoundId: biodiversityOnly.id,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().context.id as string;
    const form = await asRole(
      t.app,
      world,
      'participant',
      'GET',
      `/api/requirement/${id}/action/SetBuyerCredits`,
    );
    expect(form.json().options.type).toEqual([{ value: 'Biodiversity', label: 'Biodiversity' }]);
    const nitrogen = await postAction(
      t.app,
      `/api/requirement/${id}/action/SetBuyerCredits`,
      NITROGEN,
      world.members.participant.cookie,
      { budgetCalculator: pdf('calc.pdf') },
    );
    expect(nitrogen.statusCode).toBe(422);
    expect(nitrogen.json().errors).toEqual([
      { path: 'type', message: 'Biodiversity round does not trade these credits' },
    ]);
    // Changing the type to an investor's is refused while the owner is no investor in the round.
    const retyped = await asRole(
      t.app,
      world,
      'participant',
      'POST',
      `/api/requirement/${id}/action/Update`,
      {
        name: 'Meadow homes',
        type: 'Investor',
      },
    );
    expect(retyped.statusCode).toBe(409);
    expect(retyped.json().message).toBe(
      `${world.members.participant.organisation.name} is not registered as an investor in Biodiversity round`,
    );
  });

  it("Register offers only rounds that trade the requirement's credits and refuses one that does not", async () => {
    const created = await asRole(t.app, world, 'participant', 'POST', '/api/requirements', {
      name: 'Harbour homes',
      type: 'Buyer',
      buyerId: buyerId(),
    });
    const id = created.json().context.id as string;
    const url = (action: string) => `/api/requirement/${id}/action/${action}`;
    const cookie = world.members.participant.cookie;
    const credits = await postAction(t.app, url('SetBuyerCredits'), NITROGEN, cookie, {
      budgetCalculator: pdf('calc.pdf'),
    });
    expect(credits.statusCode).toBe(200);
    const development = await postAction(
      t.app,
      url('SetBuyerDevelopment'),
      {
        creditType: 'NutrientMitigationNitrogen',
        planningRef: '24/0118/FUL',
        deliveryDate: '2027-09-30',
        lpaId: places.lpaId,
        subcatchmentId: places.subcatchmentId,
        nearAddress: '2 Quay Street, Southampton',
      },
      cookie,
    );
    expect(development.statusCode).toBe(200);
    const form = await asRole(t.app, world, 'participant', 'GET', url('Register'));
    expect(form.json().options.marketRoundId).toEqual([{ value: tradesAll.id, label: tradesAll.name }]);
    const refused = await asRole(t.app, world, 'participant', 'POST', url('Register'), {
      marketRoundId: biodiversityOnly.id,
      declarations: { [asked.MarketRoundCreditRequirement_Register ?? '']: true },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { path: 'marketRoundId', message: 'Biodiversity round does not trade Nitrogen' },
    ]);
  });

  it("sorts the list by the owner's name, kept when the organisation is renamed", async () => {
    const other = world.otherParticipant.organisation.id;
    await buildRequirement(t.db, { buyerId: other, name: 'Renamed owner homes' });
    const buyers = async (order: 'asc' | 'desc', q = '') =>
      (
        await asRole(
          t.app,
          world,
          'admin',
          'GET',
          `/api/requirements?sort=buyer&order=${order}&pageSize=100${q}`,
        )
      )
        .json()
        .items.map((item: { buyer: { name: string } }) => item.buyer.name) as string[];
    expect(await buyers('asc')).toContain(world.otherParticipant.organisation.name);
    const url = `/api/organisation/${other}/action/Update`;
    const form = await asRole(t.app, world, 'admin', 'GET', url);
    const renamed = await asRole(t.app, world, 'admin', 'POST', url, {
      ...form.json().initialValues,
      name: 'Zz Renamed Homes',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await buyers('asc')).at(-1)).toBe('Zz Renamed Homes');
    expect((await buyers('desc'))[0]).toBe('Zz Renamed Homes');
    // A text search sorts its matches the same way.
    const participantName = world.members.participant.organisation.name;
    expect(await buyers('desc', '&q=homes')).toEqual(['Zz Renamed Homes', participantName, participantName]);
    const named = await asRole(t.app, world, 'admin', 'GET', '/api/requirements?q=HOMES&sort=name&order=asc');
    expect(named.json().items.map((item: { name: string }) => item.name)).toEqual([
      'Harbour homes',
      'Meadow homes',
      'Renamed owner homes',
    ]);
  });
});
