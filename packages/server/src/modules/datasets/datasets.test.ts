import { firstDeliveryYear } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildPlaces } from '../../../test/factories.records.ts';
import { buildParticipation } from '../../../test/factories.rounds.ts';
import { buildRound, buildWorld, type World } from '../../../test/world.ts';
import { buildClearableRound, type ClearableRound } from '../match/match.testing.ts';
import { projects } from '../projects/projects.tables.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import { REQUIREMENT_COLUMNS, SUPPLIER_COLUMNS } from './datasets.build.ts';
import { buildCertifiedProject, csvRecords, download } from './datasets.testing.ts';

describeWithApp('Round data sets', (t) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });

  /** A round ready to match plus a certified project without an offer ("Orchard planting"). */
  const round = async (): Promise<{
    id: string;
    name: string;
    records: ClearableRound;
    orchardId: string;
  }> => {
    const built = await buildRound(
      t.db,
      'ClosedForBidsAndOffers',
      `Spring ${Math.random().toString(36).slice(2, 7)}`,
    );
    const supplierId = world.members.participant.organisation.id;
    const records = await buildClearableRound(t.db, built.id, {
      supplierId,
      buyerId: world.otherParticipant.organisation.id,
    });
    const orchard = await buildCertifiedProject(
      t.db,
      built.id,
      supplierId,
      'Orchard planting',
      await buildPlaces(t.db),
    );
    return { ...built, records, orchardId: orchard.id };
  };

  it('lists every project service that can be offered, with the columns an outside solver needs', async () => {
    const { id, name, records, orchardId } = await round();
    const answer = await download(t.app, world, id, 'suppliers.csv');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename=${name.replace(/ /g, '-')}-suppliers.csv`,
    );
    const first = firstDeliveryYear(t.clock.now());
    const header = answer.body.split('\r\n')[0]?.split(',');
    expect(header).toEqual([
      ...SUPPLIER_COLUMNS,
      ...Array.from({ length: 2030 - first + 1 }, (_, i) => `units${first + i}`),
    ]);
    const rows = csvRecords(answer.body);
    const byName = Object.fromEntries(
      rows.map((r) => [r.project, [r.creditType, r.offer, r.fees, r.price, r[`units${first}`]]]),
    );
    expect(byName).toEqual({
      'Meadow restoration': ['Biodiversity', '2000', '200', '2200', '12'],
      'Wetland nitrogen': ['NutrientMitigationNitrogen', '1000', '200', '1200', '20'],
      'Orchard planting': ['Biodiversity', '', '0', '', '6'],
    });
    // The registered project cannot be offered: it is not listed.
    expect(rows.map((r) => r.projectId).sort()).toEqual(
      [records.biodiversityProjectId, records.nitrogenProjectId, orchardId].sort(),
    );
    expect(rows.find((r) => r.project === 'Meadow restoration')).toMatchObject({
      supplier: world.members.participant.organisation.name,
      module: 'Area',
      habitatType: 'Other neutral grassland',
      distinctiveness: 'Medium',
      permanent: 'true',
      group: '',
    });
    expect(rows.find((r) => r.project === 'Wetland nitrogen')?.subcatchment).not.toBe('');
  });

  it('lists the buyers’ requirements with their bids, blank where none, and the investors’ apart', async () => {
    const { id, records } = await round();
    const buyers = await download(t.app, world, id, 'buyers.csv');
    expect(buyers.statusCode).toBe(200);
    expect(buyers.body.split('\r\n')[0]?.split(',').slice(0, REQUIREMENT_COLUMNS.length)).toEqual([
      ...REQUIREMENT_COLUMNS,
    ]);
    const rows = csvRecords(buyers.body);
    expect(
      Object.fromEntries(rows.map((r) => [r.requirement, [r.creditType, r.bid, r.localOnly, r.divisible]])),
    ).toEqual({
      'Housing at Mill Lane': ['Biodiversity', '9000', 'false', 'true'],
      'Barn conversion': ['Biodiversity', '1500', 'false', 'true'],
      'Office extension': ['Biodiversity', '', 'false', 'true'],
      'Riverside homes': ['NutrientMitigationNitrogen', '5000', 'false', 'false'],
      'Riverside flats': ['NutrientMitigationNitrogen', '3000', 'false', 'false'],
    });
    expect(rows.find((r) => r.requirement === 'Riverside homes')?.requirementId).toBe(
      records.nitrogenRequirementId,
    );
    const investors = await download(t.app, world, id, 'investors.csv');
    expect(investors.statusCode).toBe(200);
    expect(csvRecords(investors.body)).toEqual([]);
  });

  it('lists the participants with their organisation’s contact', async () => {
    const { id } = await round();
    const supplier = world.members.participant.organisation;
    const buyer = world.otherParticipant.organisation;
    await buildParticipation(t.db, {
      roundId: id,
      organisationId: supplier.id,
      capacity: 'Supplier',
      status: 'Registered',
    });
    await buildParticipation(t.db, {
      roundId: id,
      organisationId: buyer.id,
      capacity: 'Buyer',
      status: 'Withdrawn',
    });
    const answer = await download(t.app, world, id, 'participants.csv');
    expect(answer.statusCode).toBe(200);
    expect(answer.body.split('\r\n')[0]).toBe(
      'organisationId,organisation,csvId,capacity,status,agent,contact,email,phone',
    );
    const rows = csvRecords(answer.body).map((r) => [r.organisationId, r.capacity, r.status, r.agent]);
    expect(rows.sort()).toEqual(
      [
        [supplier.id, 'Supplier', 'Registered', ''],
        [buyer.id, 'Buyer', 'Withdrawn', ''],
      ].sort(),
    );
  });

  it('writes text that starts like a formula so that a spreadsheet shows it as text', async () => {
    const { id, records, orchardId } = await round();
    await t.db
      .update(projects)
      .set({ name: '=HYPERLINK("http://evil.example","Click")' })
      .where(eq(projects.id, orchardId));
    await t.db.update(projects).set({ name: '+44 meadow' }).where(eq(projects.id, records.nitrogenProjectId));
    await t.db
      .update(creditRequirements)
      .set({ name: '@SUM(A1:A9)' })
      .where(eq(creditRequirements.id, records.biodiversityRequirementIds[1]));
    await t.db
      .update(creditRequirements)
      .set({ name: '-1+2' })
      .where(eq(creditRequirements.id, records.unbidRequirementId));
    const suppliers = (await download(t.app, world, id, 'suppliers.csv')).body;
    expect(suppliers).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click"")",`);
    expect(suppliers).toContain(`,'+44 meadow,`);
    expect(suppliers).not.toMatch(/,=HYPERLINK/);
    const buyers = (await download(t.app, world, id, 'buyers.csv')).body;
    expect(buyers).toContain(`,'@SUM(A1:A9),`);
    expect(buyers).toContain(`,'-1+2,`);
    // Numbers stay numbers.
    expect(buyers).toContain(',9000,');
  });

  it('streams the same data set as an xlsx workbook, text cells as text', async () => {
    const { id, orchardId } = await round();
    await t.db.update(projects).set({ name: '=1+1' }).where(eq(projects.id, orchardId));
    const answer = await download(t.app, world, id, 'suppliers.xlsx');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Suppliers');
    if (!sheet) throw new Error('No Suppliers sheet');
    const csv = csvRecords((await download(t.app, world, id, 'suppliers.csv')).body);
    expect(sheet.actualRowCount).toBe(csv.length + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(Object.keys(csv[0] ?? {}));
    const names = Array.from({ length: csv.length }, (_, i) => sheet.getRow(i + 2).getCell(2).value);
    expect(names.sort()).toEqual(['=1+1', 'Meadow restoration', 'Wetland nitrogen'].sort());
    const offers = Array.from({ length: csv.length }, (_, i) => sheet.getRow(i + 2).getCell(18).value);
    expect(offers.sort()).toEqual([1000, 2000, null].sort());
  });

  it('is for the operator only: 401, 403, 404, and 409 for winners before a result', async () => {
    const { id } = await round();
    expect((await download(t.app, world, id, 'suppliers.csv', 'anonymous')).statusCode).toBe(401);
    for (const role of ['participant', 'agent', 'lpa'] as const) {
      const answer = await download(t.app, world, id, 'buyers.csv', role);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe('Only the market operator can do this');
    }
    const missing = await download(t.app, world, '00000000-0000-4000-8000-000000000000', 'suppliers.csv');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This market round does not exist or you cannot see it');
    for (const file of ['bids.csv', 'suppliers.pdf', 'suppliers', 'suppliers.csv.xlsx']) {
      const answer = await download(t.app, world, id, file);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('This data set does not exist or you cannot see it');
    }
    const winners = await download(t.app, world, id, 'winners.csv');
    expect(winners.statusCode).toBe(409);
    expect(winners.json().message).toBe(
      'This round has no matching result yet, so there are no winners to download',
    );
  });
});
