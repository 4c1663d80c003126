import {
  assertRoundOpenForRegistration,
  expressInterest,
  INTEREST_STATUS,
  type MarketRoundReference,
  REGISTRATION_START_STATUS,
  type RegistrationStatus,
  registerAsParticipant,
} from '@curlew/domain';
import { selfLink } from '../../platform/actions/runner.ts';
import type { Actor, HandlerContext, RecordActionHandler } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { validationError } from '../../platform/errors.ts';
import { recordParticipations } from '../participations/participations.kind.ts';
import { participantRoundChoice } from '../rounds/rounds.choice.ts';
import {
  assertAgentMayRegister,
  assertCapacitiesAllowed,
  assertDeclarationsAnswered,
} from '../rounds/rounds.registration.ts';
import { findRound, findRoundRecord } from '../rounds/rounds.repo.ts';
import type { OrganisationRelation, OrganisationRow } from './organisations.kind.ts';

/** The round a form names; 422 on `path` when there is none. */
export async function requireRound(db: Queryable, id: string, path: string): Promise<MarketRoundReference> {
  const round = await findRound(db, id);
  if (!round) throw validationError(path, 'Not a valid market round');
  return round;
}

type ParticipationValues = {
  marketRoundId: string;
  capacities: ('Supplier' | 'Buyer' | 'Investor')[];
  declarations: Readonly<Record<string, boolean>>;
};
type ParticipationContext = HandlerContext<OrganisationRow, OrganisationRelation, ParticipationValues>;

/** Records the organisation's participation in each capacity (the participations module moves existing ones). */
async function recordParticipation(
  context: ParticipationContext,
  status: RegistrationStatus,
  action: { id: string; title: string },
): Promise<{ round: MarketRoundReference }> {
  const { tx, record, values, actor, relation, now } = context;
  const round = await requireRound(tx, values.marketRoundId, 'marketRoundId');
  // The round comes from the values, so an agent's authority for it cannot be the policy, which runs before them.
  await assertAgentMayRegister(tx, actor, record, round);
  assertRoundOpenForRegistration(round);
  await assertDeclarationsAnswered(
    tx,
    round.id,
    'MarketRoundParticipant_Register',
    actor,
    values.declarations,
  );
  const full = await findRoundRecord(tx, round.id);
  if (full) assertCapacitiesAllowed(full, values.capacities, now);
  await recordParticipations(tx, {
    round,
    organisationId: record.id,
    capacities: values.capacities,
    status,
    agentOrganisationId: relation === 'agent' ? actor.organisationId : null,
    actor,
    action,
    now,
  });
  context.describe({
    marketRoundId: round.id,
    marketRound: round.name,
    capacities: [...values.capacities],
    status,
  });
  return { round };
}

/** The open rounds to choose from and, for each, the participant registration declarations it asks. */
const participationForm = ({ db, actor }: { db: Queryable; actor: Actor }) =>
  participantRoundChoice(db, actor);

const isParticipant = (record: OrganisationRow): boolean => record.type === 'PARTICIPANT';

/** A participation action: records the participation in each capacity at `status` and says so. */
const participationHandler = <Definition extends typeof registerAsParticipant | typeof expressInterest>(
  definition: Definition,
  status: RegistrationStatus,
  said: (roundName: string) => string,
): RecordActionHandler<Definition, OrganisationRow, OrganisationRelation> => ({
  appliesTo: isParticipant,
  load: participationForm,
  async handle(context) {
    const { round } = await recordParticipation(context, status, definition);
    return {
      message: said(round.name),
      context: { id: context.record.id, self: selfLink('organisation', context.record.id) },
    };
  },
});

/** RegisterAsParticipant: a Provisional participation per capacity (from none, Interested or Withdrawn). */
export const registerAsParticipantHandler = participationHandler(
  registerAsParticipant,
  REGISTRATION_START_STATUS,
  (round) => `Registered for ${round}`,
);

/** ExpressInterest: an Interested participation per capacity; 409 when already taking part in that capacity. */
export const expressInterestHandler = participationHandler(
  expressInterest,
  INTEREST_STATUS,
  (round) => `Interest in ${round} recorded`,
);
