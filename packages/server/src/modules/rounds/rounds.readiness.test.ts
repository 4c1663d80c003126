import type { ChecklistItem, MarketRound } from '@curlew/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { asRole, buildWorld, type World } from '../../../test/world.ts';
import { declarations } from '../refdata/refdata.tables.ts';
import { buildRoundReferences, setRoundStatus, windowsFromToday } from './rounds.testing.ts';

type Line = Pick<ChecklistItem, 'id' | 'done'>;

describeWithApp("a round's checklist, history and declarations dialog", (t) => {
  let world: World;
  let marketId: string;
  let references: { standardId: string; projectTypeId: string };
  /** Declaration ids by name: one or two per category, some for participants only. */
  const declared: Record<string, string> = {};

  const post = (url: string, body: unknown) => asRole(t.app, world, 'admin', 'POST', url, body);
  const read = async (id: string, role: 'admin' | 'participant' = 'admin'): Promise<MarketRound> => {
    const response = await asRole(t.app, world, role, 'GET', `/api/round/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const lines = async (id: string): Promise<Line[]> =>
    ((await read(id)).checklist ?? []).map(({ id: line, done }) => ({ id: line, done }));
  const newRound = async (name: string): Promise<string> => {
    const created = await post('/api/rounds', {
      marketId,
      name,
      services: ['Biodiversity'],
      standardIds: [references.standardId],
      projectTypeIds: [references.projectTypeId],
      ncaIds: [],
      lpaIds: [],
      bidderType: 'BuyersAndInvestors',
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().context.id;
  };

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    references = await buildRoundReferences(t.db);
    const market = await post('/api/markets', { name: 'Checklist market', buyerShareOfSurplus: 0.5 });
    marketId = market.json().context.id;
    const now = new Date();
    const rows = await t.db
      .insert(declarations)
      .values(
        [
          ['Accurate information', 'MarketRoundParticipant_Register', true],
          ['Agent acts with authority', 'MarketRoundParticipant_Register', false],
          ['Right to the land', 'MarketRoundProject_Register', true],
          ['Genuine need', 'MarketRoundCreditRequirement_Register', true],
          ['Binding offer', 'MarketRoundProject_Offer', true],
          ['Binding bid', 'MarketRoundCreditRequirement_Bid', true],
        ].map(([name, category, both]) => ({
          name: String(name),
          text: `${name}.`,
          category: category as 'MarketRoundParticipant_Register',
          isForAgents: true,
          isForParticipants: both === true,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: declarations.id, name: declarations.name });
    for (const row of rows) declared[row.name] = row.id;
  });

  const allDeclarations = () => ({
    MarketRoundParticipant_Register: [declared['Accurate information']],
    MarketRoundProject_Register: [declared['Right to the land']],
    MarketRoundCreditRequirement_Register: [declared['Genuine need']],
    MarketRoundProject_Offer: [declared['Binding offer']],
    MarketRoundCreditRequirement_Bid: [declared['Binding bid']],
  });

  it('lists what a Draft round still needs, each line flipping to done as its dialog completes it; Open needs no tick', async () => {
    const id = await newRound('Round C1');
    const draft = await read(id);
    // The list is what Open needs: Open is the round's next step, kept in sight while refused.
    expect(draft.actions.find((action) => action.id === 'Open')?.next).toBe(true);
    expect(draft.checklist?.map((item) => [item.label, item.done, item.detail, ...item.actionIds])).toEqual([
      [
        'Registration dates',
        false,
        'Not set for supplier registration, buyer and investor registration, project registration and credit requirement registration',
        'SetRegistrationDates',
      ],
      [
        'Credit reserve',
        false,
        'The percentage is not set, what it applies to is not chosen and it is not agreed with the EMB',
        'SetReserveInfo',
      ],
      [
        'Declarations asked at participant registration',
        false,
        'None for participants and agents yet',
        'AddDeclarations',
      ],
      [
        'Declarations asked at project registration',
        false,
        'None for participants and agents yet',
        'AddDeclarations',
      ],
      [
        'Declarations asked at credit requirement registration',
        false,
        'None for participants and agents yet',
        'AddDeclarations',
      ],
      [
        'Declarations asked at project offer',
        false,
        'None for participants and agents yet',
        'AddDeclarations',
      ],
      [
        'Declarations asked at credit requirement bid',
        false,
        'None for participants and agents yet',
        'AddDeclarations',
      ],
    ]);
    const open = draft.actions.find((action) => action.id === 'Open');
    expect(open?.enabled).toBe(false);
    expect(open?.reason).toBe(
      'Before the round opens for registration, complete: registration dates (not set for supplier registration, buyer and investor registration, project registration and credit requirement registration); credit reserve (the percentage is not set, what it applies to is not chosen and it is not agreed with the EMB); declarations asked at participant registration (none for participants and agents yet); declarations asked at project registration (none for participants and agents yet); declarations asked at credit requirement registration (none for participants and agents yet); declarations asked at project offer (none for participants and agents yet); declarations asked at credit requirement bid (none for participants and agents yet)',
    );

    const dates = await post(`/api/round/${id}/action/SetRegistrationDates`, windowsFromToday());
    expect(dates.statusCode, dates.body).toBe(200);
    expect((await lines(id)).slice(0, 2)).toEqual([
      { id: 'dates', done: true },
      { id: 'reserve', done: false },
    ]);

    const reserve = await post(`/api/round/${id}/action/SetReserveInfo`, {
      percentage: 15,
      appliesTo: 'allDemand',
      agreedWithEMB: true,
    });
    expect(reserve.statusCode, reserve.body).toBe(200);
    const afterReserve = await read(id);
    expect(afterReserve.checklist?.[1]).toMatchObject({
      id: 'reserve',
      done: true,
      detail: '15% of all demand, agreed with the EMB',
    });

    // A declaration for agents only leaves its category open for participants.
    const agentsOnly = await post(`/api/round/${id}/action/AddDeclarations`, {
      declarationIds: { MarketRoundParticipant_Register: [declared['Agent acts with authority']] },
    });
    expect(agentsOnly.statusCode, agentsOnly.body).toBe(200);
    expect((await read(id)).checklist?.[2]).toMatchObject({
      id: 'declarations.MarketRoundParticipant_Register',
      done: false,
      detail: 'None for participants yet',
    });
    expect((await post(`/api/round/${id}/action/Open`, {})).statusCode).toBe(409);

    const rest = await post(`/api/round/${id}/action/AddDeclarations`, { declarationIds: allDeclarations() });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().message).toBe('5 declarations added');
    const ready = await read(id);
    expect(ready.checklist?.every((item) => item.done)).toBe(true);
    expect(ready.actions.find((action) => action.id === 'Open')).toMatchObject({ enabled: true });

    const opened = await post(`/api/round/${id}/action/Open`, {});
    expect(opened.statusCode, opened.body).toBe(200);
    const after = await read(id);
    expect(after.status).toBe('Open');
    expect(after.checklist).toBeUndefined();
    expect(await lines(id)).toEqual([]);
  });

  it('gives the checklist and history to the operator only', async () => {
    const id = await newRound('Round C2');
    const seen = await read(id, 'admin');
    expect(seen.checklist).toBeDefined();
    expect(seen.history).toBeDefined();
    await setRoundStatus(t.db, id, 'Open');
    const participant = await read(id, 'participant');
    expect(participant.checklist).toBeUndefined();
    expect(participant.history).toBeUndefined();
  });

  it('offers each category only its own declarations in one dialog, and refuses a declaration under another category', async () => {
    const id = await newRound('Round C3');
    const form = await asRole(t.app, world, 'admin', 'GET', `/api/round/${id}/action/AddDeclarations`);
    expect(form.statusCode, form.body).toBe(200);
    const { definition, options } = form.json();
    expect(definition.fields.map((field: { id: string; label: string }) => [field.id, field.label])).toEqual([
      ['declarationIds.MarketRoundParticipant_Register', 'Participant registration'],
      ['declarationIds.MarketRoundProject_Register', 'Project registration'],
      ['declarationIds.MarketRoundCreditRequirement_Register', 'Credit requirement registration'],
      ['declarationIds.MarketRoundProject_Offer', 'Project offer'],
      ['declarationIds.MarketRoundCreditRequirement_Bid', 'Credit requirement bid'],
    ]);
    const labels = (category: string) =>
      (options[`declarationIds.${category}`] as { label: string }[]).map((option) => option.label);
    expect(labels('MarketRoundParticipant_Register')).toEqual([
      'Accurate information (participants and agents)',
      'Agent acts with authority (agents)',
    ]);
    expect(labels('MarketRoundProject_Offer')).toEqual(['Binding offer (participants and agents)']);
    expect(labels('MarketRoundProject_Offer')).not.toContain('Binding bid (participants and agents)');

    const wrong = await post(`/api/round/${id}/action/AddDeclarations`, {
      declarationIds: { MarketRoundProject_Offer: [declared['Binding bid']] },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([
      {
        path: 'declarationIds.MarketRoundProject_Offer',
        message: 'Choose declarations asked at project offer',
      },
    ]);
    const none = await post(`/api/round/${id}/action/AddDeclarations`, { declarationIds: {} });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual([{ path: '', message: 'Choose at least one declaration' }]);
    expect((await read(id)).declarations).toEqual([]);

    const two = await post(`/api/round/${id}/action/AddDeclarations`, {
      declarationIds: {
        MarketRoundParticipant_Register: [declared['Accurate information']],
        MarketRoundProject_Offer: [declared['Binding offer']],
      },
    });
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().message).toBe('2 declarations added');
    expect((await read(id)).declarations.map((item) => [item.name, item.category])).toEqual([
      ['Accurate information', 'MarketRoundParticipant_Register'],
      ['Binding offer', 'MarketRoundProject_Offer'],
    ]);
    // A declaration the round asks is no longer offered.
    const again = await asRole(t.app, world, 'admin', 'GET', `/api/round/${id}/action/AddDeclarations`);
    expect(
      again
        .json()
        .options['declarationIds.MarketRoundParticipant_Register'].map((o: { label: string }) => o.label),
    ).toEqual(['Agent acts with authority (agents)']);
  });

  it('refuses registration windows wholly in the past', async () => {
    const id = await newRound('Round C4');
    const past = { start: '2020-01-01', end: '2020-02-01' };
    const future = windowsFromToday();
    const refused = await post(`/api/round/${id}/action/SetRegistrationDates`, { ...future, projects: past });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      {
        path: 'projects.end',
        message: 'Project registration is wholly in the past: choose an end date from today on',
      },
    ]);
    expect((await read(id)).registrationDates.projects).toBeNull();
  });

  it("tells the round's history: each status with its date and who moved it, and every rejection's reason", async () => {
    const id = await newRound('Round C5');
    await post(`/api/round/${id}/action/SetRegistrationDates`, windowsFromToday());
    await post(`/api/round/${id}/action/SetReserveInfo`, {
      percentage: 15,
      appliesTo: 'allDemand',
      agreedWithEMB: true,
    });
    await post(`/api/round/${id}/action/AddDeclarations`, { declarationIds: allDeclarations() });
    expect((await post(`/api/round/${id}/action/Open`, {})).statusCode).toBe(200);
    expect((await post(`/api/round/${id}/action/Close`, {})).statusCode).toBe(200);
    await setRoundStatus(t.db, id, 'Pending');
    const rejected = await post(`/api/round/${id}/action/RejectMatch`, { reason: 'The reserve was wrong' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await setRoundStatus(t.db, id, 'Pending');
    await post(`/api/round/${id}/action/RejectMatch`, { reason: 'A bid was entered twice' });
    const history = (await read(id)).history ?? [];
    const admin = world.members.admin.user.displayName;
    expect(history.map(({ status, action, by, reason }) => ({ status, action, by, reason }))).toEqual([
      { status: 'Draft', action: 'Add market round', by: admin, reason: null },
      { status: 'Open', action: 'Open for registration', by: admin, reason: null },
      { status: 'Closed', action: 'Close registration', by: admin, reason: null },
      { status: 'Rejected', action: 'Reject match', by: admin, reason: 'The reserve was wrong' },
      { status: 'Rejected', action: 'Reject match', by: admin, reason: 'A bid was entered twice' },
    ]);
    for (const entry of history) expect(Number.isNaN(Date.parse(entry.at))).toBe(false);
  });
});
