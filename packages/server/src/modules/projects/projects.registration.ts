import { and, eq } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import type { Actor } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { agentActsFor } from '../agent-authorities/agent-authorities.scope.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import {
  assertAgentMayRegister,
  assertDeclarationsAnswered,
  assertRegistrationOpen,
  declarationsAskedInRounds,
  isRegisteredIn,
  roundToRegisterIn,
} from '../rounds/rounds.registration.ts';
import type { RoundRecord } from '../rounds/rounds.repo.ts';
import { registrationLines } from './projects.checklist.ts';
import type { ProjectRecord } from './projects.repo.ts';
import { servicesOf } from './projects.repo.ts';

/**
 * The round a project registers into, checked by the round's rules: it exists and is past Draft (422 at `path`), an
 * agent holds approved RegisterForRound authority for the supplier in it (403), it is open for registration with its
 * projects window open today (409) and the supplier is a Registered Supplier in it (409).
 */
export async function roundForProject(
  db: Queryable,
  request: {
    roundId: string;
    supplier: { id: string; name: string };
    actor: Actor;
    now: Date;
    path: string;
  },
): Promise<RoundRecord> {
  const round = await roundToRegisterIn(db, request.roundId, request.path);
  await assertAgentMayRegister(db, request.actor, request.supplier, round);
  assertRegistrationOpen(round, 'projects', request.now);
  const registered = await isRegisteredIn(db, {
    roundId: round.id,
    organisationId: request.supplier.id,
    capacity: 'Supplier',
  });
  if (!registered)
    throw new AppError(
      'invalid_status',
      `${request.supplier.name} is not a registered supplier in ${round.name}`,
    );
  return round;
}

/** The round a project registers into (`roundForProject`), once the round's registration declarations are answered. */
export async function roundToRegisterProject(
  db: Queryable,
  request: {
    roundId: string;
    supplier: { id: string; name: string };
    actor: Actor;
    now: Date;
    declarations: Readonly<Record<string, unknown>> | undefined;
  },
): Promise<RoundRecord> {
  const round = await roundForProject(db, { ...request, path: 'marketRoundId' });
  await assertDeclarationsAnswered(
    db,
    round.id,
    'MarketRoundProject_Register',
    request.actor,
    request.declarations,
  );
  return round;
}

/** The registration declarations the rounds a project form offers (as `marketRoundId`) ask of the actor. */
export const projectDeclarationsAsked = (
  db: Queryable,
  actor: Actor,
  rounds: { options: readonly { value: string }[] },
) =>
  declarationsAskedInRounds(
    db,
    rounds.options.map((option) => option.value),
    'MarketRoundProject_Register',
    actor,
    'marketRoundId',
  );

/**
 * The supplier a project is added for: a participant organisation; a participant adds only its own projects, an
 * agent only a client's (403).
 */
export async function supplierForProject(
  db: Queryable,
  actor: Actor,
  supplierId: string,
): Promise<{ id: string; name: string }> {
  const [supplier] = isRecordId(supplierId)
    ? await db
        .select({ id: organisations.id, name: organisations.name, type: organisations.type })
        .from(organisations)
        .where(eq(organisations.id, supplierId))
    : [];
  if (supplier === undefined || supplier.type !== 'PARTICIPANT')
    throw validationError('supplierId', 'Not a valid option');
  const own = actor.organisationId;
  if (actor.organisation?.type === 'PARTICIPANT' && supplier.id !== own)
    throw new AppError('forbidden', 'You can only add projects of your own organisation');
  if (actor.organisation?.type === 'AGENT' && own !== null) {
    const [acts] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(eq(organisations.id, supplier.id), agentActsFor(own, organisations.id)));
    if (acts === undefined) throw new AppError('forbidden', `You do not act for ${supplier.name}`);
  }
  return { id: supplier.id, name: supplier.name };
}

/** What keeps a project from completing its registration, one sentence per problem (its checklist's open lines). */
export async function registrationIssues(db: Queryable, record: ProjectRecord): Promise<string[]> {
  const services = await servicesOf(db, [record.id]);
  const types = new Set<string>(services.map(({ service }) => service.type));
  return registrationLines(record, types).flatMap((item) => item.issues);
}

/** Whether the project may skip to Certified: certified in an earlier round and unchanged since. */
export const canSkipToCertified = (record: ProjectRecord): boolean =>
  record.certifiedRoundId !== null &&
  record.certifiedRoundId !== record.marketRoundId &&
  !record.changedSinceCertified;
