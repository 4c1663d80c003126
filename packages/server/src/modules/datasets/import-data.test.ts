import type { ImportDataPreview } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildRequirement } from '../../../test/factories.records.ts';
import { buildRound, buildWorld, type World } from '../../../test/world.ts';
import { projects } from '../projects/projects.tables.ts';
import { creditRequirements, requirementBids } from '../requirements/requirements.tables.ts';
import { buildImportRound, csvRecords, download, offersOf, postImport } from './datasets.testing.ts';

const BIO = { bidderType: 'Buyers', creditType: 'Biodiversity' } as const;

describeWithApp('ImportData', (t) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });

  const round = () => buildImportRound(t.db, world);
  const projectRows = (ids: string[]) => offersOf(t.db, ids);
  const bidRows = async (ids: string[]) =>
    Object.fromEntries(
      await Promise.all(
        ids.map(async (id) => {
          const [row] = await t.db
            .select({ status: creditRequirements.status })
            .from(creditRequirements)
            .where(eq(creditRequirements.id, id));
          const [bid] = await t.db
            .select()
            .from(requirementBids)
            .where(eq(requirementBids.requirementId, id));
          return [id, [row?.status, bid?.bid ?? null]];
        }),
      ),
    );
  /** A CSV with one cell of one row changed (rows counted from 1 below the header). */
  const edit = (csv: string, project: string, column: string, value: string) => {
    const [header = '', ...lines] = csv.split('\r\n');
    const index = header.split(',').indexOf(column);
    return [
      header,
      ...lines.map((line) => {
        if (!line.includes(`,${project},`)) return line;
        const cells = line.split(',');
        cells[index] = value;
        return cells.join(',');
      }),
    ].join('\r\n');
  };

  it('round-trips: the downloaded data sets imported back give the same offers, bids and data sets', async () => {
    const { id, records, orchardId } = await round();
    const suppliers = (await download(t.app, world, id, 'suppliers.csv')).body;
    const buyers = (await download(t.app, world, id, 'buyers.csv')).body;
    const beforeProjects = await projectRows([
      records.biodiversityProjectId,
      records.nitrogenProjectId,
      orchardId,
    ]);
    const beforeBids = await bidRows([...records.biodiversityRequirementIds, records.unbidRequirementId]);

    const preview = await postImport(
      t.app,
      world,
      id,
      BIO,
      { suppliersCSV: suppliers, buyersCSV: buyers },
      { preview: true },
    );
    expect(preview.statusCode).toBe(200);
    const plan = preview.json() as ImportDataPreview;
    expect(plan.errors).toEqual([]);
    expect(plan.offers.map((o) => [o.project.name, o.offer, o.before])).toEqual([
      ['Meadow restoration', 2000, 2000],
    ]);
    expect(plan.bids.map((b) => [b.requirement.name, b.bid, b.before?.bid])).toEqual([
      ['Barn conversion', 1500, 1500],
      ['Housing at Mill Lane', 9000, 9000],
    ]);
    // 3 supplier rows (one nitrogen, one without an offer) and 5 buyer rows (two nitrogen, one without a bid).
    expect([plan.rows, plan.unchanged]).toEqual([8, 5]);

    const saved = await postImport(t.app, world, id, BIO, { suppliersCSV: suppliers, buyersCSV: buyers });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Imported 1 offer and 2 bids');
    expect(await projectRows(Object.keys(beforeProjects))).toEqual(beforeProjects);
    expect(await bidRows(Object.keys(beforeBids))).toEqual(beforeBids);
    expect((await download(t.app, world, id, 'suppliers.csv')).body).toBe(suppliers);
    expect((await download(t.app, world, id, 'buyers.csv')).body).toBe(buyers);
  });

  it('sets a new offer and bid from a filled-in data set: Certified -> Offered, Registered -> Bid', async () => {
    const { id, records, orchardId } = await round();
    const suppliers = edit(
      (await download(t.app, world, id, 'suppliers.csv')).body,
      'Orchard planting',
      'offer',
      '750',
    );
    const buyers = edit(
      (await download(t.app, world, id, 'buyers.csv')).body,
      'Office extension',
      'bid',
      '"£1,250"',
    );
    const saved = await postImport(t.app, world, id, BIO, { suppliersCSV: suppliers, buyersCSV: buyers });
    expect(saved.statusCode).toBe(200);
    expect(await projectRows([orchardId])).toEqual({ [orchardId]: ['Offered', 750] });
    expect(await bidRows([records.unbidRequirementId])).toEqual({
      [records.unbidRequirementId]: ['Bid', 1250],
    });
    const again = csvRecords((await download(t.app, world, id, 'suppliers.csv')).body);
    expect(again.find((r) => r.project === 'Orchard planting')?.offer).toBe('750');
  });

  it('matches a row by name when its id is blank, names written as formulas included', async () => {
    const { id, orchardId } = await round();
    await t.db.update(projects).set({ name: '=Orchard' }).where(eq(projects.id, orchardId));
    const csv = `project,offer\r\n'=Orchard,900\r\n`;
    const saved = await postImport(t.app, world, id, BIO, { suppliersCSV: csv });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await projectRows([orchardId])).toEqual({ [orchardId]: ['Offered', 900] });
  });

  it('saves nothing when one row is wrong, and says which row, column and why', async () => {
    const { id, records, orchardId } = await round();
    const good = edit(
      (await download(t.app, world, id, 'suppliers.csv')).body,
      'Orchard planting',
      'offer',
      '750',
    );
    const bad = edit(good, 'Meadow restoration', 'offer', 'lots');
    const line = bad.split('\r\n').findIndex((l) => l.includes(',Meadow restoration,')) + 1;
    const buyers = 'requirementId,requirement,bid\r\n,Nowhere Lane,100\r\n';

    const preview = await postImport(
      t.app,
      world,
      id,
      BIO,
      { suppliersCSV: bad, buyersCSV: buyers },
      { preview: true },
    );
    expect(preview.statusCode).toBe(200);
    expect((preview.json() as ImportDataPreview).errors).toEqual([
      {
        file: 'buyersCSV',
        sheet: null,
        row: 2,
        column: 'requirement',
        message: 'No requirement of this round is named "Nowhere Lane"',
      },
      {
        file: 'suppliersCSV',
        sheet: null,
        row: line,
        column: 'offer',
        message: 'Must be a number, or blank to leave it unchanged',
      },
    ]);

    const refused = await postImport(t.app, world, id, BIO, { suppliersCSV: bad, buyersCSV: buyers });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: 'Nothing was imported: 2 rows have problems',
      errors: [
        {
          path: 'buyersCSV',
          message: 'Buyers, row 2, requirement: No requirement of this round is named "Nowhere Lane"',
        },
        {
          path: 'suppliersCSV',
          message: `Suppliers, row ${line}, offer: Must be a number, or blank to leave it unchanged`,
        },
      ],
    });
    expect(await projectRows([orchardId, records.biodiversityProjectId])).toEqual({
      [orchardId]: ['Certified', null],
      [records.biodiversityProjectId]: ['Offered', 2000],
    });
  });

  it('refuses an amount the money rule refuses, so no row stores Infinity or a fraction of a penny', async () => {
    const { id, records, orchardId } = await round();
    const suppliers = `project,offer\r\nOrchard planting,1e308\r\nMeadow restoration,0.001\r\n`;
    const buyers = `requirementId,requirement,bid\r\n${records.unbidRequirementId},,9223372036854775808\r\n`;
    const preview = await postImport(
      t.app,
      world,
      id,
      BIO,
      { suppliersCSV: suppliers, buyersCSV: buyers },
      { preview: true },
    );
    expect((preview.json() as ImportDataPreview).errors).toEqual([
      {
        file: 'buyersCSV',
        sheet: null,
        row: 2,
        column: 'bid',
        message: 'Must be at most £1,000,000,000, or blank to leave it unchanged',
      },
      {
        file: 'suppliersCSV',
        sheet: null,
        row: 2,
        column: 'offer',
        message: 'Must be at most £1,000,000,000, or blank to leave it unchanged',
      },
      {
        file: 'suppliersCSV',
        sheet: null,
        row: 3,
        column: 'offer',
        message:
          'Must be in pounds and whole pence (at most 2 decimal places), or blank to leave it unchanged',
      },
    ]);
    const refused = await postImport(t.app, world, id, BIO, { suppliersCSV: suppliers, buyersCSV: buyers });
    expect(refused.statusCode).toBe(422);
    expect(await projectRows([orchardId, records.biodiversityProjectId])).toEqual({
      [orchardId]: ['Certified', null],
      [records.biodiversityProjectId]: ['Offered', 2000],
    });
    expect(await bidRows([records.unbidRequirementId])).toEqual({
      [records.unbidRequirementId]: ['Registered', null],
    });
  });

  it('refuses files without the columns it needs, naming them, and rows of a project that cannot be offered', async () => {
    const { id, records } = await round();
    const preview = await postImport(
      t.app,
      world,
      id,
      BIO,
      {
        suppliersCSV: 'name,price\r\nMeadow restoration,10\r\n',
        buyersCSV: `requirementId,bid\r\n${records.unbidRequirementId},10\r\n`,
      },
      { preview: true },
    );
    expect((preview.json() as ImportDataPreview).errors).toEqual([
      {
        file: 'buyersCSV',
        sheet: null,
        row: null,
        column: null,
        message: 'The buyers data set needs the column requirement; download the data set for its columns',
      },
      {
        file: 'suppliersCSV',
        sheet: null,
        row: null,
        column: null,
        message:
          'The suppliers data set needs the columns project, offer; download the data set for its columns',
      },
    ]);
    const registered = await postImport(
      t.app,
      world,
      id,
      BIO,
      { suppliersCSV: `projectId,project,offer\r\n${records.registeredProjectId},,10\r\n` },
      { preview: true },
    );
    expect((registered.json() as ImportDataPreview).errors).toEqual([
      {
        file: 'suppliersCSV',
        sheet: null,
        row: 2,
        column: 'projectId',
        message: 'Hedgerow planting is registered: only certified or offered projects take an offer',
      },
    ]);
  });

  it('reads the investors’ data set as the bidder type allows, and refuses a data set it does not', async () => {
    const { id } = await round();
    const investorId = await buildRequirement(t.db, {
      roundId: id,
      type: 'Investor',
      name: 'Nature fund',
      status: 'Registered',
      buyerId: world.otherParticipant.organisation.id,
    });
    const investors = csvRecords((await download(t.app, world, id, 'investors.csv')).body);
    expect(investors.map((r) => [r.requirementId, r.requirement, r.bidder, r.bid])).toEqual([
      [investorId, 'Nature fund', world.otherParticipant.organisation.name, ''],
    ]);
    const filled = `requirementId,requirement,bid\r\n${investorId},Nature fund,4200\r\n`;
    const buyersOnly = await postImport(
      t.app,
      world,
      id,
      { ...BIO, bidderType: 'Buyers' },
      { investorsCSV: filled },
      { preview: true },
    );
    expect((buyersOnly.json() as ImportDataPreview).errors).toEqual([
      {
        file: 'investorsCSV',
        sheet: null,
        row: null,
        column: null,
        message: 'The investors data set is not read when the bidders are buyers only',
      },
    ]);
    const wrongFile = await postImport(
      t.app,
      world,
      id,
      { ...BIO, bidderType: 'BuyersAndInvestors' },
      { buyersCSV: filled },
      { preview: true },
    );
    expect((wrongFile.json() as ImportDataPreview).errors).toEqual([
      {
        file: 'buyersCSV',
        sheet: null,
        row: 2,
        column: 'requirementId',
        message: `No requirement of this round has the id ${investorId}`,
      },
    ]);
    const saved = await postImport(
      t.app,
      world,
      id,
      { ...BIO, bidderType: 'Investors' },
      { investorsCSV: filled },
    );
    expect(saved.statusCode).toBe(200);
    expect(await bidRows([investorId])).toEqual({ [investorId]: ['Bid', 4200] });
  });

  it('is the operator’s, needs a CSV file and a round that is not yet cleared', async () => {
    const { id } = await round();
    const csv = { suppliersCSV: 'project,offer\r\nOrchard planting,10\r\n' };
    const participant = await postImport(t.app, world, id, BIO, csv, { role: 'participant' });
    expect(participant.statusCode).toBe(403);
    expect(participant.json().message).toBe('Only the market operator can do this');
    const previewed = await postImport(t.app, world, id, BIO, csv, { preview: true, role: 'agent' });
    expect(previewed.statusCode).toBe(403);
    const empty = await postImport(t.app, world, id, BIO, {
      suppliersCSV: 'project,offer\r\nOrchard planting,\r\n',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Nothing to import: no row gives an offer or a bid');
    const none = await postImport(t.app, world, id, BIO, {}, { preview: true });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual([{ path: '', message: 'Provide at least one file to import from' }]);
    const pending = await buildRound(t.db, 'Pending');
    const late = await postImport(t.app, world, pending.id, BIO, csv, { preview: true });
    expect(late.statusCode).toBe(409);
    expect(await postImport(t.app, world, pending.id, BIO, csv).then((r) => r.statusCode)).toBe(409);
  });
});
