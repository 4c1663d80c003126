import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { requestJson, type TestApp } from '../../../test/app.ts';
import { buildPlaces } from '../../../test/factories.records.ts';
import { buildParticipation } from '../../../test/factories.rounds.ts';
import { buildWorld, PDF_BYTES, postMultipart, type World } from '../../../test/world.ts';
import type { Database } from '../../platform/db/connect.ts';
import { habitats } from '../refdata/refdata.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { declareEverything } from '../rounds/rounds.testing.ts';

/** A small file for the requirement's file fields. */
export const pdf = (name = 'file.pdf') => ({ name, type: 'application/pdf', content: PDF_BYTES });

/** Posts an action as multipart (its files by field id) with a cookie. */
export const postAction = (
  app: FastifyInstance,
  url: string,
  values: Record<string, unknown>,
  cookie: string,
  files: Record<string, ReturnType<typeof pdf>> = {},
): Promise<LightMyRequestResponse> =>
  Object.keys(files).length === 0
    ? requestJson(app, 'POST', url, values, { cookie })
    : postMultipart(app, url, values, files, cookie);

/** A round ready for requirements: every service, an AMP end, declarations of every category. */
export async function prepareRound(db: Database, roundId: string): Promise<Record<string, string>> {
  await db
    .update(marketRounds)
    .set({
      services: ['Biodiversity', 'NutrientMitigationNitrogen', 'NutrientMitigationPhosphorous'],
      ampEnd: '2030-03-31',
    })
    .where(eq(marketRounds.id, roundId));
  return declareEverything(db, roundId);
}

/** Places and a grassland habitat the requirement forms can name. */
export async function prepareReferences(db: Database) {
  const places = await buildPlaces(db);
  await db
    .insert(habitats)
    .values({
      module: 'Area',
      broadHabitat: 'Grassland',
      habitatType: 'Lowland meadows',
      distinctiveness: 'VeryHigh',
      distinctivenessScore: 8,
      tradingRule: 'Same habitat required',
    })
    .onConflictDoNothing();
  return places;
}

/** Registers an organisation in a round in a capacity. */
export const registerIn = (
  db: Database,
  roundId: string,
  organisationId: string,
  capacity: 'Buyer' | 'Investor' = 'Buyer',
) => buildParticipation(db, { roundId, organisationId, capacity, status: 'Registered' });

/**
 * What the participant's requirement action suites run on: the world, its open round prepared for requirements
 * (the declarations asked, by category and action), the places the forms name, and the participant registered in
 * the round as a buyer.
 */
export async function setUpRequirementActions(t: Pick<TestApp, 'app' | 'db'>) {
  const world: World = await buildWorld(t.app, t.db);
  const roundId = world.openRound.id;
  const asked = await prepareRound(t.db, roundId);
  const places = await prepareReferences(t.db);
  await registerIn(t.db, roundId, world.members.participant.organisation.id);
  return { world, roundId, asked, places };
}
