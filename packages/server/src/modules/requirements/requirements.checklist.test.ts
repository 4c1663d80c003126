import type { ChecklistItem, CreditRequirement } from '@curlew/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildRequirement, buildRequirementGroup } from '../../../test/factories.records.ts';
import { buildRound } from '../../../test/factories.rounds.ts';
import { asRole, buildWorld, type World } from '../../../test/world.ts';
import { postAction, prepareRound } from './requirements.testing.ts';

const lines = (requirement: CreditRequirement) =>
  requirement.checklist.map((item: ChecklistItem) => `${item.label}: ${item.done ? 'done' : 'open'}`);

describeWithApp("a requirement's 'What is still needed', its bid question and its name", (t) => {
  let world: World;
  let roundId: string;
  let nitrogen: string;
  let biodiversity: string;
  let grouped: string;
  const own = () => world.members.participant.organisation.id;
  const read = async (id: string, role: 'participant' | 'lpa' = 'participant'): Promise<CreditRequirement> =>
    (await asRole(t.app, world, role, 'GET', `/api/requirement/${id}`)).json();
  const bidForm = async (id: string) =>
    (await asRole(t.app, world, 'participant', 'GET', `/api/requirement/${id}/action/SetBid`)).json();
  const bid = async (id: string, values: Record<string, unknown>) => {
    const form = await bidForm(id);
    const declarations = Object.fromEntries(form.declarations.map((item: { id: string }) => [item.id, true]));
    return postAction(
      t.app,
      `/api/requirement/${id}/action/SetBid`,
      { ...values, declarations },
      world.members.participant.cookie,
    );
  };

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    roundId = (await buildRound(t.db, 'OpenForBidsAndOffers', 'Bidding round')).id;
    await prepareRound(t.db, roundId);
    const registered = { status: 'Registered', buyerId: own(), roundId } as const;
    nitrogen = await buildRequirement(t.db, { ...registered, creditType: 'NutrientMitigationNitrogen' });
    biodiversity = await buildRequirement(t.db, { ...registered, creditType: 'Biodiversity' });
    grouped = await buildRequirement(t.db, { ...registered, creditType: 'NutrientMitigationNitrogen' });
    await buildRequirementGroup(t.db, { buyerId: own(), requirementIds: [grouped] });
  });

  it('asks whether ongoing units alone would do only of a nutrient requirement outside a group', async () => {
    expect((await bidForm(nitrogen)).initialValues).toEqual({});
    expect((await bidForm(biodiversity)).initialValues).toEqual({ ongoingOnlyNotAsked: true });
    expect((await bidForm(grouped)).initialValues).toEqual({ ongoingOnlyNotAsked: true });
    const field = (await bidForm(nitrogen)).definition.fields.find(
      (item: { id: string }) => item.id === 'acceptOngoingOnly',
    );
    expect(field.visibleWhen).toEqual({ fieldId: 'ongoingOnlyNotAsked', filled: false });
  });

  it('refuses ongoing units alone on a biodiversity requirement and on one in a group (422)', async () => {
    // The form asks only where the server lets it; a client submitting the answer anyway is refused all the same.
    const ongoing = { bid: 1000, acceptOngoingOnly: true, bidOngoingOnly: 600 };
    const onBiodiversity = await bid(biodiversity, ongoing);
    expect(onBiodiversity.statusCode).toBe(422);
    expect(onBiodiversity.json().errors).toEqual([
      {
        path: 'acceptOngoingOnly',
        message: 'Ongoing units alone apply only to nutrient credit requirements',
      },
    ]);
    const inGroup = await bid(grouped, ongoing);
    expect(inGroup.statusCode).toBe(422);
    expect(inGroup.json().errors).toEqual([
      {
        path: 'acceptOngoingOnly',
        message:
          'A credit requirement in a group is cleared for its full need only: ongoing units alone cannot be accepted',
      },
    ]);
    expect((await bid(grouped, { bid: 1000 })).statusCode).toBe(200);
    expect((await bid(nitrogen, ongoing)).statusCode).toBe(200);
    expect((await read(nitrogen)).bid).toEqual({ bid: 1000, acceptOngoingOnly: true, bidOngoingOnly: 600 });
  });

  it('lists credits, development, the document, the registration and the bid, done or not', async () => {
    expect(lines(await read(biodiversity))).toEqual([
      'Credits needed: done',
      'Development: done',
      'Registration for a market round: done',
      'Bid: open',
    ]);
    expect(lines(await read(nitrogen)).at(-1)).toBe('Bid: done');
    // While the credits dialog may still run, the document it asks for is a line of its own.
    const provisional = await buildRequirement(t.db, {
      status: 'Provisional',
      buyerId: own(),
      roundId,
      creditType: 'NutrientMitigationNitrogen',
    });
    const open = await read(provisional);
    expect(lines(open)).toEqual([
      'Credits needed: done',
      'Development: done',
      'Nutrient budget calculator: open',
      'Registration for a market round: open',
      'Bid: open',
    ]);
    expect(open.checklist.find((item) => item.id === 'document')?.actionIds).toEqual(['SetBuyerCredits']);
    const draft = await buildRequirement(t.db, {
      type: 'Investor',
      buyerId: own(),
      roundId: null,
      complete: false,
    });
    expect((await read(draft)).checklist).toEqual([
      { id: 'credits', label: 'Credits wanted', done: false, actionIds: ['SetInvestorCredits'] },
      { id: 'location', label: 'Investor location', done: false, actionIds: ['SetInvestorLocation'] },
      {
        id: 'registration',
        label: 'Registration for a market round',
        done: false,
        actionIds: ['Register', 'CompleteRegistration'],
      },
    ]);
    // Register is the next step: refused with what is missing, and marked so the page keeps it in sight.
    expect((await read(draft)).actions.find((action) => action.id === 'Register')).toEqual({
      id: 'Register',
      title: 'Register credit requirement for market round',
      enabled: false,
      reason: 'Set the credits before registering',
      next: true,
    });
  });

  it('bounds the names of requirements, projects and groups at 120 characters', async () => {
    const long = 'N'.repeat(121);
    const tooLong = [{ path: 'name', message: 'Must be at most 120 characters' }];
    const requirement = await asRole(t.app, world, 'participant', 'POST', '/api/requirements', {
      name: long,
      type: 'Buyer',
      buyerId: own(),
    });
    expect(requirement.statusCode).toBe(422);
    expect(requirement.json().errors).toEqual(tooLong);
    const project = await asRole(t.app, world, 'participant', 'POST', '/api/projects', {
      name: long,
      supplierId: own(),
      isFixedTerm: false,
    });
    expect(project.statusCode).toBe(422);
    expect(project.json().errors).toEqual(tooLong);
    const group = await asRole(t.app, world, 'participant', 'POST', '/api/requirement-groups', {
      name: long,
      buyerId: own(),
      requirementIds: [biodiversity],
    });
    expect(group.statusCode).toBe(422);
    expect(group.json().errors).toEqual(tooLong);
    const fits = await asRole(t.app, world, 'participant', 'POST', '/api/requirements', {
      name: 'N'.repeat(120),
      type: 'Buyer',
      buyerId: own(),
    });
    expect(fits.statusCode).toBe(201);
  });
});
