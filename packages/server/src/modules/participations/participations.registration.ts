import {
  capacitiesForBidderType,
  type DeclarationAudience,
  type DeclarationCategory,
  type DeclarationPrompt,
  declarationAnswerIssues,
  declarationPrompts,
  type ParticipationCapacity,
  type RegistrationStatus,
} from '@curlew/domain';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../platform/actions/types.ts';
import type { Queryable, Transaction } from '../../platform/db/connect.ts';
import { AppError } from '../../platform/errors.ts';
import { findApprovedAuthority } from '../agent-authorities/agent-authorities.repo.ts';
import { declarationsOfRound, declarationsOfRounds, type RoundRecord } from '../rounds/rounds.repo.ts';
import { windowOfCapacity, windowRefusal } from '../rounds/rounds.windows.ts';
import { recordParticipations } from './participations.kind.ts';
import { participations } from './participations.tables.ts';

/** The declaration category registration asks. */
export const REGISTRATION_CATEGORY = 'MarketRoundParticipant_Register' as const;

/** Who answers the declarations: an agent for its client, anyone else for themselves. */
export const audienceOf = (actor: Pick<Actor, 'organisation'>): DeclarationAudience =>
  actor.organisation?.type === 'AGENT' ? 'agents' : 'participants';

/** The registration declarations a round asks of the actor's audience (the form's prompts). */
export async function registrationPrompts(
  db: Queryable,
  roundId: string,
  actor: Pick<Actor, 'organisation'>,
): Promise<DeclarationPrompt[]> {
  const declarations = await declarationsOfRound(db, roundId);
  return declarationPrompts(
    declarations.map((declaration) => ({ ...declaration, id: declaration.declarationId })),
    REGISTRATION_CATEGORY,
    audienceOf(actor),
  );
}

/**
 * The declarations of a category (participant registration unless told) of several rounds for a form that chooses its
 * round in `roundField`: each prompt is asked only while one of the rounds asking it is chosen. Read in one query.
 */
export async function registrationPromptsForRounds(
  db: Queryable,
  roundIds: readonly string[],
  actor: Pick<Actor, 'organisation'>,
  roundField: string,
  category: DeclarationCategory = REGISTRATION_CATEGORY,
): Promise<DeclarationPrompt[]> {
  const byRound = await declarationsOfRounds(db, roundIds);
  const prompts = new Map<string, { prompt: DeclarationPrompt; rounds: string[] }>();
  for (const roundId of roundIds) {
    const asked = declarationPrompts(
      (byRound.get(roundId) ?? []).map((declaration) => ({ ...declaration, id: declaration.declarationId })),
      category,
      audienceOf(actor),
    );
    for (const prompt of asked) {
      const known = prompts.get(prompt.id);
      if (known) known.rounds.push(roundId);
      else prompts.set(prompt.id, { prompt, rounds: [roundId] });
    }
  }
  return [...prompts.values()].map(({ prompt, rounds }) => ({
    ...prompt,
    visibleWhen: { fieldId: roundField, oneOf: rounds },
  }));
}

/** 422 with each declaration asked and not answered true (`declarations.{id}`). */
export async function assertDeclarationsAnswered(
  db: Queryable,
  roundId: string,
  actor: Pick<Actor, 'organisation'>,
  answers: Readonly<Record<string, unknown>> | undefined,
): Promise<void> {
  refuseDeclarationIssues(declarationAnswerIssues(await registrationPrompts(db, roundId, actor), answers));
}

/** 422 naming every declaration issue (`declarations.{id}`), the first as the message; nothing when there is none. */
export function refuseDeclarationIssues(issues: readonly { path: string; message: string }[]): void {
  const [first] = issues;
  if (first !== undefined)
    throw new AppError('validation', first.message, {
      errors: issues.map(({ path, message }) => ({ path, message })),
    });
}

/** Whether the organisation is a Registered participant of the round in the capacity. */
export async function isRegisteredIn(
  db: Queryable,
  key: { roundId: string; organisationId: string; capacity: ParticipationCapacity },
): Promise<boolean> {
  const [row] = await db
    .select({ id: participations.id })
    .from(participations)
    .where(
      and(
        eq(participations.marketRoundId, key.roundId),
        eq(participations.organisationId, key.organisationId),
        eq(participations.capacity, key.capacity),
        eq(participations.status, 'Registered'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** 422 when the round's bidder type does not take a capacity; 409 when its registration window is not open. */
export function assertCapacitiesAllowed(
  round: Pick<RoundRecord, 'name' | 'bidderType' | 'registrationDates'>,
  capacities: readonly ParticipationCapacity[],
  now: Date,
  path = 'capacities',
): void {
  const allowed = capacitiesForBidderType(round.bidderType);
  for (const capacity of capacities) {
    if (!allowed.includes(capacity)) {
      const message = `${round.name} does not take ${capacity === 'Buyer' ? 'buyers' : 'investors'}`;
      throw new AppError('validation', message, { errors: [{ path, message }] });
    }
  }
  for (const capacity of capacities) {
    const refusal = windowRefusal(round, windowOfCapacity(capacity), now);
    if (refusal !== undefined) throw new AppError('invalid_status', refusal);
  }
}

/** 403 unless an agent acting for `organisation` holds approved authority with RegisterForRound for the round. */
export async function assertAgentMayRegister(
  tx: Queryable,
  actor: Actor,
  organisation: { id: string; name: string },
  round: Pick<RoundRecord, 'id' | 'name'>,
): Promise<void> {
  if (actor.organisation?.type !== 'AGENT' || actor.organisationId === null) return;
  if (actor.organisationId === organisation.id) return;
  const authority = await findApprovedAuthority(
    tx,
    {
      agentOrganisationId: actor.organisationId,
      clientOrganisationId: organisation.id,
      marketRoundId: round.id,
    },
    'RegisterForRound',
  );
  if (!authority)
    throw new AppError(
      'forbidden',
      `You need approved authority to register ${organisation.name} for ${round.name}`,
    );
}

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
