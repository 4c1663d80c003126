import type {
  CreditRequirementStatus,
  CreditRequirementType,
  CreditType,
  ProjectGroupType,
  ProjectStatus,
} from '@curlew/domain';
import { eq, inArray } from 'drizzle-orm';
import { organisations } from '../src/modules/organisations/organisations.tables.ts';
import { projectGroups } from '../src/modules/project-groups/project-groups.tables.ts';
import { projectServices, projects } from '../src/modules/projects/projects.tables.ts';
import { lpas, ncas, subcatchments } from '../src/modules/refdata/refdata.tables.ts';
import {
  requirementGroupMembers,
  requirementGroups,
} from '../src/modules/requirement-groups/requirement-groups.tables.ts';
import {
  creditRequirements,
  requirementBids,
  requirementCredits,
} from '../src/modules/requirements/requirements.tables.ts';
import { marketRounds } from '../src/modules/rounds/rounds.tables.ts';
import type { Database } from '../src/platform/db/connect.ts';
import { buildRound } from './factories.rounds.ts';
import { buildOrganisation, nextNumber } from './factories.ts';

/** Test factories of the records traded in a round: projects and their groups, places, requirements and their groups. */

/** What buildProject may set: any project column, plus services to add. */
type ProjectOverrides = Partial<typeof projects.$inferInsert> & {
  status?: ProjectStatus;
  roundId?: string;
  /** Services to insert (Biodiversity unless a type is given). */
  services?: Partial<typeof projectServices.$inferInsert>[];
};

/**
 * Inserts a project (Draft unless `status` says otherwise) of a supplier in a round; a missing supplier or round is
 * created. Services given are inserted with it and its `serviceTypes` kept in step.
 */
export async function buildProject(
  db: Database,
  overrides: ProjectOverrides = {},
): Promise<typeof projects.$inferSelect> {
  const { roundId, services = [], ...columns } = overrides;
  const now = new Date();
  const marketRoundId =
    columns.marketRoundId !== undefined ? columns.marketRoundId : (roundId ?? (await buildRound(db)).id);
  const [roundRow] =
    marketRoundId === null
      ? []
      : await db
          .select({ marketId: marketRounds.marketId })
          .from(marketRounds)
          .where(eq(marketRounds.id, marketRoundId));
  const types = [...new Set(services.map((service) => service.type ?? 'Biodiversity'))];
  const [row] = await db
    .insert(projects)
    .values({
      name: `Project ${nextNumber()}`,
      supplierId: columns.supplierId ?? (await buildOrganisation(db)).id,
      marketRoundId,
      marketId: roundRow?.marketId ?? null,
      serviceTypes: types,
      createdAt: now,
      updatedAt: now,
      ...columns,
    })
    .returning();
  if (!row) throw new Error('No project inserted');
  for (const service of services)
    await db.insert(projectServices).values({
      projectId: row.id,
      type: 'Biodiversity',
      mitigationBegins: '2026-04-01',
      createdAt: now,
      updatedAt: now,
      ...service,
    });
  return row;
}

/** Inserts a project group (XOR unless told) of a supplier in a round; a missing supplier or round is created. */
export async function buildProjectGroup(
  db: Database,
  values: {
    supplierId?: string;
    roundId?: string;
    type?: ProjectGroupType;
    name?: string;
    projectIds?: string[];
  } = {},
): Promise<typeof projectGroups.$inferSelect> {
  const now = new Date();
  const [row] = await db
    .insert(projectGroups)
    .values({
      name: values.name ?? `Group ${nextNumber()}`,
      type: values.type ?? 'XOR',
      supplierId: values.supplierId ?? (await buildOrganisation(db)).id,
      marketRoundId: values.roundId ?? (await buildRound(db)).id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('No project group inserted');
  if (values.projectIds !== undefined && values.projectIds.length > 0)
    await db.update(projects).set({ groupId: row.id }).where(inArray(projects.id, values.projectIds));
  return row;
}

/** Inserts a local planning authority, an NCA and a subcatchment (reference rows the tests own). */
export async function buildPlaces(
  db: Database,
): Promise<{ lpaId: string; ncaId: string; subcatchmentId: string }> {
  const n = nextNumber();
  const now = new Date();
  const [lpa] = await db
    .insert(lpas)
    .values({
      code: `E6099${String(n).padStart(4, '0')}`,
      name: `Test LPA ${n}`,
      authorityType: 'Unitary authority',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: lpas.id });
  const [nca] = await db
    .insert(ncas)
    .values({ number: 900 + n, name: `Test NCA ${n}`, createdAt: now, updatedAt: now })
    .returning({ id: ncas.id });
  const [subcatchment] = await db
    .insert(subcatchments)
    .values({ name: `Test subcatchment ${n}`, nutrient: 'N+P', createdAt: now, updatedAt: now })
    .returning({ id: subcatchments.id });
  if (!lpa || !nca || !subcatchment) throw new Error('No places inserted');
  return { lpaId: lpa.id, ncaId: nca.id, subcatchmentId: subcatchment.id };
}

/**
 * Inserts a credit requirement, complete (credits and development or location) unless `complete` is false; a missing
 * buyer, round and LPA are created (a new round trades every credit type). `roundId: null` leaves it in no round.
 */
export async function buildRequirement(
  db: Database,
  values: {
    status?: CreditRequirementStatus;
    type?: CreditRequirementType;
    creditType?: CreditType;
    name?: string;
    buyerId?: string;
    agentId?: string | null;
    roundId?: string | null;
    lpaId?: string;
    bid?: number;
    complete?: boolean;
  } = {},
): Promise<string> {
  const now = new Date();
  const type = values.type ?? 'Buyer';
  const creditType = values.creditType ?? 'Biodiversity';
  let roundId = values.roundId;
  if (roundId === undefined) {
    roundId = (await buildRound(db)).id;
    await db
      .update(marketRounds)
      .set({ services: ['Biodiversity', 'NutrientMitigationNitrogen', 'NutrientMitigationPhosphorous'] })
      .where(eq(marketRounds.id, roundId));
  }
  const [round] =
    roundId === null ? [] : await db.select().from(marketRounds).where(eq(marketRounds.id, roundId));
  const complete = values.complete !== false;
  const lpaId = complete ? (values.lpaId ?? (await buildPlaces(db)).lpaId) : null;
  const units = 10;
  const buyerPart =
    type === 'Buyer' && complete
      ? creditType === 'Biodiversity'
        ? {
            creditType,
            bioBroadHabitat: 'Grassland',
            bioDistinctiveness: 'Medium' as const,
            bioUnits: units,
            bioIsDivisible: true,
          }
        : { creditType, nutrientType: 'ongoing' as const, nutrientOngoingUnits: units }
      : {};
  const placePart =
    type === 'Buyer' && complete
      ? {
          developmentCreditType: creditType,
          planningRef: `24/${String(nextNumber()).padStart(4, '0')}/FUL`,
          redemptionDate: '2027-06-30',
          lpaId,
          nearAddress: '1 High Street',
        }
      : type === 'Investor' && complete
        ? {
            investorUnits: units,
            redemptionDate: '2027-06-30',
            investorIsDivisible: true,
            investorModule: 'Area' as const,
            investorDistinctiveness: 'Medium' as const,
            lpaId,
            ncaId: (await buildPlaces(db)).ncaId,
          }
        : {};
  const buyerId = values.buyerId ?? (await buildOrganisation(db)).id;
  const [buyer] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, buyerId));
  const [row] = await db
    .insert(creditRequirements)
    .values({
      name: values.name ?? `Requirement ${nextNumber()}`,
      type,
      status: values.status ?? 'Draft',
      buyerId,
      buyerName: buyer?.name ?? '',
      agentId: values.agentId ?? null,
      marketId: round?.marketId ?? null,
      marketRoundId: round?.id ?? null,
      ...buyerPart,
      ...placePart,
      creditTypes: complete ? [type === 'Investor' ? 'Biodiversity' : creditType] : [],
      units: complete ? units : 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: creditRequirements.id });
  if (!row) throw new Error('No requirement inserted');
  if (complete)
    await db.insert(requirementCredits).values({
      requirementId: row.id,
      type: type === 'Investor' ? 'Biodiversity' : creditType,
      requiredUnits: units,
      isPermanent: true,
    });
  if (values.bid !== undefined)
    await db.insert(requirementBids).values({ requirementId: row.id, bid: values.bid, updatedAt: now });
  return row.id;
}

/** Inserts a requirement group of the given requirements (one new requirement of a new buyer when none is given). */
export async function buildRequirementGroup(
  db: Database,
  values: { name?: string; buyerId?: string; roundId?: string | null; requirementIds?: string[] } = {},
): Promise<string> {
  const now = new Date();
  const buyerId = values.buyerId ?? (await buildOrganisation(db)).id;
  const requirementIds = values.requirementIds ?? [
    await buildRequirement(db, {
      buyerId,
      ...(values.roundId === undefined ? {} : { roundId: values.roundId }),
    }),
  ];
  const [first] = await db
    .select({ roundId: creditRequirements.marketRoundId })
    .from(creditRequirements)
    .where(eq(creditRequirements.id, requirementIds[0] ?? ''));
  const [row] = await db
    .insert(requirementGroups)
    .values({
      name: values.name ?? `Group ${nextNumber()}`,
      buyerId,
      marketRoundId: first?.roundId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: requirementGroups.id });
  if (!row) throw new Error('No requirement group inserted');
  if (requirementIds.length > 0)
    await db
      .insert(requirementGroupMembers)
      .values(requirementIds.map((requirementId) => ({ groupId: row.id, requirementId })));
  return row.id;
}
