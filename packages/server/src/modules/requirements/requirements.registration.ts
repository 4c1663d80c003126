import { CREDIT_TYPE_LABELS, type CreditRequirementType, type ParticipationCapacity } from '@curlew/domain';
import type { Actor } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import {
  assertAgentMayRegister,
  assertCapacityTaken,
  isRegisteredIn,
  roundToRegisterIn,
} from '../rounds/rounds.registration.ts';
import type { RoundRecord } from '../rounds/rounds.repo.ts';

/** The capacity a requirement's owner takes part in a round with. */
export const capacityOf = (type: CreditRequirementType): ParticipationCapacity =>
  type === 'Buyer' ? 'Buyer' : 'Investor';

const CAPACITY_WORDS = { Buyer: 'a buyer', Investor: 'an investor', Supplier: 'a supplier' } as const;

/**
 * The round a requirement may be put in, checked by the round's rules: it exists and is past Draft (422 at `path`),
 * its bidder type takes the owner's capacity (422), an agent holds approved authority with RegisterForRound for it
 * (403), the owner is a Registered participant of it in that capacity (409) and it trades the requirement's credit
 * types (422).
 */
export async function roundForRequirement(
  db: Queryable,
  request: {
    roundId: string;
    path: string;
    type: CreditRequirementType;
    buyer: { id: string; name: string };
    actor: Actor;
    creditTypes?: readonly string[];
  },
): Promise<RoundRecord> {
  const round = await roundToRegisterIn(db, request.roundId, request.path);
  const capacity = capacityOf(request.type);
  assertCapacityTaken(round, capacity, request.path);
  await assertAgentMayRegister(db, request.actor, request.buyer, round);
  if (!(await isRegisteredIn(db, { roundId: round.id, organisationId: request.buyer.id, capacity })))
    throw new AppError(
      'invalid_status',
      `${request.buyer.name} is not registered as ${CAPACITY_WORDS[capacity]} in ${round.name}`,
    );
  const untraded = (request.creditTypes ?? []).filter((type) => !(round.services as string[]).includes(type));
  const [first] = untraded;
  if (first !== undefined)
    throw validationError(
      request.path,
      `${round.name} does not trade ${CREDIT_TYPE_LABELS[first as keyof typeof CREDIT_TYPE_LABELS]}`,
    );
  return round;
}
