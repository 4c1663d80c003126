import { isRoundAllowingWithdrawal, PARTICIPATION_ACTIONS } from '@curlew/domain';
import { allow, deny, operatorOnly } from '../../platform/actions/policy.ts';
import { defineEntityActions } from '../../platform/actions/runner.ts';
import type {
  GuardAnswer,
  RecordGuards,
  RecordHandlers,
  RecordPolicies,
} from '../../platform/actions/types.ts';
import { commentHandler } from '../comments/comment.handler.ts';
import {
  assertDeclarationsAnswered,
  declarationsAsked,
  registrationRefusal,
} from '../rounds/rounds.registration.ts';
import { findRoundRecord } from '../rounds/rounds.repo.ts';
import { windowOfCapacity } from '../rounds/rounds.windows.ts';
import {
  type ParticipationRecord,
  type ParticipationRelation,
  participationKind,
} from './participations.kind.ts';

type Subject = { relation: ParticipationRelation; permissions: readonly string[] };

const selfOrAgentWithAuthority = ({ relation, permissions }: Subject) =>
  relation === 'operator' || relation === 'member' || permissions.includes('RegisterForRound')
    ? allow
    : deny('You need approved authority with permission to register for this round');

/**
 * The participant registers and withdraws itself, its agent does so with RegisterForRound for the round; the
 * operator completes registrations and reinstates withdrawn ones.
 */
const participationPolicies = {
  Register: selfOrAgentWithAuthority,
  Withdraw: selfOrAgentWithAuthority,
  Reinstate: ({ actor }) => operatorOnly(actor),
  CompleteRegistration: ({ actor }) => operatorOnly(actor),
  Comment: () => allow,
} satisfies RecordPolicies<typeof PARTICIPATION_ACTIONS, ParticipationRecord, ParticipationRelation>;

/**
 * Register needs the round open for registration and the capacity's window open today; Withdraw needs bids and
 * offers still open (after that they are binding for the clearing).
 */
const participationGuards = {
  Register: async ({ db, record, now }): Promise<GuardAnswer> => {
    const round = await findRoundRecord(db, record.marketRoundId);
    const refusal =
      round === undefined
        ? `${record.roundName} is not open for registration`
        : registrationRefusal(round, windowOfCapacity(record.capacity), now);
    return refusal === undefined ? { ok: true } : { ok: false, reason: refusal };
  },
  Withdraw: async ({ record }): Promise<GuardAnswer> =>
    isRoundAllowingWithdrawal({ status: record.roundStatus })
      ? { ok: true }
      : {
          ok: false,
          reason: `Bids and offers of ${record.roundName} have closed: it is too late to withdraw`,
        },
} satisfies RecordGuards<typeof PARTICIPATION_ACTIONS, ParticipationRecord, ParticipationRelation>;

/** The handlers: the runner writes each status; these record reasons and check the declarations. */
const participationHandlers = {
  Register: {
    async load({ db, record, actor }) {
      return {
        declarations: await declarationsAsked(
          db,
          record.marketRoundId,
          'MarketRoundParticipant_Register',
          actor,
        ),
      };
    },
    async handle({ tx, record, actor, values }) {
      await assertDeclarationsAnswered(
        tx,
        record.marketRoundId,
        'MarketRoundParticipant_Register',
        actor,
        values.declarations,
      );
      return { message: `Registered for ${record.roundName}` };
    },
  },
  Withdraw: {
    async handle({ values, describe, record }) {
      describe({ reason: values.reason });
      return { message: `Withdrawn from ${record.roundName}` };
    },
  },
  Reinstate: {
    async handle({ values, describe, record }) {
      describe({ reason: values.reason });
      return { message: `Reinstated in ${record.roundName}` };
    },
  },
  CompleteRegistration: {
    async handle({ record }) {
      return { message: `Registration of ${record.organisationName} completed` };
    },
  },
  Comment: commentHandler<ParticipationRecord, ParticipationRelation>({
    subjectType: 'participation',
    subjectId: (record) => record.id,
  }),
} satisfies RecordHandlers<typeof PARTICIPATION_ACTIONS, ParticipationRecord, ParticipationRelation>;

/** Participation actions on `/participation/{id}`. */
export const participationActions = defineEntityActions({
  kind: participationKind,
  definitions: PARTICIPATION_ACTIONS,
  policies: participationPolicies,
  guards: participationGuards,
  handlers: participationHandlers,
});
