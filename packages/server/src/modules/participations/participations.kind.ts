import {
  canTransition,
  completeParticipation,
  type MarketRoundReference,
  type ParticipationCapacity,
  participationLifecycle,
  REGISTRATION_STATUS_LABELS,
  type RegistrationStatus,
  registerParticipation,
  reinstateParticipation,
  withdrawParticipation,
} from '@curlew/domain';
import { recordActivity } from '../../platform/actions/activity.ts';
import { actorOf } from '../../platform/actions/run-context.ts';
import { transition } from '../../platform/actions/status.ts';
import type { Actor, EntityKind } from '../../platform/actions/types.ts';
import type { Transaction } from '../../platform/db/connect.ts';
import { AppError } from '../../platform/errors.ts';
import {
  findParticipationFor,
  findParticipationOf,
  findParticipationRecord,
  insertParticipation,
  type ParticipationRecord,
  writeParticipationStatus,
} from './participations.repo.ts';
import type { ParticipationRelation } from './participations.scope.ts';

export type { ParticipationRecord } from './participations.repo.ts';
export type { ParticipationRelation } from './participations.scope.ts';

/**
 * Why an action on a participation is refused in its status, said for a person ('This organisation is already
 * registered for this round'), by the action's title; the runner's default sentence for any other.
 */
function participationRefusal(title: string, status: RegistrationStatus): string {
  const sentences: Partial<Record<string, Partial<Record<RegistrationStatus, string>>>> = {
    [registerParticipation.title]: {
      Provisional:
        'This organisation has already registered for this round: the market operator completes the registration',
      Registered: 'This organisation is already registered for this round',
      Withdrawn: 'This registration was withdrawn: reinstate it to take part again',
    },
    [completeParticipation.title]: {
      Interested:
        'This organisation has only expressed interest: it registers before its registration can be completed',
      Registered: 'This registration is already complete',
      Withdrawn: 'This registration was withdrawn: reinstate it before completing it',
    },
    [withdrawParticipation.title]: { Withdrawn: 'This registration is already withdrawn' },
    [reinstateParticipation.title]: {
      Interested: 'Only a withdrawn registration can be reinstated',
      Provisional: 'Only a withdrawn registration can be reinstated',
      Registered: 'Only a withdrawn registration can be reinstated',
    },
  };
  return (
    sentences[title]?.[status] ??
    `${title} is not possible while this registration is ${REGISTRATION_STATUS_LABELS[status].toLowerCase()}`
  );
}

/** The participation entity: `/participation/{id}`, moved along its lifecycle by the runner and `transition`. */
export const participationKind: EntityKind<ParticipationRecord, ParticipationRelation, RegistrationStatus> = {
  entity: 'participation',
  collection: 'participations',
  noun: 'registration',
  load: findParticipationRecord,
  loadFor: findParticipationFor,
  idOf: (record) => record.id,
  lifecycle: {
    definition: participationLifecycle,
    statusOf: (record) => record.status,
    writeStatus: (tx, record, status, now) => writeParticipationStatus(tx, record.id, status, now),
    refusal: participationRefusal,
  },
};

const CAPACITY_ARTICLE = {
  Supplier: 'a Supplier',
  Buyer: 'a Buyer',
  Investor: 'an Investor',
} as const satisfies Record<ParticipationCapacity, string>;

/** What an organisation already is in a round when it cannot become `wanted` there: a sentence saying so and what to do. */
const participationConflict = (
  existing: RegistrationStatus,
  wanted: RegistrationStatus,
  round: Pick<MarketRoundReference, 'name'>,
  capacity: ParticipationCapacity,
): string => {
  const as = CAPACITY_ARTICLE[capacity];
  switch (existing) {
    case 'Interested':
      return `Already interested in ${round.name} as ${as}`;
    case 'Provisional':
      return wanted === 'Interested'
        ? `Already registered provisionally for ${round.name} as ${as}`
        : `Already registered provisionally for ${round.name} as ${as}: the market operator completes the registration`;
    case 'Registered':
      return `Already registered for ${round.name} as ${as}`;
    case 'Withdrawn':
      return `Withdrawn from ${round.name} as ${as}: register again to take part`;
  }
};

/** What `recordParticipations` records: an organisation's capacities in a round, moving to `status`. */
interface ParticipationRequest {
  round: MarketRoundReference;
  organisationId: string;
  capacities: readonly ParticipationCapacity[];
  status: RegistrationStatus;
  /** The agent registering for its client, if any. */
  agentOrganisationId: string | null;
  actor: Actor;
  /** The action that asks (its id and title go into each participation's activity). */
  action: { id: string; title: string };
  now: Date;
}

/**
 * Records a participation per capacity: new ones in `status`, existing ones moved there along the participation
 * lifecycle (409 with a sentence saying what the organisation already is in the round).
 */
export async function recordParticipations(tx: Transaction, request: ParticipationRequest): Promise<void> {
  const { round, status } = request;
  for (const capacity of new Set(request.capacities)) {
    const existing = await findParticipationOf(tx, {
      marketRoundId: round.id,
      organisationId: request.organisationId,
      capacity,
    });
    if (!existing) {
      const id = await insertParticipation(tx, {
        round,
        organisationId: request.organisationId,
        capacity,
        status,
        agentOrganisationId: request.agentOrganisationId,
        createdBy: request.actor.id,
        now: request.now,
      });
      // The participation's history starts with the action that created it.
      await recordActivity(tx, {
        subjectType: participationKind.entity,
        subjectId: id,
        action: request.action.id,
        title: request.action.title,
        actor: actorOf(request.actor),
        statusBefore: null,
        statusAfter: status,
        details: { capacity },
        at: request.now,
      });
      continue;
    }
    if (existing.status === status || !canTransition(participationLifecycle, existing.status, status))
      throw new AppError('invalid_status', participationConflict(existing.status, status, round, capacity));
    await transition(tx, participationKind, existing.id, status, request.actor, {
      action: request.action.id,
      title: request.action.title,
      now: request.now,
    });
  }
}
