import {
  assertRoundOpenForRegistration,
  assertTransition,
  type expressInterest,
  INTEREST_STATUS,
  InvalidStatusError,
  type MarketRoundReference,
  participationLifecycle,
  REGISTRATION_START_STATUS,
  type RegistrationStatus,
  ROUND_STATUSES_OPEN_FOR_REGISTRATION,
  type registerAsParticipant,
} from '@curlew/domain';
import { and, eq } from 'drizzle-orm';
import { findApprovedAuthority } from '../../platform/actions/scope.ts';
import type { HandlerContext, RecordActionHandler } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { participations } from '../markets/markets.tables.ts';
import { findRound, roundOptions } from '../markets/rounds.repo.ts';
import type { OrganisationRelation, OrganisationRow } from './organisations.kind.ts';

/** Warning shown when no round is open for registration. */
export const NO_OPEN_ROUNDS_WARNING = 'No market rounds are open for registration';

/** The round a form names; 422 on `path` when there is none. */
export async function requireRound(db: Queryable, id: string, path: string): Promise<MarketRoundReference> {
  const round = await findRound(db, id);
  if (!round) throw validationError(path, 'Not a valid market round');
  return round;
}

type ParticipationValues = { marketRoundId: string; capacities: ('Supplier' | 'Buyer' | 'Investor')[] };

/**
 * An agent acts for its client in a round only with approved authority holding RegisterForRound (403 otherwise);
 * the operator and the organisation's members need none.
 */
async function assertMayRegisterFor(
  context: HandlerContext<OrganisationRow, OrganisationRelation, ParticipationValues>,
  round: MarketRoundReference,
): Promise<void> {
  const { relation, actor, record, tx } = context;
  if (relation !== 'agent' || actor.organisationId === null) return;
  const authority = await findApprovedAuthority(
    tx,
    { agentOrganisationId: actor.organisationId, clientOrganisationId: record.id, marketRoundId: round.id },
    'RegisterForRound',
  );
  if (!authority)
    throw new AppError(
      'forbidden',
      `You need approved authority to register ${record.name} for ${round.name}`,
    );
}

/** Records a participation in each capacity, moving existing ones to `status` along the participation lifecycle. */
async function recordParticipation(
  context: HandlerContext<OrganisationRow, OrganisationRelation, ParticipationValues>,
  status: RegistrationStatus,
): Promise<{ round: MarketRoundReference }> {
  const { tx, record, values, actor, relation, now } = context;
  const round = await requireRound(tx, values.marketRoundId, 'marketRoundId');
  await assertMayRegisterFor(context, round);
  assertRoundOpenForRegistration(round);
  for (const capacity of new Set(values.capacities)) {
    const [existing] = await tx
      .select()
      .from(participations)
      .where(
        and(
          eq(participations.marketRoundId, round.id),
          eq(participations.organisationId, record.id),
          eq(participations.capacity, capacity),
        ),
      )
      .for('update');
    if (existing) {
      if (existing.status === status)
        throw new InvalidStatusError(
          existing.status,
          status,
          `Already ${existing.status} in ${round.name} as ${capacity}`,
        );
      assertTransition(participationLifecycle, existing.status, status);
      await tx
        .update(participations)
        .set({ status, updatedAt: now })
        .where(eq(participations.id, existing.id));
    } else {
      await tx.insert(participations).values({
        marketRoundId: round.id,
        organisationId: record.id,
        capacity,
        status,
        agentOrganisationId: relation === 'agent' ? actor.organisationId : null,
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  context.describe({
    marketRoundId: round.id,
    marketRound: round.name,
    capacities: [...values.capacities],
    status,
  });
  return { round };
}

const participationForm = async ({ db }: { db: Queryable }) => {
  const options = await roundOptions(db, ROUND_STATUSES_OPEN_FOR_REGISTRATION);
  return {
    options: { marketRoundId: options },
    warnings: options.length === 0 ? [{ path: 'marketRoundId', message: NO_OPEN_ROUNDS_WARNING }] : [],
  };
};

const isParticipant = (record: OrganisationRow): boolean => record.type === 'PARTICIPANT';

/** RegisterAsParticipant: a Provisional participation per capacity (from none, Interested or Withdrawn). */
export const registerAsParticipantHandler: RecordActionHandler<
  typeof registerAsParticipant,
  OrganisationRow,
  OrganisationRelation
> = {
  appliesTo: isParticipant,
  load: participationForm,
  async handle(context) {
    const { round } = await recordParticipation(context, REGISTRATION_START_STATUS);
    return {
      message: `Registered for ${round.name}`,
      context: { id: context.record.id, self: `/organisation/${context.record.id}` },
    };
  },
};

/** ExpressInterest: an Interested participation per capacity; 409 when already taking part in that capacity. */
export const expressInterestHandler: RecordActionHandler<
  typeof expressInterest,
  OrganisationRow,
  OrganisationRelation
> = {
  appliesTo: isParticipant,
  load: participationForm,
  async handle(context) {
    const { round } = await recordParticipation(context, INTEREST_STATUS);
    return {
      message: `Interest in ${round.name} recorded`,
      context: { id: context.record.id, self: `/organisation/${context.record.id}` },
    };
  },
};
