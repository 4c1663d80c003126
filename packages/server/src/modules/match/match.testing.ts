import { eq } from 'drizzle-orm';
import { buildPlaces, buildProject, buildRequirement } from '../../../test/factories.records.ts';
import type { Database } from '../../platform/db/connect.ts';
import { projectServices, projectServiceUnits } from '../projects/projects.tables.ts';
import { creditRequirements, requirementCredits } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';

/** The records of a round built to be cleared: what the Match tests put in and expect out. */
export interface ClearableRound {
  roundId: string;
  biodiversityProjectId: string;
  nitrogenProjectId: string;
  registeredProjectId: string;
  biodiversityRequirementIds: [string, string];
  nitrogenRequirementId: string;
  /** 15 kg/yr of nitrogen, indivisible: only 10 are left, so it loses. */
  losingNitrogenRequirementId: string;
  unbidRequirementId: string;
}

const COSTS = {
  maintenance: 500,
  marketOperatorFee: 100,
  complianceMonitoring: 50,
  performanceMonitoring: 50,
};

/**
 * A round trading biodiversity and nitrogen, in the given status, with: an offered biodiversity project (12 units of
 * grassland) at 2,000 GBP plus 200 GBP of fees, an offered nitrogen project (20 kg/yr, permanent) at 1,000 GBP plus
 * fees, a registered project (left out), two biodiversity requirements of 10 units bidding 9,000 and 1,500 GBP, a
 * nitrogen requirement of 10 kg/yr ongoing bidding 5,000 GBP, one of 15 kg/yr bidding 3,000 GBP (too big for what is
 * left: it loses), and a registered requirement without a bid (left out).
 */
export async function buildClearableRound(
  db: Database,
  roundId: string,
  owners: { supplierId: string; buyerId: string },
): Promise<ClearableRound> {
  await db
    .update(marketRounds)
    .set({ services: ['Biodiversity', 'NutrientMitigationNitrogen'], ampEnd: '2030-03-31' })
    .where(eq(marketRounds.id, roundId));
  const places = await buildPlaces(db);
  const location = {
    locationCreditTypes: ['Biodiversity', 'NutrientMitigationNitrogen'] as (
      | 'Biodiversity'
      | 'NutrientMitigationNitrogen'
    )[],
    lpaId: places.lpaId,
    ncaId: places.ncaId,
    subcatchmentId: places.subcatchmentId,
    nearAddress: 'Home Farm',
  };
  const biodiversity = await buildProject(db, {
    roundId,
    supplierId: owners.supplierId,
    name: 'Meadow restoration',
    status: 'Offered',
    offer: 2000,
    ...COSTS,
    ...location,
    baselineUnitsLost: 0,
    yearsToTargetCondition: 1,
    gainsPerYear: [12],
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
  const nitrogen = await buildProject(db, {
    roundId,
    supplierId: owners.supplierId,
    name: 'Wetland nitrogen',
    status: 'Offered',
    offer: 1000,
    ...COSTS,
    ...location,
    services: [
      {
        type: 'NutrientMitigationNitrogen',
        status: 'Certified',
        mitigationDuration: 'Permanent',
        units: 20,
      },
    ],
  });
  const [service] = await db
    .select({ id: projectServices.id })
    .from(projectServices)
    .where(eq(projectServices.projectId, nitrogen.id));
  if (!service) throw new Error('No nitrogen service');
  await db
    .insert(projectServiceUnits)
    .values({ serviceId: service.id, start: '2026-04-01', end: '2027-03-31', units: 20 });
  const registered = await buildProject(db, {
    roundId,
    supplierId: owners.supplierId,
    name: 'Hedgerow planting',
    status: 'Registered',
  });
  const bioRequirement = (name: string, bid: number) =>
    buildRequirement(db, {
      roundId,
      buyerId: owners.buyerId,
      name,
      status: 'Bid',
      bid,
      lpaId: places.lpaId,
    });
  const wanted = await bioRequirement('Housing at Mill Lane', 9000);
  const cheap = await bioRequirement('Barn conversion', 1500);
  const nitrogenNeed = async (name: string, bid: number, units: number) => {
    const id = await buildRequirement(db, {
      roundId,
      buyerId: owners.buyerId,
      name,
      creditType: 'NutrientMitigationNitrogen',
      status: 'Bid',
      bid,
      lpaId: places.lpaId,
    });
    await db
      .update(creditRequirements)
      .set({ subcatchmentId: places.subcatchmentId, nutrientOngoingUnits: units })
      .where(eq(creditRequirements.id, id));
    await db
      .update(requirementCredits)
      .set({ requiredUnits: units })
      .where(eq(requirementCredits.requirementId, id));
    return id;
  };
  const nitrogenRequirement = await nitrogenNeed('Riverside homes', 5000, 10);
  const losingNitrogen = await nitrogenNeed('Riverside flats', 3000, 15);
  const unbid = await buildRequirement(db, {
    roundId,
    buyerId: owners.buyerId,
    name: 'Office extension',
    status: 'Registered',
    lpaId: places.lpaId,
  });
  return {
    roundId,
    biodiversityProjectId: biodiversity.id,
    nitrogenProjectId: nitrogen.id,
    registeredProjectId: registered.id,
    biodiversityRequirementIds: [wanted, cheap],
    nitrogenRequirementId: nitrogenRequirement,
    losingNitrogenRequirementId: losingNitrogen,
    unbidRequirementId: unbid,
  };
}
