import type { ParticipationCapacity, RegistrationStatus } from '@curlew/domain';
import type { Actor } from '../../platform/actions/types.ts';
import type { Transaction } from '../../platform/db/connect.ts';
import { assertCapacitiesAllowed } from '../rounds/rounds.registration.ts';
import type { RoundRecord } from '../rounds/rounds.repo.ts';
import { recordParticipations } from './participations.kind.ts';

/** Registers an organisation in a round in each capacity (bidder type, windows), moving it to `status`. */
export async function registerOrganisation(
  tx: Transaction,
  request: {
    round: RoundRecord;
    organisationId: string;
    capacities: readonly ParticipationCapacity[];
    status: RegistrationStatus;
    actor: Actor;
    agentOrganisationId: string | null;
    action: { id: string; title: string };
    now: Date;
    /** False for the operator recording a participant directly, outside the windows. */
    checkWindows?: boolean;
  },
): Promise<void> {
  if (request.checkWindows !== false) assertCapacitiesAllowed(request.round, request.capacities, request.now);
  const { round, checkWindows: _checkWindows, ...rest } = request;
  await recordParticipations(tx, {
    ...rest,
    round: {
      id: round.id,
      name: round.name,
      status: round.status,
      marketId: round.marketId,
      marketName: round.marketName,
    },
  });
}
