import { deflateRawSync } from 'node:zlib';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildPlaces, buildProject } from '../../../test/factories.records.ts';
import { asRole, buildRound, postMultipart, type World } from '../../../test/world.ts';
import { readCsvRecords } from '../../platform/csv.ts';
import type { Database } from '../../platform/db/connect.ts';
import { buildClearableRound, type ClearableRound } from '../match/match.testing.ts';
import { projects } from '../projects/projects.tables.ts';

/** A certified biodiversity project of the round without an offer yet (what a data set lists with a blank offer). */
export const buildCertifiedProject = (
  db: Database,
  roundId: string,
  supplierId: string,
  name: string,
  place: { lpaId: string; ncaId: string },
) =>
  buildProject(db, {
    roundId,
    supplierId,
    name,
    status: 'Certified',
    locationCreditTypes: ['Biodiversity'],
    lpaId: place.lpaId,
    ncaId: place.ncaId,
    nearAddress: 'Orchard Farm',
    baselineUnitsLost: 0,
    yearsToTargetCondition: 1,
    gainsPerYear: [6],
    services: [
      {
        type: 'Biodiversity',
        status: 'Certified',
        module: 'Area',
        broadHabitat: 'Grassland',
        habitatType: 'Other neutral grassland',
        distinctiveness: 'Medium',
        condition: 'Good',
      },
    ],
  });

/** The operator's download of a round's data set. */
export const download = (
  app: FastifyInstance,
  world: World,
  roundId: string,
  file: string,
  role: Parameters<typeof asRole>[2] = 'admin',
): Promise<LightMyRequestResponse> =>
  asRole(app, world, role, 'GET', `/api/round/${roundId}/datasets/${file}`);

/** A CSV's rows as records keyed by column. */
export const csvRecords = (text: string) => readCsvRecords(text).records.map((r) => r.values);

/** Sends ImportData (or its preview) with CSV files by field id, as the operator. */
export const postImport = (
  app: FastifyInstance,
  world: World,
  roundId: string,
  values: Record<string, unknown>,
  files: Record<string, string | Uint8Array>,
  { preview = false, role = 'admin' as Parameters<typeof asRole>[2] } = {},
): Promise<LightMyRequestResponse> =>
  postMultipart(
    app,
    preview ? `/api/round/${roundId}/import-data/preview` : `/api/round/${roundId}/action/ImportData`,
    values,
    Object.fromEntries(
      Object.entries(files).map(([field, content]) => [
        field,
        field === 'datasetXLS'
          ? {
              name: 'data.xlsx',
              type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              content,
            }
          : { name: `${field}.csv`, type: 'text/csv', content },
      ]),
    ),
    world.cookieOf(role),
  );

/**
 * A zip archive (as an xlsx is) of deflated entries, each declaring `declaredSize` (default: its real size) as its
 * unpacked size: how zip bombs, honest or lying about their size, are made for the tests.
 */
export function zipOf(entries: { name: string; content: Buffer; declaredSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = deflateRawSync(entry.content);
    const size = entry.declaredSize ?? entry.content.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A round ready to match (`buildClearableRound`) plus a certified project without an offer ("Orchard planting"). */
export async function buildImportRound(
  db: Database,
  world: World,
): Promise<{ id: string; records: ClearableRound; orchardId: string }> {
  const built = await buildRound(db, 'ClosedForBidsAndOffers');
  const supplierId = world.members.participant.organisation.id;
  const records = await buildClearableRound(db, built.id, {
    supplierId,
    buyerId: world.otherParticipant.organisation.id,
  });
  const orchard = await buildCertifiedProject(
    db,
    built.id,
    supplierId,
    'Orchard planting',
    await buildPlaces(db),
  );
  return { id: built.id, records, orchardId: orchard.id };
}

/** Projects' status and offer, by id. */
export const offersOf = async (db: Database, ids: string[]) =>
  Object.fromEntries(
    (
      await db
        .select({ id: projects.id, status: projects.status, offer: projects.offer })
        .from(projects)
        .where(inArray(projects.id, ids))
    ).map((row) => [row.id, [row.status, row.offer]]),
  );
