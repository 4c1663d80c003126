import {
  type AgentPermission,
  capacitiesForBidderType,
  type DeclarationPrompt,
  type FieldOption,
  type ParticipationCapacity,
  ROUND_STATUSES_OPEN_FOR_REGISTRATION,
  WARNINGS,
} from '@curlew/domain';
import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import { isOperator } from '../../platform/actions/policy.ts';
import type { Actor } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { agentAuthorities } from '../agent-authorities/agent-authorities.tables.ts';
import { participations } from '../participations/participations.tables.ts';
import { declarationsAskedInRounds } from './rounds.registration.ts';
import { roundOptions } from './rounds.repo.ts';
import { marketRounds } from './rounds.tables.ts';

/** The rounds open for registration, as SQL over `market_rounds`. */
const openForRegistration = inArray(marketRounds.status, [...ROUND_STATUSES_OPEN_FOR_REGISTRATION]);

/**
 * The rounds open for registration in which the actor may register records of its capacities, by name: those where
 * an agent holds approved authority for a client (with `agentPermission` when given), those where a participant is
 * Registered in one of the capacities and the round's bidder type takes it, every one for the operator; none for
 * anyone else.
 */
export async function openRoundsFor(
  db: Queryable,
  actor: Actor,
  request: { capacities: readonly ParticipationCapacity[]; agentPermission?: AgentPermission },
): Promise<{ id: string; name: string }[]> {
  const own = actor.organisationId;
  const type = actor.organisation?.type;
  if (type === 'PARTICIPANT' && own !== null) {
    const rows = await db
      .select({
        id: marketRounds.id,
        name: marketRounds.name,
        bidderType: marketRounds.bidderType,
        capacity: participations.capacity,
      })
      .from(participations)
      .innerJoin(marketRounds, eq(marketRounds.id, participations.marketRoundId))
      .where(
        and(
          openForRegistration,
          eq(participations.organisationId, own),
          inArray(participations.capacity, [...request.capacities]),
          eq(participations.status, 'Registered'),
        ),
      )
      .orderBy(asc(marketRounds.name));
    const taken = rows.filter((row) => capacitiesForBidderType(row.bidderType).includes(row.capacity));
    return [...new Map(taken.map(({ id, name }) => [id, { id, name }])).values()];
  }
  const agentId = type === 'AGENT' ? own : null;
  if (agentId === null && !isOperator(actor)) return [];
  return db
    .select({ id: marketRounds.id, name: marketRounds.name })
    .from(marketRounds)
    .where(
      and(
        openForRegistration,
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
                    request.agentPermission === undefined
                      ? undefined
                      : sql`${request.agentPermission} = any(${agentAuthorities.permissions})`,
                  ),
                ),
            ),
      ),
    )
    .orderBy(asc(marketRounds.name));
}

/**
 * The round choice of a project's forms (Add project, Register, Reregister): the rounds open for registration the
 * actor may register projects in (`openRoundsFor` as a supplier; an agent with any approved authority there), with
 * a warning when there is none and one for each round where the supplier is only provisionally registered.
 */
export async function supplierRoundChoice(
  db: Queryable,
  actor: Actor,
): Promise<{ options: FieldOption[]; warnings: { path: string; message: string }[] }> {
  const rounds = await openRoundsFor(db, actor, { capacities: ['Supplier'] });
  const own = actor.organisationId;
  const pending =
    actor.organisation?.type === 'PARTICIPANT' && own !== null ? await provisionalRounds(db, own) : [];
  return {
    options: rounds.map((round) => ({ value: round.id, label: round.name })),
    warnings: [
      ...(rounds.length === 0 && pending.length === 0
        ? [{ path: 'marketRoundId', message: WARNINGS.notRegisteredSupplier }]
        : []),
      // A round the supplier is only provisionally registered in is not offered: say why it is missing.
      ...pending.map((name) => ({ path: 'marketRoundId', message: provisionalSupplierMessage(name) })),
    ],
  };
}

/** Why an open round is not offered to a supplier only provisionally registered in it. */
const provisionalSupplierMessage = (roundName: string): string =>
  `${roundName} is not offered: your registration as a supplier there is provisional until the market operator completes it`;

/** The rounds open for registration in which the organisation is a supplier still Provisional, by name. */
async function provisionalRounds(db: Queryable, organisationId: string): Promise<string[]> {
  const rows = await db
    .select({ name: marketRounds.name })
    .from(participations)
    .innerJoin(marketRounds, eq(marketRounds.id, participations.marketRoundId))
    .where(
      and(
        eq(participations.organisationId, organisationId),
        eq(participations.capacity, 'Supplier'),
        eq(participations.status, 'Provisional'),
        openForRegistration,
      ),
    )
    .orderBy(asc(marketRounds.name));
  return rows.map((row) => row.name);
}

/** One round open for registration with the organisations Registered in it, by capacity its bidder type takes. */
interface RoundChoice {
  id: string;
  name: string;
  services: readonly string[];
  /** Capacity -> the organisations registered in it. */
  owners: Partial<Record<ParticipationCapacity, string[]>>;
}

/**
 * The rounds open for registration in which the given organisations (or anyone, when not given) are Registered in
 * one of `capacities` that the round's bidder type takes, with those organisations by capacity.
 */
export async function registeredRoundChoices(
  db: Queryable,
  capacities: readonly ParticipationCapacity[],
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
        inArray(participations.capacity, [...capacities]),
        eq(participations.status, 'Registered'),
        openForRegistration,
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
    const owners = choice.owners[row.capacity] ?? [];
    if (!owners.includes(row.organisationId)) owners.push(row.organisationId);
    choice.owners[row.capacity] = owners;
    choices.set(row.id, choice);
  }
  return [...choices.values()];
}

/**
 * Round choices as a form's options: each round offered only while an organisation registered in it is chosen in
 * `fields.organisation` with a capacity it is registered in there chosen in `fields.capacity`.
 */
export const roundChoiceOptions = (
  choices: readonly RoundChoice[],
  fields: { capacity: string; organisation: string },
) =>
  choices.map((choice) => {
    const capacities = Object.keys(choice.owners) as ParticipationCapacity[];
    const owners = [...new Set(capacities.flatMap((capacity) => choice.owners[capacity] ?? []))];
    return {
      value: choice.id,
      label: choice.name,
      visibleWhen: [
        { fieldId: fields.capacity, oneOf: capacities },
        { fieldId: fields.organisation, oneOf: owners },
      ],
    };
  });

/** Warning shown when no round is open for registration. */
const NO_OPEN_ROUNDS_WARNING = 'No market rounds are open for registration';

/**
 * The round choice of a participant's registration (RegisterAsParticipant, ExpressInterest on an organisation): every
 * round open for registration, labelled with its market, and the registration declarations each asks while chosen.
 */
export async function participantRoundChoice(
  db: Queryable,
  actor: Actor,
): Promise<{
  options: { marketRoundId: FieldOption[] };
  declarations: DeclarationPrompt[];
  warnings: { path: string; message: string }[];
}> {
  const options = await roundOptions(db, ROUND_STATUSES_OPEN_FOR_REGISTRATION);
  return {
    options: { marketRoundId: options },
    declarations: await declarationsAskedInRounds(
      db,
      options.map((option) => option.value),
      'MarketRoundParticipant_Register',
      actor,
      'marketRoundId',
    ),
    warnings: options.length === 0 ? [{ path: 'marketRoundId', message: NO_OPEN_ROUNDS_WARNING }] : [],
  };
}
