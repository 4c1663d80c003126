import type { ROUND_ACTIONS, ROUND_CREATE_ACTIONS } from '@curlew/domain';
import { allow, denyRole, isOperator, operatorOnly } from '../../platform/actions/policy.ts';
import type {
  CreatePolicies,
  GuardAnswer,
  RecordGuards,
  RecordPolicies,
} from '../../platform/actions/types.ts';
import { NO_RESULT_TO_ACCEPT } from '../match/accept.ts';
import { clearingRefusal } from '../match/match.records.ts';
import { latestTaskState } from '../match/tasks.ts';
import { opportunityGuards } from '../opportunity/opportunity.actions.ts';
import { settleRefusal } from '../settlement/settlement.readiness.ts';
import { openRoundRefusal } from './rounds.readiness.ts';
import type { RoundRecord } from './rounds.repo.ts';
import type { RoundRelation } from './rounds.scope.ts';
import { windowRefusal } from './rounds.windows.ts';

const operator = ({ actor }: { actor: Parameters<typeof operatorOnly>[0] }) => operatorOnly(actor);

/**
 * Only the market operator sets a round up and moves it along; a participant registers itself and an agent its
 * clients (the client's RegisterForRound authority for the round is checked on submission, 403 otherwise).
 */
export const roundPolicies = {
  Update: operator,
  SetRegistrationDates: operator,
  SetReserveInfo: operator,
  AddDeclarations: operator,
  RemoveDeclaration: operator,
  ImportData: operator,
  Open: operator,
  Close: operator,
  RecordParticipant: operator,
  PublishOpportunityStatement: operator,
  UpdateOpportunityStatement: operator,
  SetOpportunityStatementVisibility: operator,
  RegisterAsParticipant: ({ actor, relation }) =>
    isOperator(actor) || relation === 'participant' || relation === 'agent'
      ? allow
      : denyRole('Only participants and their agents can register for a market round'),
  OpenBidsAndOffers: operator,
  CloseBidsAndOffers: operator,
  Match: operator,
  ImportMatch: operator,
  Review: operator,
  AcceptMatch: operator,
  RejectMatch: operator,
  Settle: operator,
  Comment: operator,
} satisfies RecordPolicies<typeof ROUND_ACTIONS, RoundRecord, RoundRelation>;

/** Only the market operator creates rounds. */
export const roundCreatePolicies = {
  CreateRound: operatorOnly,
} satisfies CreatePolicies<typeof ROUND_CREATE_ACTIONS>;

const ok: GuardAnswer = { ok: true };
const refuse = (reason: string): GuardAnswer => ({ ok: false, reason });

/**
 * When round actions may run apart from the status: Open needs what its checklist lists (`openChecklist`: dates,
 * reserve, declarations of every category);
 * registration needs one of its windows open today; clearing needs offers and bids, which arrive with projects
 * and credit requirements.
 */
export const roundGuards = {
  ...opportunityGuards,
  Open: async ({ db, record, now }) => {
    const sentence = await openRoundRefusal(db, record, now);
    return sentence === undefined ? ok : refuse(sentence);
  },
  RegisterAsParticipant: async ({ record, now }) => {
    const suppliers = windowRefusal(record, 'suppliers', now);
    const buyers = windowRefusal(record, 'buyers', now);
    if (suppliers !== undefined && buyers !== undefined) return refuse(suppliers);
    return ok;
  },
  Match: async ({ db, record }) => {
    const sentence = await clearingRefusal(db, record.id);
    return sentence === undefined ? ok : refuse(sentence);
  },
  ImportMatch: async ({ db, record }) => {
    const sentence = await clearingRefusal(db, record.id);
    return sentence === undefined ? ok : refuse(sentence);
  },
  AcceptMatch: async ({ db, record }) => {
    // Read on every action list of a Pending round: the task's status only, never its instance or result.
    const task = await latestTaskState(db, record.id);
    return task?.status === 'Succeeded' && task.hasResult ? ok : refuse(NO_RESULT_TO_ACCEPT);
  },
  Settle: async ({ db, record }) => {
    const sentence = await settleRefusal(db, record.id);
    return sentence === undefined ? ok : refuse(sentence);
  },
} satisfies RecordGuards<typeof ROUND_ACTIONS, RoundRecord, RoundRelation>;
