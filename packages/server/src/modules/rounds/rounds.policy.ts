import {
  DECLARATION_CATEGORY_LABELS,
  missingDeclarations,
  type ROUND_ACTIONS,
  type ROUND_CREATE_ACTIONS,
} from '@curlew/domain';
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
import { settleRefusal } from '../settlement/settlement.readiness.ts';
import { declarationsOfRound, type RoundRecord } from './rounds.repo.ts';
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

/** The sentence listing the declaration categories a round still needs before it opens. */
export async function missingDeclarationsSentence(
  db: Parameters<typeof declarationsOfRound>[0],
  roundId: string,
): Promise<string | undefined> {
  const missing = missingDeclarations(await declarationsOfRound(db, roundId));
  if (missing.length === 0) return undefined;
  const names = missing.map(
    ({ category, audience }) => `${DECLARATION_CATEGORY_LABELS[category].toLowerCase()} (${audience})`,
  );
  return `Add declarations before opening the round: none is configured for ${names.join(', ')}`;
}

/**
 * When round actions may run apart from the status: Open needs every required declaration category configured;
 * registration needs one of its windows open today; clearing needs offers and bids, which arrive with projects
 * and credit requirements.
 */
export const roundGuards = {
  Open: async ({ db, record }) => {
    const sentence = await missingDeclarationsSentence(db, record.id);
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
