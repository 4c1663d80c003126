import {
  CREDIT_TYPE_LABELS,
  type CreditRequirementType,
  capacitiesForBidderType,
  type DeclarationCategory,
  type DeclarationPrompt,
  declarationAnswerIssues,
  declarationPrompts,
  type ParticipationCapacity,
} from '@curlew/domain';
import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import { isOperator } from '../../platform/actions/policy.ts';
import type { Actor } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { findApprovedAuthority } from '../agent-authorities/agent-authorities.repo.ts';
import { agentAuthorities } from '../agent-authorities/agent-authorities.tables.ts';
import {
  audienceOf,
  isRegisteredIn,
  refuseDeclarationIssues,
} from '../participations/participations.registration.ts';
import { participations } from '../participations/participations.tables.ts';
import { declarationsOfRound, findRoundRecord, type RoundRecord } from '../rounds/rounds.repo.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { windowRefusal } from '../rounds/rounds.windows.ts';

/** The capacity a requirement's owner takes part in a round with. */
export const capacityOf = (type: CreditRequirementType): ParticipationCapacity =>
  type === 'Buyer' ? 'Buyer' : 'Investor';

const CAPACITY_WORDS = { Buyer: 'a buyer', Investor: 'an investor', Supplier: 'a supplier' } as const;

/** The declarations of a category a round asks of the actor's audience. */
export async function roundPrompts(
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

/** 422 with each declaration of the category asked and not answered true (`declarations.{id}`). */
export async function assertRoundDeclarations(
  db: Queryable,
  roundId: string,
  category: DeclarationCategory,
  actor: Pick<Actor, 'organisation'>,
  answers: Readonly<Record<string, unknown>> | undefined,
): Promise<void> {
  refuseDeclarationIssues(declarationAnswerIssues(await roundPrompts(db, roundId, category, actor), answers));
}

/** One Open round with the owners Registered in it as buyers or investors, in a capacity its bidder type takes. */
export interface RoundChoice {
  id: string;
  name: string;
  services: readonly string[];
  /** Requirement type -> the organisations registered in its capacity. */
  owners: Partial<Record<CreditRequirementType, string[]>>;
}

const TYPE_OF_CAPACITY = { Buyer: 'Buyer', Investor: 'Investor' } as const;

/**
 * The Open rounds in which the given organisations (or anyone, when not given) are Registered buyers or investors
 * in a capacity the round's bidder type takes, with those organisations by requirement type.
 */
export async function roundChoices(
  db: Queryable,
  filter: { organisationIds?: readonly string[]; roundIds?: readonly string[] } = {},
): Promise<RoundChoice[]> {
  if (filter.organisationIds?.length === 0 || filter.roundIds?.length === 0) return [];
  const rows = await db
    .select({
      id: marketRounds.id,
      name: marketRounds.name,
      services: marketRounds.services,
      bidderType: marketRounds.bidderType,
      capacity: participations.capacity,
      organisationId: participations.organisationId,
    })
    .from(participations)
    .innerJoin(marketRounds, eq(marketRounds.id, participations.marketRoundId))
    .where(
      and(
        inArray(participations.capacity, ['Buyer', 'Investor']),
        eq(participations.status, 'Registered'),
        eq(marketRounds.status, 'Open'),
        filter.organisationIds === undefined
          ? undefined
          : inArray(participations.organisationId, [...filter.organisationIds]),
        filter.roundIds === undefined ? undefined : inArray(marketRounds.id, [...filter.roundIds]),
      ),
    )
    .orderBy(marketRounds.name);
  const choices = new Map<string, RoundChoice>();
  for (const row of rows) {
    if (!capacitiesForBidderType(row.bidderType).includes(row.capacity)) continue;
    const choice = choices.get(row.id) ?? { id: row.id, name: row.name, services: row.services, owners: {} };
    const type = TYPE_OF_CAPACITY[row.capacity as keyof typeof TYPE_OF_CAPACITY];
    const owners = choice.owners[type] ?? [];
    if (!owners.includes(row.organisationId)) owners.push(row.organisationId);
    choice.owners[type] = owners;
    choices.set(row.id, choice);
  }
  return [...choices.values()];
}

/**
 * The rounds a new requirement may be put in, as options: each offered only while an owner registered in it is
 * chosen with a type of that owner's capacity there.
 */
export const roundChoiceOptions = (choices: readonly RoundChoice[]) =>
  choices.map((choice) => {
    const types = Object.keys(choice.owners) as CreditRequirementType[];
    const owners = [...new Set(types.flatMap((type) => choice.owners[type] ?? []))];
    return {
      value: choice.id,
      label: choice.name,
      visibleWhen: [
        { fieldId: 'type', oneOf: types },
        { fieldId: 'buyerId', oneOf: owners },
      ],
    };
  });

/**
 * The Open rounds the operator (all) or an agent (those where it holds approved RegisterForRound authority for a
 * client) may start a requirement in.
 */
export async function openRoundsFor(db: Queryable, actor: Actor): Promise<{ id: string; name: string }[]> {
  const agentId = actor.organisation?.type === 'AGENT' ? actor.organisationId : null;
  if (agentId === null && !isOperator(actor)) return [];
  return db
    .selectDistinct({ id: marketRounds.id, name: marketRounds.name })
    .from(marketRounds)
    .where(
      and(
        eq(marketRounds.status, 'Open'),
        agentId === null
          ? undefined
          : exists(
              db
                .select({ id: agentAuthorities.id })
                .from(agentAuthorities)
                .where(
                  and(
                    eq(agentAuthorities.agentOrganisationId, agentId),
                    eq(agentAuthorities.marketRoundId, marketRounds.id),
                    eq(agentAuthorities.approved, true),
                    sql`'RegisterForRound' = any(${agentAuthorities.permissions})`,
                  ),
                ),
            ),
      ),
    )
    .orderBy(marketRounds.name);
}

/**
 * The round a requirement may be put in, checked: it exists and is past Draft (422 at `path`), its bidder type
 * takes the owner's capacity (422), the owner is a Registered participant of it in that capacity (409), an agent
 * holds approved authority with RegisterForRound for it (403) and it trades the requirement's credit types (422).
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
  const round = await findRoundRecord(db, request.roundId);
  if (round === undefined || round.status === 'Draft')
    throw validationError(request.path, 'Not a valid option');
  const capacity = capacityOf(request.type);
  if (!capacitiesForBidderType(round.bidderType).includes(capacity))
    throw validationError(
      request.path,
      `${round.name} does not take ${capacity === 'Buyer' ? 'buyers' : 'investors'}`,
    );
  const { actor } = request;
  if (actor.organisation?.type === 'AGENT' && actor.organisationId !== null) {
    const authority = await findApprovedAuthority(
      db,
      {
        agentOrganisationId: actor.organisationId,
        clientOrganisationId: request.buyer.id,
        marketRoundId: round.id,
      },
      'RegisterForRound',
    );
    if (!authority)
      throw new AppError(
        'forbidden',
        `You need approved authority to register ${request.buyer.name} for ${round.name}`,
      );
  }
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

/** Why a requirement cannot be registered in the round now (its status and its requirements window), if so. */
export function registrationRefusal(round: RoundRecord, now: Date): string | undefined {
  if (round.status !== 'Open') return `${round.name} is not open for registration`;
  return windowRefusal(round, 'requirements', now);
}

export { missingParts } from './requirements.checklist.ts';
