import type {
  AgentAuthorityStatus,
  AgentPermission,
  ClientConfirmation,
  MarketRoundStatus,
  ParticipationCapacity,
  RegistrationStatus,
} from '@curlew/domain';
import { agentAuthorities } from '../src/modules/agent-authorities/agent-authorities.tables.ts';
import { markets } from '../src/modules/markets/markets.tables.ts';
import { participations } from '../src/modules/participations/participations.tables.ts';
import { marketRounds } from '../src/modules/rounds/rounds.tables.ts';
import type { Database } from '../src/platform/db/connect.ts';
import { buildOrganisation, nextNumber } from './factories.ts';

/** Test factories of market rounds and of what organisations hold in a round: agent authorities, participations. */

/** Inserts a market round (and its market) in the given status. */
export async function buildRound(
  db: Database,
  status: MarketRoundStatus = 'Open',
  name = `Round ${nextNumber()}`,
): Promise<{ id: string; name: string }> {
  const now = new Date();
  const [market] = await db
    .insert(markets)
    .values({ name: `Market ${nextNumber()}`, createdAt: now, updatedAt: now })
    .returning();
  if (!market) throw new Error('No market inserted');
  const [round] = await db
    .insert(marketRounds)
    .values({ marketId: market.id, name, status, createdAt: now, updatedAt: now })
    .returning({ id: marketRounds.id, name: marketRounds.name });
  if (!round) throw new Error('No round inserted');
  return round;
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
