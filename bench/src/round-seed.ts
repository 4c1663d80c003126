// Seeds a market round from the clearing engine's generator through the database: the generated projects and
// requirements become Offered projects (certified services, units per year, groups) and Bid credit requirements of
// one supplier and one buyer, in a round closed for bids and offers, on a grid of LPAs with their neighbours.

import { creditDurationFromYears, firstDeliveryYear, roundYearlyPeriods } from '@curlew/domain';
import { generateRound, type Instance, type RoundShape } from '@curlew/matching';
import { markets } from '../../packages/server/src/modules/markets/markets.tables.ts';
import { organisations } from '../../packages/server/src/modules/organisations/organisations.tables.ts';
import { projectGroups } from '../../packages/server/src/modules/project-groups/project-groups.tables.ts';
import {
  projectServices,
  projectServiceUnits,
  projects,
} from '../../packages/server/src/modules/projects/projects.tables.ts';
import { lpas, ncas, subcatchments } from '../../packages/server/src/modules/refdata/refdata.tables.ts';
import {
  requirementGroupMembers,
  requirementGroups,
} from '../../packages/server/src/modules/requirement-groups/requirement-groups.tables.ts';
import {
  creditRequirements,
  requirementBids,
  requirementCredits,
} from '../../packages/server/src/modules/requirements/requirements.tables.ts';
import { marketRounds } from '../../packages/server/src/modules/rounds/rounds.tables.ts';
import type { Database } from '../../packages/server/src/platform/db/connect.ts';

/** How many rows one insert statement carries. */
const BATCH = 500;

async function insertAll<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** The seeded round: its id, the generated round it was built from, and what was inserted. */
export interface SeededRound {
  roundId: string;
  generated: Instance;
  projects: number;
  requirements: number;
}

/**
 * Inserts the round `shape` generates (`tag` keeps its reference rows apart from another seeded round's). Every
 * generated requirement becomes a buyer's requirement (area habitats) or, for hedgerow and watercourse units, an
 * investor's (Low or Medium: investors name no habitat type); requirement XOR groups are not a thing a buyer can
 * make, so those requirements stand alone; AND groups become requirement groups.
 */
export async function seedGeneratedRound(
  db: Database,
  shape: RoundShape,
  tag: string,
  timeLimitSeconds: number,
): Promise<SeededRound> {
  const generated = generateRound(shape);
  const now = new Date();
  const first = firstDeliveryYear(now);
  const periods = roundYearlyPeriods({
    firstDeliveryYear: first,
    ampEnd: `${first + generated.years - 1}-12-31`,
  });
  const [market] = await db
    .insert(markets)
    .values({ name: `Bench market ${tag}`, createdAt: now, updatedAt: now })
    .returning();
  if (!market) throw new Error('No market inserted');
  const [round] = await db
    .insert(marketRounds)
    .values({
      marketId: market.id,
      name: `Bench round ${tag}`,
      status: 'ClosedForBidsAndOffers',
      services: ['Biodiversity', 'NutrientMitigationNitrogen', 'NutrientMitigationPhosphorous'],
      ampEnd: `${first + generated.years - 1}-12-31`,
      reservePercentage: generated.reservePercent,
      reserveAppliesTo: 'supply',
      solverTimeLimitSeconds: timeLimitSeconds,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!round) throw new Error('No round inserted');
  const organisation = async (name: string) => {
    const [row] = await db
      .insert(organisations)
      .values({
        type: 'PARTICIPANT',
        name,
        contact: name,
        email: `${name.toLowerCase().replaceAll(' ', '.')}@bench.curlew.test`,
        phone: '+447700900000',
        mailingAddress: '1 Bench Street, Testford',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: organisations.id });
    if (!row) throw new Error('No organisation inserted');
    return row.id;
  };
  const supplierId = await organisation(`Bench supplier ${tag}`);
  const buyerId = await organisation(`Bench buyer ${tag}`);

  // Places: the generator's LPAs (grid neighbours are neighbours), NCAs and subcatchments.
  const lpaNames = new Set<string>();
  const ncaNames = new Set<string>();
  const subNames = new Set<string>();
  for (const item of [...generated.projects, ...generated.requirements]) {
    if (item.lpa) lpaNames.add(item.lpa);
    if (item.nca) ncaNames.add(item.nca);
    if (item.subcatchment) subNames.add(item.subcatchment);
  }
  for (const [a, b] of generated.neighbours?.lpa ?? []) lpaNames.add(a).add(b);
  const codeOf = (lpa: string) => `E69${tag}${lpa.slice(1).padStart(4, '0')}`;
  const neighbours = new Map<string, string[]>();
  for (const [a, b] of generated.neighbours?.lpa ?? []) {
    neighbours.set(a, [...(neighbours.get(a) ?? []), codeOf(b)]);
    neighbours.set(b, [...(neighbours.get(b) ?? []), codeOf(a)]);
  }
  const lpaRows = await db
    .insert(lpas)
    .values(
      [...lpaNames].map((lpa) => ({
        code: codeOf(lpa),
        name: `Bench LPA ${tag} ${lpa}`,
        authorityType: 'Unitary authority' as const,
        neighbourCodes: neighbours.get(lpa) ?? [],
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: lpas.id, code: lpas.code });
  const lpaId = new Map(
    [...lpaNames].map((lpa) => [lpa, lpaRows.find((row) => row.code === codeOf(lpa))?.id]),
  );
  const ncaRows = await db
    .insert(ncas)
    .values(
      [...ncaNames].map((nca, i) => ({
        number: 5000 + Number(tag) * 1000 + i,
        name: `Bench NCA ${tag} ${nca}`,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: ncas.id, name: ncas.name });
  const ncaId = new Map(ncaRows.map((row) => [row.name.split(' ').at(-1), row.id]));
  const subRows = await db
    .insert(subcatchments)
    .values(
      [...subNames].map((sub) => ({
        name: `Bench subcatchment ${tag} ${sub}`,
        nutrient: 'N+P' as const,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: subcatchments.id, name: subcatchments.name });
  const subId = new Map(subRows.map((row) => [row.name.split(' ').at(-1), row.id]));

  // Project groups (XOR and AND), then projects, their services and units per year.
  const groupIds = new Map<string, string>();
  const groupsWanted = new Map<string, 'XOR' | 'AND'>();
  for (const project of generated.projects)
    if (project.group) groupsWanted.set(project.group.id, project.group.type);
  if (groupsWanted.size > 0) {
    const rows = await db
      .insert(projectGroups)
      .values(
        [...groupsWanted].map(([id, type]) => ({
          name: `Bench group ${id}`,
          type,
          supplierId,
          marketRoundId: round.id,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: projectGroups.id, name: projectGroups.name });
    for (const row of rows) groupIds.set(row.name.slice('Bench group '.length), row.id);
  }
  const projectIds: string[] = [];
  await insertAll(generated.projects, async (batch) => {
    const rows = await db
      .insert(projects)
      .values(
        batch.map((p) => ({
          name: `Bench project ${p.id}`,
          status: 'Offered' as const,
          supplierId,
          marketId: market.id,
          marketRoundId: round.id,
          groupId: p.group ? (groupIds.get(p.group.id) ?? null) : null,
          serviceTypes: [...new Set(p.credits.map((c) => c.type))],
          locationCreditTypes: [...new Set(p.credits.map((c) => c.type))],
          lpaId: p.lpa ? lpaId.get(p.lpa) : null,
          ncaId: p.nca ? ncaId.get(p.nca) : null,
          subcatchmentId: p.subcatchment ? subId.get(p.subcatchment) : null,
          nearAddress: 'Bench Farm',
          marketOperatorFee: 0,
          complianceMonitoring: 0,
          performanceMonitoring: 0,
          maintenance: 0,
          offer: p.offer,
          offeredAt: now,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: projects.id });
    projectIds.push(...rows.map((row) => row.id));
  });
  const services = generated.projects.flatMap((p, i) =>
    p.credits.map((credit) => ({ projectId: projectIds[i] as string, credit })),
  );
  const units: (typeof projectServiceUnits.$inferInsert)[] = [];
  await insertAll(services, async (batch) => {
    const rows = await db
      .insert(projectServices)
      .values(
        batch.map(({ projectId, credit }) => ({
          projectId,
          type: credit.type,
          status: 'Certified' as const,
          module: credit.module ?? null,
          broadHabitat: credit.broadHabitat ?? null,
          habitatType: credit.habitatType ?? null,
          distinctiveness: credit.distinctiveness ?? null,
          mitigationBegins: `${first}-01-01`,
          mitigationDuration: credit.permanent
            ? ('Permanent' as const)
            : (creditDurationFromYears(Math.min(5, credit.units.filter((u) => u > 0).length)) ?? 'FiveYears'),
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: projectServices.id });
    batch.forEach(({ credit }, i) => {
      const serviceId = rows[i]?.id as string;
      // Biodiversity: its units at target condition; nutrients: kg a year in each year it delivers.
      const yearly = credit.type === 'Biodiversity' ? [credit.units[0] ?? 0] : credit.units;
      yearly.forEach((value, t) => {
        const period = periods[t];
        if (period && value > 0)
          units.push({ serviceId, start: period.start, end: period.end, units: value });
      });
    });
  });
  await insertAll(units, (batch) => db.insert(projectServiceUnits).values(batch));

  // Requirements, their credits, bids and AND groups.
  const requirementIds: string[] = [];
  await insertAll(generated.requirements, async (batch) => {
    const rows = await db
      .insert(creditRequirements)
      .values(
        batch.map((r) =>
          requirementValues(r, { buyerId, marketId: market.id, roundId: round.id, now, lpaId, ncaId, subId }),
        ),
      )
      .returning({ id: creditRequirements.id });
    requirementIds.push(...rows.map((row) => row.id));
  });
  const pairs = generated.requirements.map((r, i) => ({ r, id: requirementIds[i] as string }));
  await insertAll(pairs, (batch) =>
    db.insert(requirementCredits).values(
      batch.map(({ r, id }) => ({
        requirementId: id,
        type: r.type,
        requiredUnits: Math.max(...r.units),
        isPermanent: true,
      })),
    ),
  );
  await insertAll(pairs, (batch) =>
    db
      .insert(requirementBids)
      .values(batch.map(({ r, id }) => ({ requirementId: id, bid: r.bid, updatedAt: now }))),
  );
  const andGroups = new Map<string, string[]>();
  for (const { r, id } of pairs)
    if (r.group?.type === 'AND') andGroups.set(r.group.id, [...(andGroups.get(r.group.id) ?? []), id]);
  for (const [name, members] of andGroups) {
    const [group] = await db
      .insert(requirementGroups)
      .values({
        name: `Bench group ${name}`,
        buyerId,
        marketRoundId: round.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: requirementGroups.id });
    if (!group) throw new Error('No requirement group inserted');
    await db
      .insert(requirementGroupMembers)
      .values(members.map((requirementId) => ({ groupId: group.id, requirementId })));
  }
  return { roundId: round.id, generated, projects: projectIds.length, requirements: requirementIds.length };
}

type Places = {
  buyerId: string;
  marketId: string;
  roundId: string;
  now: Date;
  lpaId: Map<string, string | undefined>;
  ncaId: Map<string | undefined, string>;
  subId: Map<string | undefined, string>;
};

function requirementValues(
  r: Instance['requirements'][number],
  at: Places,
): typeof creditRequirements.$inferInsert {
  const common = {
    name: `Bench requirement ${r.id}`,
    status: 'Bid' as const,
    buyerId: at.buyerId,
    marketId: at.marketId,
    marketRoundId: at.roundId,
    redemptionDate: '2030-06-30',
    // A development is always somewhere: a nutrient requirement (placed by its subcatchment) is put in the first LPA.
    lpaId: at.lpaId.get(r.lpa ?? 'L1'),
    ncaId: r.nca ? at.ncaId.get(r.nca) : null,
    creditTypes: [r.type],
    units: Math.max(...r.units),
    createdAt: at.now,
    updatedAt: at.now,
  };
  if (r.type === 'Biodiversity' && r.module !== 'Area') {
    const band = r.distinctiveness === 'Low' ? 'Low' : 'Medium';
    return {
      ...common,
      type: 'Investor',
      investorUnits: r.units[0] ?? 0,
      investorIsDivisible: r.divisible,
      investorModule: r.module ?? 'Linear',
      investorDistinctiveness: band,
      investorBroadHabitat: r.broadHabitat ?? null,
    };
  }
  const development = {
    type: 'Buyer' as const,
    creditType: r.type,
    developmentCreditType: r.type,
    planningRef: `BENCH/${r.id}`,
    nearAddress: '1 Bench Road',
    localOnly: r.localOnly ?? false,
  };
  if (r.type === 'Biodiversity')
    return {
      ...common,
      ...development,
      bioBroadHabitat: r.broadHabitat ?? null,
      bioHabitatType: r.habitatType ?? null,
      bioDistinctiveness: r.distinctiveness ?? null,
      bioUnits: r.units[0] ?? 0,
      bioIsDivisible: r.divisible,
    };
  return {
    ...common,
    ...development,
    subcatchmentId: r.subcatchment ? at.subId.get(r.subcatchment) : null,
    nutrientType: 'ongoing',
    nutrientOngoingUnits: Math.max(...r.units),
  };
}
