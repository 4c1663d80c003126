import type { EntityAction, Participation } from '@curlew/domain';
import { selfLink } from '../../platform/actions/runner.ts';
import type { ParticipationRecord } from './participations.kind.ts';

/** A participation as the API answers it. */
export const presentParticipation = (
  record: ParticipationRecord,
  previousStatus: Participation['previousStatus'],
  actions: EntityAction[],
): Participation => ({
  id: record.id,
  self: selfLink('participation', record.id),
  round: {
    id: record.marketRoundId,
    name: record.roundName,
    self: selfLink('round', record.marketRoundId),
    status: record.roundStatus,
    marketId: record.marketId,
  },
  organisation: {
    id: record.organisationId,
    name: record.organisationName,
    self: selfLink('organisation', record.organisationId),
  },
  capacity: record.capacity,
  status: record.status,
  previousStatus,
  agent:
    record.agentOrganisationId !== null && record.agentName !== null
      ? { id: record.agentOrganisationId, name: record.agentName }
      : null,
  registeredAt: record.status === 'Interested' ? null : record.createdAt.toISOString(),
  createdAt: record.createdAt.toISOString(),
  actions,
});
