import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { asRole, buildWorld, type World } from '../../../test/world.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import { type AcceptedRound, acceptRound, failCompliance, writeRegistryLedger } from './registry.testing.ts';

describeWithApp('registry routes', (t) => {
  let world: World;
  let accepted: AcceptedRound;
  let reservedCreditId: string;
  const start = new Date('2027-04-01T09:00:00Z');

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    accepted = await acceptRound(t, world, {
      supplierId: world.members.participant.organisation.id,
      buyerId: world.otherParticipant.organisation.id,
    });
    ({ reservedCreditId } = await writeRegistryLedger(t, accepted, start));
  });

  const admin = (url: string) => asRole(t.app, world, 'admin', 'GET', url);

  it('lists every credit of the accepted round with owner, units, years and source projects', async () => {
    const { round, records } = accepted;
    const [wanted, cheap] = records.biodiversityRequirementIds;
    const answer = await admin(`/api/credits/registry?roundId=${round.id}&sort=requirement&order=desc`);
    expect(answer.statusCode).toBe(200);
    const page = answer.json();
    expect(page.total).toBe(3);
    expect(
      page.items.map((item: { requirement: { id: string }; units: number; sources: { name: string }[] }) => [
        item.requirement.id,
        item.units,
        item.sources.map((source) => source.name),
      ]),
    ).toEqual([
      [records.nitrogenRequirementId, 10, ['Wetland nitrogen']],
      [wanted, 10, ['Meadow restoration']],
      [cheap, 2, ['Meadow restoration']],
    ]);
    expect(page.items[1]).toMatchObject({
      status: 'RightsCreated',
      creditType: 'Biodiversity',
      owner: { id: world.otherParticipant.organisation.id },
      round: { id: round.id, name: round.name },
    });
    expect(page.items[0].deliveryYears.length).toBeGreaterThan(0);
    expect(page.items.map((item: { requirement: { id: string } }) => item.requirement.id)).not.toContain(
      records.losingNitrogenRequirementId,
    );
    const nitrogen = await admin(
      `/api/credits/registry?roundId=${round.id}&creditType=NutrientMitigationNitrogen`,
    );
    expect(nitrogen.json().items.map((item: { requirement: { id: string } }) => item.requirement.id)).toEqual(
      [records.nitrogenRequirementId],
    );
    const searched = await admin(`/api/credits/registry?roundId=${round.id}&q=barn`);
    expect(searched.json().items.map((item: { requirement: { id: string } }) => item.requirement.id)).toEqual(
      [cheap],
    );
    const fromNitrogenProject = await admin(`/api/credits/registry?projectId=${records.nitrogenProjectId}`);
    expect(fromNitrogenProject.json().total).toBe(1);
    const paged = await admin(
      `/api/credits/registry?roundId=${round.id}&pageSize=2&page=2&sort=units&order=desc`,
    );
    expect(paged.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.json().items).toHaveLength(1);
    expect((await admin('/api/credits/registry?status=Draft')).statusCode).toBe(422);
  });

  it('exports the credits as CSV and as an XLSX workbook', async () => {
    const { round } = accepted;
    const csv = await admin(`/api/credits/registry?roundId=${round.id}&format=csv&sort=requirement`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Credit requirement,Owner,Credit type,Status,Units,Duration,Delivery years,Source projects,Planning reference,Local planning authority,Market,Market round',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^Barn conversion,.*,Biodiversity,Rights created,2,/);
    const xlsx = await admin(`/api/credits/registry?roundId=${round.id}&format=xlsx&sort=requirement`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(xlsx.rawPayload).buffer);
    const sheet = workbook.getWorksheet('Credits');
    expect(sheet?.getRow(1).getCell(1).value).toBe('Credit requirement');
    expect(sheet?.getRow(2).getCell(1).value).toBe('Barn conversion');
    expect(sheet?.getRow(2).getCell(5).value).toBe(2);
    expect(sheet?.rowCount).toBe(4);
  });

  it("traces a credit from its site to the development, with the failed allocation and the reserve's replacement", async () => {
    const { records, creditOf } = accepted;
    const cheap = records.biodiversityRequirementIds[1];
    const answer = await admin(`/api/credits/registry/${creditOf[cheap]}`);
    expect(answer.statusCode).toBe(200);
    const trace = answer.json();
    expect(trace.development.requirement).toMatchObject({
      id: cheap,
      name: 'Barn conversion',
      status: 'RightsCreated',
    });
    expect(trace.sources).toHaveLength(1);
    expect(trace.sources[0].project.name).toBe('Meadow restoration');
    expect(trace.sources[0].lpa.name).toMatch(/^Test LPA/);
    expect(trace.sources[0].nca.name).toMatch(/^Test NCA/);
    expect(
      trace.sources[0].allocations.map((a: { origin: string; failed: boolean; units: number }) => [
        a.origin,
        a.failed,
        a.units,
      ]),
    ).toEqual([
      ['Clearing', true, 2],
      ['Reserve', false, 2],
    ]);
    expect(trace.sources[0].allocations[1].replaces.name).toBe('Meadow restoration');
    expect(trace.events.map((event: { kind: string }) => event.kind)).toEqual([
      'Created',
      'Failed',
      'Replaced',
    ]);
    expect((await admin('/api/credits/registry/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await admin('/api/credits/registry/not-an-id')).json().message).toBe(
      'This credit does not exist or you cannot see it',
    );
  });

  it('lists the registry projects from Matched on and the non-compliant ones', async () => {
    const { round, records } = accepted;
    const ids = async (url: string) =>
      ((await admin(url)).json().items as { id: string }[]).map((item) => item.id).sort();
    expect(await ids(`/api/projects?roundId=${round.id}&registry=true`)).toEqual(
      [records.biodiversityProjectId, records.nitrogenProjectId].sort(),
    );
    expect(await ids(`/api/projects?roundId=${round.id}`)).toContain(records.registeredProjectId);
    expect(await ids(`/api/projects?roundId=${round.id}&registry=true&nonCompliant=true`)).toEqual([]);
    await failCompliance(t, records.nitrogenProjectId);
    expect(await ids(`/api/projects?roundId=${round.id}&registry=true&nonCompliant=true`)).toEqual([
      records.nitrogenProjectId,
    ]);
  });

  it('lists the registry requirements from RightsCreated on and the late redemptions', async () => {
    const { round, records } = accepted;
    const [wanted, cheap] = records.biodiversityRequirementIds;
    const ids = async (url: string) =>
      ((await admin(url)).json().items as { id: string }[]).map((item) => item.id).sort();
    expect(await ids(`/api/requirements?roundId=${round.id}&registry=true`)).toEqual(
      [wanted, cheap, records.nitrogenRequirementId].sort(),
    );
    expect(await ids(`/api/requirements?roundId=${round.id}&registry=true&lateRedemptions=true`)).toEqual([]);
    await t.db
      .update(creditRequirements)
      .set({ redemptionDate: '2020-01-31' })
      .where(eq(creditRequirements.id, wanted));
    expect(await ids(`/api/requirements?roundId=${round.id}&registry=true&lateRedemptions=true`)).toEqual([
      wanted,
    ]);
    expect((await admin('/api/requirements?lateRedemptions=maybe')).statusCode).toBe(422);
  });

  it('shows what each reserved credit holds and what it has covered', async () => {
    const { round, records } = accepted;
    const cheap = records.biodiversityRequirementIds[1];
    const list = await admin(`/api/reserved-credits?roundId=${round.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, page: 1 });
    expect(list.json().items[0]).toMatchObject({
      id: reservedCreditId,
      creditType: 'Biodiversity',
      units: 5,
      usedUnits: 2,
      remainingUnits: 3,
      project: { id: records.biodiversityProjectId, name: 'Meadow restoration' },
    });
    const record = await admin(`/api/reserved-credit/${reservedCreditId}`);
    expect(record.json().covered).toEqual([
      {
        year: expect.any(Number),
        units: 2,
        at: expect.any(String),
        requirement: { id: cheap, name: 'Barn conversion' },
        replaces: { id: records.biodiversityProjectId, name: 'Meadow restoration' },
      },
    ]);
    // The supplier sees its reserve but not the buyer's requirement it covered.
    const supplier = await asRole(
      t.app,
      world,
      'participant',
      'GET',
      `/api/reserved-credit/${reservedCreditId}`,
    );
    expect(supplier.json().covered[0].requirement).toBeNull();
  });

  it('answers the totals per credit type now and day by day', async () => {
    const totals = (await admin(`/api/registry/totals?roundId=${accepted.round.id}`)).json();
    expect(totals.now).toEqual([
      {
        creditType: 'Biodiversity',
        created: 12,
        allocated: 10,
        issued: 10,
        redeemed: 0,
        retired: 0,
        reserve: 3,
      },
      {
        creditType: 'NutrientMitigationNitrogen',
        created: 10,
        allocated: 0,
        issued: 0,
        redeemed: 0,
        retired: 0,
        reserve: 0,
      },
    ]);
    expect(
      totals.series.filter((point: { creditType: string }) => point.creditType === 'Biodiversity'),
    ).toEqual([
      {
        date: '2027-04-01',
        creditType: 'Biodiversity',
        created: 12,
        allocated: 0,
        issued: 0,
        redeemed: 0,
        retired: 0,
        reserve: 5,
      },
      {
        date: '2027-04-02',
        creditType: 'Biodiversity',
        created: 12,
        allocated: 10,
        issued: 0,
        redeemed: 0,
        retired: 0,
        reserve: 5,
      },
      {
        date: '2027-04-03',
        creditType: 'Biodiversity',
        created: 12,
        allocated: 10,
        issued: 10,
        redeemed: 0,
        retired: 0,
        reserve: 3,
      },
    ]);
    const buyer = await asRole(
      t.app,
      world,
      'lpa',
      'GET',
      `/api/registry/totals?roundId=${accepted.round.id}`,
    );
    expect(buyer.json()).toEqual({ now: [], series: [] });
    expect((await admin('/api/registry/totals?roundId=nope')).statusCode).toBe(422);
  });

  it('serves the public registry without a session, with no price, payment, organisation or person', async () => {
    const answer = await requestJson(t.app, 'GET', '/api/public/registry');
    expect(answer.statusCode).toBe(200);
    const registry = answer.json();
    const meadow = registry.sites.find((site: { name: string }) => site.name === 'Meadow restoration');
    expect(meadow).toEqual({
      name: 'Meadow restoration',
      status: 'Matched',
      lpa: expect.stringMatching(/^Test LPA/),
      nca: expect.stringMatching(/^Test NCA/),
      creditTypes: ['Biodiversity'],
      units: 17,
    });
    expect(registry.sites.map((site: { name: string }) => site.name)).not.toContain('Hedgerow planting');
    expect(registry.byLpa.find((total: { area: string }) => total.area === meadow.lpa)).toMatchObject({
      creditType: 'Biodiversity',
      sites: 1,
      units: 17,
    });
    const body = answer.body;
    for (const secret of [
      world.members.participant.organisation.name,
      world.otherParticipant.organisation.name,
      world.members.participant.user.email,
      'amountPence',
      'offer',
      'bid',
      'price',
      'supplier',
      'contact',
      'email',
      'id',
    ])
      expect(body.includes(`"${secret}"`) || body.includes(secret as string)).toBe(false);
    const off = await t.withConfig({ publicRegistry: false });
    const closed = await requestJson(off, 'GET', '/api/public/registry');
    expect(closed.statusCode).toBe(404);
    expect(closed.json().message).toBe('The public registry is not available');
  });
});
