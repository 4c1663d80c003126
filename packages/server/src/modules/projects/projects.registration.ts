import {
  type DeclarationCategory,
  type DeclarationPrompt,
  declarationAnswerIssues,
  declarationPrompts,
  WARNINGS,
} from '@curlew/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import type { Actor } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { agentActsFor } from '../agent-authorities/agent-authorities.scope.ts';
import { agentAuthorities } from '../agent-authorities/agent-authorities.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import {
  assertAgentMayRegister,
  audienceOf,
  isRegisteredIn,
  refuseDeclarationIssues,
} from '../participations/participations.registration.ts';
import { participations } from '../participations/participations.tables.ts';
import { declarationsOfRound, findRoundRecord, type RoundRecord } from '../rounds/rounds.repo.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { windowRefusal } from '../rounds/rounds.windows.ts';
import { registrationLines } from './projects.checklist.ts';
import type { ProjectRecord } from './projects.repo.ts';
import { servicesOf } from './projects.repo.ts';

/** The declarations a round asks of the actor's audience in a category (the form's prompts). */
export async function projectDeclarationPrompts(
  db: Queryable,
  roundId: string,
  actor: Pick<Actor, 'organisation'>,
  category: DeclarationCategory,
): Promise<DeclarationPrompt[]> {
  const declarations = await declarationsOfRound(db, roundId);
  return declarationPrompts(
    declarations.map((declaration) => ({ ...declaration, id: declaration.declarationId })),
    category,
    audienceOf(actor),
  );
}

/** 422 with each declaration of the category asked and not answered true (`declarations.{id}`). */
export async function assertProjectDeclarations(
  db: Queryable,
  roundId: string,
  actor: Pick<Actor, 'organisation'>,
  category: DeclarationCategory,
  answers: Readonly<Record<string, unknown>> | undefined,
): Promise<void> {
  refuseDeclarationIssues(
    declarationAnswerIssues(await projectDeclarationPrompts(db, roundId, actor, category), answers),
  );
}

/** Whether the organisation is a Registered Supplier of the round. */
export const isRegisteredSupplier = (
  db: Queryable,
  organisationId: string,
  roundId: string,
): Promise<boolean> => isRegisteredIn(db, { roundId, organisationId, capacity: 'Supplier' });

/**
 * The round a project registers into, checked: it exists (422 at `path`), is open for registration with its
 * projects window open today (409), the supplier is a Registered Supplier in it (409) and an agent holds approved
 * RegisterForRound authority for the supplier in it (403).
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
  const round = isRecordId(request.roundId) ? await findRoundRecord(db, request.roundId) : undefined;
  if (round === undefined || round.status === 'Draft')
    throw validationError(request.path, 'Not a valid option');
  await assertAgentMayRegister(db, request.actor, request.supplier, round);
  if (round.status !== 'Open')
    throw new AppError('invalid_status', `${round.name} is not open for registration`);
  const refusal = windowRefusal(round, 'projects', request.now);
  if (refusal !== undefined) throw new AppError('invalid_status', refusal);
  if (!(await isRegisteredSupplier(db, request.supplier.id, round.id)))
    throw new AppError(
      'invalid_status',
      `${request.supplier.name} is not a registered supplier in ${round.name}`,
    );
  return round;
}

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

/**
 * The open rounds the actor may add or register projects in, for a form's options: the operator every open round;
 * a participant those where it is a Registered Supplier; an agent those where it holds RegisterForRound authority.
 */
export async function openRoundsForProjects(
  db: Queryable,
  actor: Actor,
): Promise<{ options: { value: string; label: string }[]; warnings: { path: string; message: string }[] }> {
  const own = actor.organisationId;
  let ids: string[] | undefined;
  if (actor.organisation?.type === 'PARTICIPANT' && own !== null) {
    const rows = await db
      .select({ id: participations.marketRoundId })
      .from(participations)
      .where(
        and(
          eq(participations.organisationId, own),
          eq(participations.capacity, 'Supplier'),
          eq(participations.status, 'Registered'),
        ),
      );
    ids = rows.map((row) => row.id);
  } else if (actor.organisation?.type === 'AGENT' && own !== null) {
    const rows = await db
      .select({ id: agentAuthorities.marketRoundId })
      .from(agentAuthorities)
      .where(and(eq(agentAuthorities.agentOrganisationId, own), eq(agentAuthorities.approved, true)));
    ids = rows.map((row) => row.id);
  } else if (!actor.groups.includes('admin') && !actor.groups.includes('sysadmin')) ids = [];
  const rounds =
    ids !== undefined && ids.length === 0
      ? []
      : await db
          .select({ id: marketRounds.id, name: marketRounds.name })
          .from(marketRounds)
          .where(
            and(
              eq(marketRounds.status, 'Open'),
              ids === undefined ? undefined : inArray(marketRounds.id, [...new Set(ids)]),
            ),
          )
          .orderBy(asc(marketRounds.name));
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
export const provisionalSupplierMessage = (roundName: string): string =>
  `${roundName} is not offered: your registration as a supplier there is provisional until the market operator completes it`;

/** The open rounds in which the organisation is a supplier whose registration is still provisional, by name. */
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
        eq(marketRounds.status, 'Open'),
      ),
    )
    .orderBy(asc(marketRounds.name));
  return rows.map((row) => row.name);
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
