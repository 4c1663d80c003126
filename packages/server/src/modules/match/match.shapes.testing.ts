import { firstDeliveryYear, roundYearlyPeriods } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import {
  buildPlaces,
  buildProject,
  buildProjectGroup,
  buildRequirement,
  buildRequirementGroup,
} from '../../../test/factories.records.ts';
import type { Database } from '../../platform/db/connect.ts';
import { projectServices, projectServiceUnits } from '../projects/projects.tables.ts';
import { lpas } from '../refdata/refdata.tables.ts';
import { creditRequirements, requirementCredits } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';

/** A service of a generated round, as the test knows it: its units in each calendar year. */
export interface ShapedService {
  name: string;
  creditType: 'Biodiversity' | 'NutrientMitigationNitrogen';
  permanent: boolean;
  lpa: string;
  unitsIn: (year: number) => number;
}

/** A requirement of a generated round: its units in each year it needs them. */
export interface ShapedRequirement {
  name: string;
  lpa: string;
  years: number[];
  unitsIn: (year: number) => number;
}

/** A round generated from a seed, with what the test needs to check its accepted allocations independently. */
export interface ShapedRound {
  roundId: string;
  reserve: { percentage: number; appliesTo: 'supply' | 'allDemand' | 'ongoingDemand' } | null;
  services: Map<string, ShapedService>;
  requirements: Map<string, ShapedRequirement>;
  /** The statutory multiplier from a service's LPA to a requirement's (LPAs A and B are neighbours, C is apart). */
  multiplier: (service: ShapedService, requirement: ShapedRequirement) => number;
}

/** A small deterministic random source (mulberry32). */
const randomFrom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
};

const RESERVES: ShapedRound['reserve'][] = [
  null,
  { percentage: 15, appliesTo: 'supply' },
  { percentage: 12.5, appliesTo: 'allDemand' },
  { percentage: 20, appliesTo: 'ongoingDemand' },
];

/**
 * A round closed for bids and offers, generated from `seed`: three to five biodiversity projects with fractional
 * units (each with three to six divisible or indivisible requirements sized to compete for it, in its own,
 * a neighbouring or a further LPA), a permanent nitrogen project with different units in its first two years and
 * three ongoing nitrogen requirements, a reserve in one of the four modes (by seed), and on every other seed an XOR
 * project group and an AND requirement group.
 */
export async function buildShapedRound(
  db: Database,
  roundId: string,
  seed: number,
  owners: { supplierId: string; buyerId: string },
  now: Date,
): Promise<ShapedRound> {
  const random = randomFrom(seed * 7919);
  const between = (min: number, max: number, decimals = 2) =>
    Math.round((min + random() * (max - min)) * 10 ** decimals) / 10 ** decimals;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const first = firstDeliveryYear(now);
  const reserve = RESERVES[seed % RESERVES.length] ?? null;
  await db
    .update(marketRounds)
    .set({
      services: ['Biodiversity', 'NutrientMitigationNitrogen'],
      ampEnd: `${first + 2}-03-31`,
      reservePercentage: reserve?.percentage ?? null,
      reserveAppliesTo: reserve?.appliesTo ?? null,
      reserveAgreedWithEMB: reserve !== null,
    })
    .where(eq(marketRounds.id, roundId));
  const years = roundYearlyPeriods({ firstDeliveryYear: first, ampEnd: `${first + 2}-03-31` }).map(
    (p) => p.year,
  );

  // LPAs A, B, C: A and B are neighbours.
  const places = [await buildPlaces(db), await buildPlaces(db), await buildPlaces(db)];
  const codes = await Promise.all(
    places.map(async (place) => {
      const [row] = await db.select({ code: lpas.code }).from(lpas).where(eq(lpas.id, place.lpaId));
      return row?.code ?? '';
    }),
  );
  const [a, b, c] = places;
  if (!a || !b || !c) throw new Error('No places');
  await db
    .update(lpas)
    .set({ neighbourCodes: [codes[1] ?? ''] })
    .where(eq(lpas.id, a.lpaId));
  await db
    .update(lpas)
    .set({ neighbourCodes: [codes[0] ?? ''] })
    .where(eq(lpas.id, b.lpaId));
  const multiplier = (service: ShapedService, requirement: ShapedRequirement) => {
    if (service.lpa === requirement.lpa) return 1;
    const pair = [service.lpa, requirement.lpa].sort().join('|');
    return pair === [a.lpaId, b.lpaId].sort().join('|') ? 0.75 : 0.5;
  };

  const services = new Map<string, ShapedService>();
  const requirements = new Map<string, ShapedRequirement>();
  const serviceOf = async (projectId: string) => {
    const [row] = await db
      .select({ id: projectServices.id })
      .from(projectServices)
      .where(eq(projectServices.projectId, projectId));
    if (!row) throw new Error('No service');
    return row.id;
  };
  const setNeed = async (id: string, units: number, set: Partial<typeof creditRequirements.$inferInsert>) => {
    await db.update(creditRequirements).set(set).where(eq(creditRequirements.id, id));
    await db
      .update(requirementCredits)
      .set({ requiredUnits: units })
      .where(eq(requirementCredits.requirementId, id));
  };

  const bioProjects: string[] = [];
  const bioRequirements: string[] = [];
  const projectCount = 3 + Math.floor(random() * 3);
  for (let p = 0; p < projectCount; p++) {
    const place = pick(places);
    const units = between(3, 25);
    const project = await buildProject(db, {
      roundId,
      supplierId: owners.supplierId,
      name: `Meadow ${seed}.${p}`,
      status: 'Offered',
      offer: Math.round(units * between(50, 300, 0)),
      lpaId: place.lpaId,
      ncaId: place.ncaId,
      locationCreditTypes: ['Biodiversity'],
      nearAddress: 'Home Farm',
      baselineUnitsLost: 0,
      yearsToTargetCondition: 1,
      gainsPerYear: [units],
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
    bioProjects.push(project.id);
    services.set(await serviceOf(project.id), {
      name: project.name,
      creditType: 'Biodiversity',
      permanent: true,
      lpa: place.lpaId,
      unitsIn: (year) => (year === first ? units : 0),
    });
    // Three to six requirements that together want a little more than the project has.
    const count = 3 + Math.floor(random() * 4);
    for (let q = 0; q < count; q++) {
      const lpa = pick(places).lpaId;
      const need = between((units * 0.9) / count, (units * 1.5) / count, random() < 0.3 ? 3 : 2);
      const id = await buildRequirement(db, {
        roundId,
        buyerId: owners.buyerId,
        name: `Homes ${seed}.${p}.${q}`,
        status: 'Bid',
        bid: Math.round(need * between(400, 1500, 0)),
        lpaId: lpa,
      });
      await setNeed(id, need, { bioUnits: need, bioIsDivisible: random() > 0.2 });
      bioRequirements.push(id);
      requirements.set(id, {
        name: `Homes ${seed}.${p}.${q}`,
        lpa,
        years: [first],
        unitsIn: (year) => (year === first ? need : 0),
      });
    }
  }

  // A permanent nitrogen project with different units in its first two years, and three ongoing needs.
  const nitrogenUnits = [between(6, 15), between(6, 15)];
  const nitrogen = await buildProject(db, {
    roundId,
    supplierId: owners.supplierId,
    name: `Wetland ${seed}`,
    status: 'Offered',
    offer: between(100, 800, 0),
    lpaId: a.lpaId,
    ncaId: a.ncaId,
    subcatchmentId: a.subcatchmentId,
    locationCreditTypes: ['NutrientMitigationNitrogen'],
    nearAddress: 'Home Farm',
    services: [{ type: 'NutrientMitigationNitrogen', status: 'Certified', mitigationDuration: 'Permanent' }],
  });
  const nitrogenService = await serviceOf(nitrogen.id);
  await db.insert(projectServiceUnits).values(
    nitrogenUnits.map((units, i) => ({
      serviceId: nitrogenService,
      start: `${first + i}-01-01`,
      end: `${first + i}-12-31`,
      units,
    })),
  );
  services.set(nitrogenService, {
    name: nitrogen.name,
    creditType: 'NutrientMitigationNitrogen',
    permanent: true,
    lpa: a.lpaId,
    unitsIn: (year) => nitrogenUnits[Math.min(year - first, nitrogenUnits.length - 1)] ?? 0,
  });
  for (let q = 0; q < 3; q++) {
    const need = between(2, 6);
    const id = await buildRequirement(db, {
      roundId,
      buyerId: owners.buyerId,
      name: `Riverside ${seed}.${q}`,
      creditType: 'NutrientMitigationNitrogen',
      status: 'Bid',
      bid: Math.round(need * years.length * between(300, 900, 0)),
      lpaId: a.lpaId,
    });
    await setNeed(id, need, { subcatchmentId: a.subcatchmentId, nutrientOngoingUnits: need });
    requirements.set(id, { name: `Riverside ${seed}.${q}`, lpa: a.lpaId, years, unitsIn: () => need });
  }

  if (seed % 2 === 0) {
    await buildProjectGroup(db, {
      supplierId: owners.supplierId,
      roundId,
      type: 'XOR',
      projectIds: bioProjects.slice(0, 2),
    });
    await buildRequirementGroup(db, { buyerId: owners.buyerId, requirementIds: bioRequirements.slice(-2) });
  }
  return { roundId, reserve, services, requirements, multiplier };
}
