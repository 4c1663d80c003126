import type { AgentPermission } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { buildProject, buildProjectGroup } from '../../../test/factories.records.ts';
import { buildAgentAuthority, buildParticipation } from '../../../test/factories.rounds.ts';
import type { World } from '../../../test/world.ts';
import type { Database } from '../../platform/db/connect.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { habitats, lpas, ncas, projectTypes, standards, subcatchments } from '../refdata/refdata.tables.ts';
import { declareEverything } from '../rounds/rounds.testing.ts';

let sequence = 0;

/** Reference rows the project tests name: a habitat, two LPAs, an NCA, a subcatchment, a standard, two types. */
export interface ProjectReferences {
  habitat: { module: 'Area'; broadHabitat: string; habitatType: string };
  lpaId: string;
  otherLpaId: string;
  ncaId: string;
  subcatchmentId: string;
  standardId: string;
  typeId: string;
  incompatibleTypeId: string;
}

/** Inserts the reference rows the project tests use. */
export async function buildProjectReferences(db: Database): Promise<ProjectReferences> {
  const n = ++sequence;
  const now = new Date();
  const habitatType = `Test meadow ${n}`;
  await db.insert(habitats).values({
    module: 'Area',
    broadHabitat: 'Grassland',
    habitatType,
    distinctiveness: 'High',
    distinctivenessScore: 6,
    tradingRule: 'Same habitat required',
  });
  const [lpa, otherLpa] = await db
    .insert(lpas)
    .values([
      {
        code: `E6099${String(n).padStart(4, '0')}`,
        name: `Test LPA ${n}`,
        authorityType: 'Unitary authority',
      },
      {
        code: `E6098${String(n).padStart(4, '0')}`,
        name: `Other LPA ${n}`,
        authorityType: 'Unitary authority',
      },
    ])
    .returning({ id: lpas.id });
  const [nca] = await db
    .insert(ncas)
    .values({ number: 900 + n, name: `Test NCA ${n}` })
    .returning({ id: ncas.id });
  const [subcatchment] = await db
    .insert(subcatchments)
    .values({ name: `Test subcatchment ${n}`, nutrient: 'N+P' })
    .returning({ id: subcatchments.id });
  const [standard] = await db
    .insert(standards)
    .values({ name: `Test standard ${n}`, createdAt: now, updatedAt: now })
    .returning({ id: standards.id });
  const [type, incompatible] = await db
    .insert(projectTypes)
    .values([
      { name: `Habitat creation ${n}` },
      { name: `Solar farm ${n}`, incompatibleWithCurrentService: true },
    ])
    .returning({ id: projectTypes.id });
  if (!lpa || !otherLpa || !nca || !subcatchment || !standard || !type || !incompatible)
    throw new Error('No reference rows inserted');
  return {
    habitat: { module: 'Area', broadHabitat: 'Grassland', habitatType },
    lpaId: lpa.id,
    otherLpaId: otherLpa.id,
    ncaId: nca.id,
    subcatchmentId: subcatchment.id,
    standardId: standard.id,
    typeId: type.id,
    incompatibleTypeId: incompatible.id,
  };
}

/** Links the world's LPA organisation to a reference LPA. */
export async function linkLpa(db: Database, world: World, lpaId: string): Promise<void> {
  await db
    .update(organisations)
    .set({ lpaId })
    .where(eq(organisations.id, world.members.lpa.organisation.id));
}

/**
 * Makes the world's participant and the agent's client Registered Suppliers of `roundId`, gives the agent approved
 * authority for the client there with `permissions`, and the round a declaration of every category; answers the
 * declaration ids by category.
 */
export async function prepareSuppliers(
  db: Database,
  world: World,
  roundId: string,
  permissions: AgentPermission[] = ['RegisterForRound', 'MakeOffersOrBids'],
): Promise<Record<string, string>> {
  for (const organisationId of [world.members.participant.organisation.id, world.client.id])
    await buildParticipation(db, { roundId, organisationId, capacity: 'Supplier', status: 'Registered' });
  await buildAgentAuthority(db, {
    roundId,
    clientId: world.client.id,
    agentId: world.members.agent.organisation.id,
    status: 'Approved',
    permissions,
  });
  return declareEverything(db, roundId);
}

/** The "own" record of each role and one of another tenant, as the authorisation matrix names its targets. */
interface MatrixTargets {
  own: Partial<Record<'admin' | 'sysadmin' | 'lpa' | 'participant' | 'agent' | 'anonymous', string>>;
  another: string;
}

/**
 * Projects and project groups for the authorisation matrix: the participant's project (located in the LPA's area,
 * the LPA organisation linked to it), the agent's client's project it is named agent of, and another participant's
 * project elsewhere; the same for groups (an LPA has none: its "own" group is the participant's).
 */
export async function buildProjectMatrixTargets(
  db: Database,
  world: World,
): Promise<{ project: MatrixTargets; 'project-group': MatrixTargets }> {
  const refs = await buildProjectReferences(db);
  await linkLpa(db, world, refs.lpaId);
  const roundId = world.openRound.id;
  const own = await buildProject(db, {
    roundId,
    supplierId: world.members.participant.organisation.id,
    lpaId: refs.lpaId,
  });
  const client = await buildProject(db, {
    roundId,
    supplierId: world.client.id,
    agentId: world.members.agent.organisation.id,
  });
  const other = await buildProject(db, {
    roundId,
    supplierId: world.otherParticipant.organisation.id,
    lpaId: refs.otherLpaId,
  });
  const ownGroup = await buildProjectGroup(db, {
    roundId,
    supplierId: world.members.participant.organisation.id,
  });
  const otherGroup = await buildProjectGroup(db, {
    roundId,
    supplierId: world.otherParticipant.organisation.id,
  });
  return {
    project: {
      own: {
        admin: own.id,
        sysadmin: own.id,
        lpa: own.id,
        participant: own.id,
        agent: client.id,
        anonymous: own.id,
      },
      another: other.id,
    },
    'project-group': {
      own: {
        admin: ownGroup.id,
        sysadmin: ownGroup.id,
        lpa: ownGroup.id,
        participant: ownGroup.id,
        agent: ownGroup.id,
        anonymous: ownGroup.id,
      },
      another: otherGroup.id,
    },
  };
}
