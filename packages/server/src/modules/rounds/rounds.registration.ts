import {
  capacitiesForBidderType,
  type DeclarationAudience,
  type DeclarationCategory,
  type DeclarationPrompt,
  declarationAnswerIssues,
  declarationPrompts,
  isRoundAllowingGroupChanges,
  isRoundOpenForRegistration,
  type MarketRoundStatus,
  type ParticipationCapacity,
  type RegistrationPeriod,
  type RegistrationWindow,
} from '@curlew/domain';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { findApprovedAuthority } from '../agent-authorities/agent-authorities.repo.ts';
import { participations } from '../participations/participations.tables.ts';
import {
  declarationsOfRound,
  declarationsOfRounds,
  findRoundRecord,
  type RoundRecord,
} from './rounds.repo.ts';
import { windowOfCapacity, windowRefusal } from './rounds.windows.ts';

/**
 * The round's rules for what registers in it (participations, projects, requirements and both kinds of group call
 * these, never restate them): the declarations it asks and how they are answered, whether it takes registrations
 * now (its status and windows), who is Registered in it, the bidder type's capacities, an agent's authority to
 * register a client and when groups may change. The round choices offered in forms are in `rounds.choice.ts`.
 */

/** Who answers the declarations: an agent for its client, anyone else for themselves. */
const audienceOf = (actor: Pick<Actor, 'organisation'>): DeclarationAudience =>
  actor.organisation?.type === 'AGENT' ? 'agents' : 'participants';

/** The declarations a round asks of the actor's audience at one step (the category): the form's prompts. */
export async function declarationsAsked(
  db: Queryable,
  roundId: string,
  category: DeclarationCategory,
  actor: Pick<Actor, 'organisation'>,
): Promise<DeclarationPrompt[]> {
  const declarations = await declarationsOfRound(db, roundId);
  return declarationPrompts(
    declarations.map((declaration) => ({ ...declaration, id: declaration.declarationId })),
    category,
    audienceOf(actor),
  );
}

/**
 * The declarations of a category that several rounds ask, for a form that chooses its round in `roundField`: each
 * prompt is asked only while one of the rounds asking it is chosen. Read in one query.
 */
export async function declarationsAskedInRounds(
  db: Queryable,
  roundIds: readonly string[],
  category: DeclarationCategory,
  actor: Pick<Actor, 'organisation'>,
  roundField: string,
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

/**
 * 422 naming each declaration of the category the round asks of the actor's audience and that is not answered true
 * (`declarations.{id}`), the first as the message; nothing when all are.
 */
export async function assertDeclarationsAnswered(
  db: Queryable,
  roundId: string,
  category: DeclarationCategory,
  actor: Pick<Actor, 'organisation'>,
  answers: Readonly<Record<string, unknown>> | undefined,
): Promise<void> {
  const issues = declarationAnswerIssues(await declarationsAsked(db, roundId, category, actor), answers);
  const [first] = issues;
  if (first !== undefined)
    throw new AppError('validation', first.message, {
      errors: issues.map(({ path, message }) => ({ path, message })),
    });
}

/** What the registration rules read of a round. */
type RoundForRegistration = {
  name: string;
  status: MarketRoundStatus;
  registrationDates: Partial<Record<RegistrationPeriod, RegistrationWindow>>;
};

/**
 * Why the round takes no registration in `period` today, or undefined when it does: it must be open for registration
 * and the period's window open (MARKET.md section 1).
 */
export function registrationRefusal(
  round: RoundForRegistration,
  period: RegistrationPeriod,
  now: Date,
): string | undefined {
  if (!isRoundOpenForRegistration(round)) return `${round.name} is not open for registration`;
  return windowRefusal(round, period, now);
}

/** 409 with `registrationRefusal`'s sentence unless the round takes registrations in `period` today. */
export function assertRegistrationOpen(
  round: RoundForRegistration,
  period: RegistrationPeriod,
  now: Date,
): void {
  const refusal = registrationRefusal(round, period, now);
  if (refusal !== undefined) throw new AppError('invalid_status', refusal);
}

/**
 * The round a record is registered into, by the id a form sent: 422 'Not a valid option' at `path` when there is
 * none or it is still a Draft (being set up, it takes no records).
 */
export async function roundToRegisterIn(db: Queryable, roundId: string, path: string): Promise<RoundRecord> {
  const round = await findRoundRecord(db, roundId);
  if (round === undefined || round.status === 'Draft') throw validationError(path, 'Not a valid option');
  return round;
}

/** 422 at `path` when the round's bidder type does not take the capacity ('Round 1 does not take investors'). */
export function assertCapacityTaken(
  round: Pick<RoundRecord, 'name' | 'bidderType'>,
  capacity: ParticipationCapacity,
  path: string,
): void {
  if (!capacitiesForBidderType(round.bidderType).includes(capacity))
    throw validationError(
      path,
      `${round.name} does not take ${capacity === 'Buyer' ? 'buyers' : 'investors'}`,
    );
}

/** 422 when the round's bidder type does not take a capacity; 409 when its registration window is not open. */
export function assertCapacitiesAllowed(
  round: Pick<RoundRecord, 'name' | 'bidderType' | 'registrationDates'>,
  capacities: readonly ParticipationCapacity[],
  now: Date,
  path = 'capacities',
): void {
  for (const capacity of capacities) assertCapacityTaken(round, capacity, path);
  for (const capacity of capacities) {
    const refusal = windowRefusal(round, windowOfCapacity(capacity), now);
    if (refusal !== undefined) throw new AppError('invalid_status', refusal);
  }
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

/** 403 unless an agent acting for `organisation` holds approved authority with RegisterForRound for the round. */
export async function assertAgentMayRegister(
  db: Queryable,
  actor: Actor,
  organisation: { id: string; name: string },
  round: Pick<RoundRecord, 'id' | 'name'>,
): Promise<void> {
  if (actor.organisation?.type !== 'AGENT' || actor.organisationId === null) return;
  if (actor.organisationId === organisation.id) return;
  const authority = await findApprovedAuthority(
    db,
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

/**
 * Why a project group or a credit requirement group of the round may not be created or changed now, or undefined when
 * it may: from registration until bids and offers close, after which the clearing takes the groups as they are. A
 * group of requirements in no round (`null`) may always change.
 */
export function groupChangeRefusal(
  round: { name: string; status: MarketRoundStatus } | null,
): string | undefined {
  if (round === null || isRoundAllowingGroupChanges(round)) return undefined;
  return round.status === 'Draft'
    ? `${round.name} is not open for registration`
    : `Bids and offers for ${round.name} have closed`;
}
