import type {
  AgentAuthorityStatus,
  AgentPermission,
  ClientConfirmation,
  CreditRequirementStatus,
  CreditRequirementType,
  CreditType,
  MarketRoundStatus,
  ParticipationCapacity,
  ProjectGroupType,
  ProjectStatus,
  RegistrationStatus,
} from '@curlew/domain';
import { eq, inArray } from 'drizzle-orm';
import { users } from '../src/auth/auth.tables.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { agentAuthorities, agentClients } from '../src/modules/agent-authorities/agent-authorities.tables.ts';
import { markets } from '../src/modules/markets/markets.tables.ts';
import { organisations } from '../src/modules/organisations/organisations.tables.ts';
import { participations } from '../src/modules/participations/participations.tables.ts';
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

/** A password every built user has unless a test gives another. */
export const TEST_PASSWORD = 'wading-bird-estuary-41';

let sequence = 0;
const next = (): number => {
  sequence += 1;
  return sequence;
};

let testPasswordHash: Promise<string> | undefined;

/** An organisation row (a participant unless overridden). */
export type OrganisationRow = typeof organisations.$inferSelect;
/** A user row. */
export type UserRow = typeof users.$inferSelect;

/**
 * Per-entity test factories, in one place: each inserts a valid record, creating the parents it is not given.
 */

/** Inserts a valid organisation; fields can be overridden. */
export async function buildOrganisation(
  db: Database,
  overrides: Partial<typeof organisations.$inferInsert> = {},
): Promise<OrganisationRow> {
  const n = next();
  const now = new Date();
  const [row] = await db
    .insert(organisations)
    .values({
      type: 'PARTICIPANT',
      name: `Test Organisation ${n}`,
      contact: `Contact ${n}`,
      email: `organisation${n}@curlew.test`,
      phone: '+447700900000',
      mailingAddress: `${n} Test Street, Testford`,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('No organisation inserted');
  return row;
}

/** Overrides of buildUser: any user column, plus the plain password to hash. */
type UserOverrides = Partial<typeof users.$inferInsert> & { password?: string };

/**
 * Inserts a confirmed participant user in a new participant organisation (unless `organisationId` is given),
 * with TEST_PASSWORD; answers the row and the plain password.
 */
export async function buildUser(
  db: Database,
  overrides: UserOverrides = {},
): Promise<{ user: UserRow; password: string }> {
  const { password = TEST_PASSWORD, ...columns } = overrides;
  const n = next();
  const organisationId =
    columns.organisationId === undefined ? (await buildOrganisation(db)).id : columns.organisationId;
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const passwordHash = password === TEST_PASSWORD ? await testPasswordHash : await hashPassword(password);
  const now = new Date();
  const [user] = await db
    .insert(users)
    .values({
      username: `user${n}-${process.pid}`,
      email: `user${n}-${process.pid}@curlew.test`,
      displayName: `Test User ${n}`,
      phone: '+447700900123',
      groups: ['participant'],
      passwordHash,
      confirmed: true,
      createdAt: now,
      updatedAt: now,
      ...columns,
      organisationId,
    })
    .returning();
  if (!user) throw new Error('No user inserted');
  return { user, password };
}

/** Inserts a market round (and its market) in the given status. */
export async function buildRound(
  db: Database,
  status: MarketRoundStatus = 'Open',
  name = `Round ${next()}`,
): Promise<{ id: string; name: string }> {
  const now = new Date();
  const [market] = await db
    .insert(markets)
    .values({ name: `Market ${next()}`, createdAt: now, updatedAt: now })
    .returning();
  if (!market) throw new Error('No market inserted');
  const [round] = await db
    .insert(marketRounds)
    .values({ marketId: market.id, name, status, createdAt: now, updatedAt: now })
    .returning({ id: marketRounds.id, name: marketRounds.name });
  if (!round) throw new Error('No round inserted');
  return round;
}

/** Links an agent to a client it added itself (as AddParticipantClient does). */
export async function linkClient(db: Database, agentId: string, clientId: string): Promise<void> {
  await db
    .insert(agentClients)
    .values({ agentOrganisationId: agentId, clientOrganisationId: clientId, createdAt: new Date() });
}

const APPROVAL_OF_STATUS = { Pending: null, Approved: true, Rejected: false } as const satisfies Record<
  AgentAuthorityStatus,
  boolean | null
>;

/**
 * Inserts an agent authority, Pending unless `status` (or `approved`) says otherwise; a missing round, client or
 * agent is created.
 */
export async function buildAgentAuthority(
  db: Database,
  values: {
    roundId?: string;
    clientId?: string;
    agentId?: string;
    status?: AgentAuthorityStatus;
    approved?: boolean | null;
    permissions?: AgentPermission[];
    clientConfirmation?: ClientConfirmation;
  } = {},
): Promise<string> {
  const now = new Date();
  const [row] = await db
    .insert(agentAuthorities)
    .values({
      marketRoundId: values.roundId ?? (await buildRound(db)).id,
      clientOrganisationId: values.clientId ?? (await buildOrganisation(db)).id,
      agentOrganisationId: values.agentId ?? (await buildOrganisation(db, { type: 'AGENT' })).id,
      permissions: values.permissions ?? ['RegisterForRound'],
      approved: values.approved ?? APPROVAL_OF_STATUS[values.status ?? 'Pending'],
      ...(values.clientConfirmation ? { clientConfirmation: values.clientConfirmation } : {}),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: agentAuthorities.id });
  if (!row) throw new Error('No agent authority inserted');
  return row.id;
}

/** Inserts a participation (Provisional Supplier unless told); a missing round or organisation is created. */
export async function buildParticipation(
  db: Database,
  values: {
    roundId?: string;
    organisationId?: string;
    capacity?: ParticipationCapacity;
    status?: RegistrationStatus;
  } = {},
): Promise<string> {
  const now = new Date();
  const [row] = await db
    .insert(participations)
    .values({
      marketRoundId: values.roundId ?? (await buildRound(db)).id,
      organisationId: values.organisationId ?? (await buildOrganisation(db)).id,
      capacity: values.capacity ?? 'Supplier',
      status: values.status ?? 'Provisional',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: participations.id });
  if (!row) throw new Error('No participation inserted');
  return row.id;
}

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
      name: `Project ${next()}`,
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
      name: values.name ?? `Group ${next()}`,
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
  const n = next();
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
          planningRef: `24/${String(next()).padStart(4, '0')}/FUL`,
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
      name: values.name ?? `Requirement ${next()}`,
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
      name: values.name ?? `Group ${next()}`,
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
