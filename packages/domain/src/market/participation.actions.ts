import { z } from 'zod';
import { commentAction } from '../comment/comment.actions.ts';
import { defineAction } from '../forms/action.ts';
import { requiredText } from '../validation/rules.ts';
import type { RegistrationStatus } from '../vocab/statuses.ts';
import { declarationsShape } from './declarations.ts';
import { reinstatedStatus, WITHDRAWABLE_STATUSES } from './participation.lifecycle.ts';

/** The entity kind of participation actions (first segment of `/participation/{id}`). */
const PARTICIPATION_ENTITY = 'participation';

/** Register: an interested participant (or its agent with RegisterForRound) registers, answering the declarations. */
export const registerParticipation = defineAction({
  id: 'Register',
  entity: PARTICIPATION_ENTITY,
  title: 'Register for market round',
  actionLabel: 'Register',
  fields: [],
  input: z.object({ ...declarationsShape }),
  lifecycle: { from: ['Interested'] satisfies RegistrationStatus[], to: 'Provisional' },
});

const reasonField = { id: 'reason', type: 'TextArea', label: 'Reason', rows: 3 } as const;

/** Withdraw: the participation leaves the round, with the reason. */
export const withdrawParticipation = defineAction({
  id: 'Withdraw',
  entity: PARTICIPATION_ENTITY,
  title: 'Withdraw from market round',
  actionLabel: 'Withdraw',
  fields: [reasonField],
  input: z.object({ reason: requiredText() }),
  lifecycle: { from: WITHDRAWABLE_STATUSES, to: 'Withdrawn' },
});

/** Reinstate: a withdrawn participation goes back to the status it had before, with the reason. */
export const reinstateParticipation = defineAction({
  id: 'Reinstate',
  entity: PARTICIPATION_ENTITY,
  title: 'Reinstate in market round',
  actionLabel: 'Reinstate',
  fields: [reasonField],
  input: z.object({ reason: requiredText() }),
  lifecycle: {
    from: ['Withdrawn'] satisfies RegistrationStatus[],
    to: WITHDRAWABLE_STATUSES,
    target: (_values, { previousStatus }) => reinstatedStatus(previousStatus),
  },
});

/** CompleteRegistration: the operator confirms a provisional registration. */
export const completeParticipation = defineAction({
  id: 'CompleteRegistration',
  entity: PARTICIPATION_ENTITY,
  title: 'Complete registration',
  actionLabel: 'Complete',
  text: 'Complete this registration? The participant can then take part in the round in this capacity.',
  modal: true,
  fields: [],
  input: z.object({}),
  lifecycle: { from: ['Provisional'] satisfies RegistrationStatus[], to: 'Registered' },
});

/** Every action on one participation. */
export const PARTICIPATION_ACTIONS = [
  registerParticipation,
  withdrawParticipation,
  reinstateParticipation,
  completeParticipation,
  commentAction,
] as const;
