import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildPlaces, buildProject, buildRequirement } from '../../../test/factories.records.ts';
import { asRole, buildRound, PDF_BYTES, postMultipart, type World } from '../../../test/world.ts';
import type { Database } from '../../platform/db/connect.ts';
import { SolverTaskRunner } from '../match/runner.ts';
import { creditRequirements, requirementCredits } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';

const pdf = { name: 'agreement.pdf', type: 'application/pdf', content: PDF_BYTES };

/** Clears a round closed for bids through the API (Match, the solver task, AcceptMatch). */
export async function clearAndAccept(
  app: FastifyInstance,
  db: Database,
  world: World,
  now: () => Date,
  roundId: string,
): Promise<void> {
  const matched = await asRole(app, world, 'admin', 'POST', `/api/round/${roundId}/action/Match`, {});
  expect(matched.statusCode).toBe(200);
  await new SolverTaskRunner(db, now, { heartbeatMs: 100 }).runNext();
  const accepted = await asRole(app, world, 'admin', 'POST', `/api/round/${roundId}/action/AcceptMatch`, {});
  expect(accepted.json().message).toMatch(/^Match accepted/);
}

/** Uploads both agreements of a matched project and contracts it, as the operator. */
export async function contract(app: FastifyInstance, world: World, projectId: string): Promise<void> {
  const cookie = world.members.admin.cookie;
  for (const [action, field] of [
    ['UploadNatureBasedAgreement', 'NatureBasedAgreement'],
    ['UploadSection106Agreement', 'Section106Agreement'],
  ] as const)
    expect(
      (await postMultipart(app, `/api/project/${projectId}/action/${action}`, {}, { [field]: pdf }, cookie))
        .statusCode,
    ).toBe(200);
  const answer = await asRole(app, world, 'admin', 'POST', `/api/project/${projectId}/action/Contract`, {});
  expect(answer.statusCode).toBe(200);
}

/** Records a passed verification of a contracted project. */
export async function verify(app: FastifyInstance, world: World, projectId: string): Promise<void> {
  const answer = await asRole(app, world, 'admin', 'POST', `/api/project/${projectId}/action/Verify`, {
    date: '2026-01-10',
    name: 'Vera Verifier',
    organisation: 'Verify Ltd',
    isPass: true,
  });
  expect(answer.statusCode).toBe(200);
}

/** Records a failed compliance check ending in IrrevocableFailure; answers the response. */
export const failIrrevocably = (app: FastifyInstance, world: World, projectId: string) =>
  asRole(app, world, 'admin', 'POST', `/api/project/${projectId}/action/RecordComplianceCheck`, {
    date: '2026-06-01',
    name: 'Cat Checker',
    organisation: 'Curlew',
    isYesNoPass: false,
    failReason: 'The meadow was ploughed',
    nextAction: { action: 'IrrevocableFailure', date: '2027-06-01' },
  });

/** The records of a round built for market balancing. */
export interface BalancingRound {
  roundId: string;
  /** High 'Lowland meadows', 2 sellable units: all to the meadow requirement. */
  failingMeadowId: string;
  /** High 'Lowland meadows', 4 sellable units: all to the meadow requirement. */
  spareMeadowId: string;
  /** Medium grassland, 20 sellable units: 10 to the local housing requirement. */
  grasslandId: string;
  /** Medium grassland in another LPA and NCA, 3 sellable units: all to the requirement local to it. */
  farGrasslandId: string;
  /** 6 units of High 'Lowland meadows'. */
  meadowRequirementId: string;
  /** 10 units of Medium grassland, local only. */
  housingRequirementId: string;
  /** 3 units of Medium grassland in the far LPA, local only. */
  farRequirementId: string;
}

/**
 * A biodiversity round closed for bids with a reserve of 50% of supply (each allocation holds back as much again),
 * built so that the clearing has one answer: the two meadows fill the meadow requirement (only they have its habitat
 * and their units are exactly its need), the grassland fills the local housing requirement and the far grassland the
 * requirement local to it.
 */
export async function buildBalancingRound(
  db: Database,
  owners: { supplierId: string; buyerId: string },
): Promise<BalancingRound> {
  const round = await buildRound(db, 'ClosedForBidsAndOffers');
  await db
    .update(marketRounds)
    .set({ services: ['Biodiversity'], reservePercentage: 50, reserveAppliesTo: 'supply' })
    .where(eq(marketRounds.id, round.id));
  const here = await buildPlaces(db);
  const far = await buildPlaces(db);
  const project = async (
    name: string,
    gain: number,
    habitat: { habitatType: string; distinctiveness: 'Medium' | 'High' },
    place: { lpaId: string; ncaId: string },
  ) =>
    (
      await buildProject(db, {
        roundId: round.id,
        supplierId: owners.supplierId,
        name,
        status: 'Offered',
        offer: 100,
        maintenance: 0,
        marketOperatorFee: 0,
        complianceMonitoring: 0,
        performanceMonitoring: 0,
        locationCreditTypes: ['Biodiversity'],
        lpaId: place.lpaId,
        ncaId: place.ncaId,
        nearAddress: 'Home Farm',
        baselineUnitsLost: 0,
        yearsToTargetCondition: 1,
        gainsPerYear: [gain],
        services: [
          {
            type: 'Biodiversity',
            status: 'Certified',
            module: 'Area',
            broadHabitat: 'Grassland',
            condition: 'Good',
            ...habitat,
          },
        ],
      })
    ).id;
  const meadow = { habitatType: 'Lowland meadows', distinctiveness: 'High' } as const;
  const grassland = { habitatType: 'Other neutral grassland', distinctiveness: 'Medium' } as const;
  const requirement = async (
    name: string,
    units: number,
    place: { lpaId: string; ncaId: string },
    fields: Partial<typeof creditRequirements.$inferInsert>,
  ) => {
    const id = await buildRequirement(db, {
      roundId: round.id,
      buyerId: owners.buyerId,
      name,
      status: 'Bid',
      bid: 50000,
      lpaId: place.lpaId,
    });
    await db
      .update(creditRequirements)
      .set({ bioUnits: units, ncaId: place.ncaId, ...fields })
      .where(eq(creditRequirements.id, id));
    await db
      .update(requirementCredits)
      .set({ requiredUnits: units })
      .where(eq(requirementCredits.requirementId, id));
    return id;
  };
  return {
    roundId: round.id,
    failingMeadowId: await project('Failing meadow', 4, meadow, here),
    spareMeadowId: await project('Spare meadow', 8, meadow, here),
    grasslandId: await project('Common grassland', 40, grassland, here),
    farGrasslandId: await project('Far grassland', 6, grassland, far),
    meadowRequirementId: await requirement('Meadow homes', 6, here, {
      bioDistinctiveness: 'High',
      bioHabitatType: 'Lowland meadows',
    }),
    housingRequirementId: await requirement('Housing at Mill Lane', 10, here, { localOnly: true }),
    farRequirementId: await requirement('Far cottages', 3, far, { localOnly: true }),
  };
}
