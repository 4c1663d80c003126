import {
  type AnyActionDefinition,
  type CreditRequirementStatus,
  formatDate,
  formatIsoDate,
  type OperatorHome,
  type OperatorRoundCounts,
  type OperatorWorkItem,
  type OperatorWorkKind,
  PARTICIPATION_ACTIONS,
  PROJECT_ACTIONS,
  type ProjectStatus,
  REGISTRATION_PERIODS,
  REQUIREMENT_ACTIONS,
  type RegistrationStatus,
} from '@curlew/domain';
import { and, asc, count, desc, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/actions/types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { mailOutbox } from '../../platform/mail.tables.ts';
import { markets } from '../markets/markets.tables.ts';
import { solverTasks } from '../match/match.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { participations } from '../participations/participations.tables.ts';
import { projects } from '../projects/projects.tables.ts';
import { creditRequirements, requirementBids } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { WINDOW_WORDS } from '../rounds/rounds.windows.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The most items of one kind of work the home lists (the oldest first: they have waited longest). */
const OPERATOR_ITEMS_PER_KIND = 50;
/** How many days ahead a closing registration window counts as needing attention. */
const WINDOW_ATTENTION_DAYS = 7;

/** The statuses an action may run from, read from its lifecycle edge (the runner's own rule). */
const fromStatuses = <Status extends string>(
  definitions: readonly AnyActionDefinition[],
  actionId: string,
): Status[] =>
  [...(definitions.find((definition) => definition.id === actionId)?.lifecycle?.from ?? [])] as Status[];

/** The operator's review of projects (screening, pre-market review, certification), with the statuses each runs from. */
const PROJECT_WORK: readonly { kind: OperatorWorkKind; actionId: string; label: string }[] = [
  { kind: 'ScreenProject', actionId: 'AddScreeningOutcome', label: 'Screen the project' },
  {
    kind: 'ReviewProject',
    actionId: 'SetPreMarketReviewOutcome',
    label: 'Review the project before the market',
  },
  { kind: 'CertifyProject', actionId: 'SetCertificationDecision', label: 'Decide the certification' },
];

const roundPage = (marketId: string, roundId: string) => `/markets/${marketId}/round/${roundId}`;
const roundName = (row: { roundName: string | null }) => row.roundName ?? 'No round';

/** The work on each record: the record by name, in its round, linked to its page under `pages`. */
const recordWork = (
  rows: readonly { id: string; name: string; roundName: string | null }[],
  work: { kind: OperatorWorkKind; label: string },
  pages: string,
): OperatorWorkItem[] =>
  rows.map((row) => ({
    kind: work.kind,
    label: work.label,
    subject: row.name,
    detail: roundName(row),
    link: `${pages}/${row.id}`,
    due: null,
  }));

async function registrations(deps: Deps): Promise<OperatorWorkItem[]> {
  const rows = await deps.db
    .select({
      id: participations.id,
      capacity: participations.capacity,
      roundId: marketRounds.id,
      roundName: marketRounds.name,
      marketId: marketRounds.marketId,
      organisation: organisations.name,
    })
    .from(participations)
    .innerJoin(marketRounds, eq(marketRounds.id, participations.marketRoundId))
    .innerJoin(organisations, eq(organisations.id, participations.organisationId))
    .where(
      inArray(
        participations.status,
        fromStatuses<RegistrationStatus>(PARTICIPATION_ACTIONS, 'CompleteRegistration'),
      ),
    )
    .orderBy(asc(participations.updatedAt))
    .limit(OPERATOR_ITEMS_PER_KIND);
  return rows.map((row) => ({
    kind: 'CompleteParticipation',
    label: 'Complete the registration',
    subject: `${row.organisation} (${row.capacity})`,
    detail: row.roundName,
    link: `${roundPage(row.marketId, row.roundId)}/participation/${row.id}`,
    due: null,
  }));
}

async function projectWork(deps: Deps): Promise<OperatorWorkItem[]> {
  const items: OperatorWorkItem[] = [];
  for (const work of PROJECT_WORK) {
    const rows = await deps.db
      .select({ id: projects.id, name: projects.name, roundName: marketRounds.name })
      .from(projects)
      .leftJoin(marketRounds, eq(marketRounds.id, projects.marketRoundId))
      .where(inArray(projects.status, fromStatuses<ProjectStatus>(PROJECT_ACTIONS, work.actionId)))
      .orderBy(asc(projects.updatedAt))
      .limit(OPERATOR_ITEMS_PER_KIND);
    items.push(...recordWork(rows, work, '/projects'));
  }
  const requirements = await deps.db
    .select({ id: creditRequirements.id, name: creditRequirements.name, roundName: marketRounds.name })
    .from(creditRequirements)
    .leftJoin(marketRounds, eq(marketRounds.id, creditRequirements.marketRoundId))
    .where(
      inArray(
        creditRequirements.status,
        fromStatuses<CreditRequirementStatus>(REQUIREMENT_ACTIONS, 'CompleteRegistration'),
      ),
    )
    .orderBy(asc(creditRequirements.updatedAt))
    .limit(OPERATOR_ITEMS_PER_KIND);
  items.push(
    ...recordWork(
      requirements,
      { kind: 'CompleteRequirement', label: 'Complete the requirement registration' },
      '/credit-requirements',
    ),
  );
  return items;
}

/** Registration windows of open rounds that close between today and WINDOW_ATTENTION_DAYS from now. */
async function closingWindows(deps: Deps): Promise<OperatorWorkItem[]> {
  const now = deps.clock();
  const today = formatIsoDate(now);
  const horizon = formatIsoDate(new Date(now.getTime() + WINDOW_ATTENTION_DAYS * 86_400_000));
  const rounds = await deps.db
    .select({
      id: marketRounds.id,
      name: marketRounds.name,
      marketId: marketRounds.marketId,
      dates: marketRounds.registrationDates,
    })
    .from(marketRounds)
    .where(inArray(marketRounds.status, ['Draft', 'Open']))
    .orderBy(asc(marketRounds.name));
  const items: OperatorWorkItem[] = [];
  for (const round of rounds) {
    for (const period of REGISTRATION_PERIODS) {
      const end = round.dates[period]?.end;
      if (end === undefined || end < today || end > horizon) continue;
      items.push({
        kind: 'WindowClosing',
        label: `${WINDOW_WORDS[period]} closes`,
        subject: round.name,
        detail: `Closes on ${formatDate(end)}`,
        link: roundPage(round.marketId, round.id),
        due: end,
      });
    }
  }
  return items.sort((a, b) => (a.due ?? '').localeCompare(b.due ?? ''));
}

const TASK_WORDS = { Queued: 'Waiting to start', Running: 'Running', Failed: 'Failed' } as const;

/** Solver tasks queued or running, and the failed latest task of a round still Failed. */
async function solverWork(deps: Deps): Promise<OperatorWorkItem[]> {
  const rows = await deps.db
    .select({
      status: solverTasks.status,
      reason: solverTasks.reason,
      queuedAt: solverTasks.queuedAt,
      roundId: marketRounds.id,
      roundName: marketRounds.name,
      roundStatus: marketRounds.status,
      marketId: marketRounds.marketId,
    })
    .from(solverTasks)
    .innerJoin(marketRounds, eq(marketRounds.id, solverTasks.marketRoundId))
    .where(
      sql`${solverTasks.status} in ('Queued', 'Running') or (${solverTasks.status} = 'Failed' and ${marketRounds.status} = 'Failed' and ${solverTasks.queuedAt} = (select max(latest.queued_at) from ${solverTasks} latest where latest.market_round_id = ${marketRounds.id}))`,
    )
    .orderBy(desc(solverTasks.queuedAt))
    .limit(OPERATOR_ITEMS_PER_KIND);
  return rows.flatMap((row): OperatorWorkItem[] => {
    if (row.status !== 'Queued' && row.status !== 'Running' && row.status !== 'Failed') return [];
    return [
      {
        kind: 'SolverTask',
        label: row.status === 'Failed' ? 'Match again or import a result' : 'Follow the matching',
        subject: row.roundName,
        detail: [`${TASK_WORDS[row.status]} since ${formatDate(row.queuedAt)}`, row.reason]
          .filter(Boolean)
          .join(': '),
        link: roundPage(row.marketId, row.roundId),
        due: null,
      },
    ];
  });
}

/** E-mails the mail server refused for good (the System page sends them again; the system administrator's). */
async function failedMail(deps: Deps): Promise<OperatorWorkItem[]> {
  const rows = await deps.db
    .select({ subject: mailOutbox.subject, to: mailOutbox.to, lastError: mailOutbox.lastError })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'Failed'))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(OPERATOR_ITEMS_PER_KIND);
  return rows.map((row) => ({
    kind: 'FailedMail',
    label: 'Send the e-mail again',
    subject: row.subject,
    detail: `To ${row.to}${row.lastError ? `: ${row.lastError}` : ''}`,
    link: '/system',
    due: null,
  }));
}

/** Each round under way (neither Draft nor Settled): participants, projects offered, requirements bid. */
async function roundCounts(deps: Deps): Promise<OperatorRoundCounts[]> {
  const { db } = deps;
  const rounds = await db
    .select({
      id: marketRounds.id,
      name: marketRounds.name,
      status: marketRounds.status,
      marketId: marketRounds.marketId,
      marketName: markets.name,
    })
    .from(marketRounds)
    .innerJoin(markets, eq(markets.id, marketRounds.marketId))
    .where(notInArray(marketRounds.status, ['Draft', 'Settled']))
    .orderBy(desc(marketRounds.createdAt))
    .limit(OPERATOR_ITEMS_PER_KIND);
  const ids = rounds.map((round) => round.id);
  if (ids.length === 0) return [];
  const [participants, offered, bids] = await Promise.all([
    db
      .select({ roundId: participations.marketRoundId, value: count() })
      .from(participations)
      .where(and(inArray(participations.marketRoundId, ids), ne(participations.status, 'Withdrawn')))
      .groupBy(participations.marketRoundId),
    db
      .select({ roundId: projects.marketRoundId, value: count() })
      .from(projects)
      .where(and(inArray(projects.marketRoundId, ids), isNotNull(projects.offer)))
      .groupBy(projects.marketRoundId),
    db
      .select({ roundId: creditRequirements.marketRoundId, value: count() })
      .from(requirementBids)
      .innerJoin(creditRequirements, eq(creditRequirements.id, requirementBids.requirementId))
      .where(inArray(creditRequirements.marketRoundId, ids))
      .groupBy(creditRequirements.marketRoundId),
  ]);
  const countOf = (rows: { roundId: string | null; value: number }[], id: string) =>
    rows.find((row) => row.roundId === id)?.value ?? 0;
  return rounds.map((round) => ({
    round: { id: round.id, name: round.name, marketId: round.marketId, status: round.status },
    marketName: round.marketName,
    participants: countOf(participants, round.id),
    projectsOffered: countOf(offered, round.id),
    requirementsBid: countOf(bids, round.id),
  }));
}

/**
 * What needs the operator now, each item linking to the page where it is done: registrations to complete,
 * projects to screen, review and certify, registration windows closing within a week, solver tasks running or
 * failed, and (for the system administrator, who may open the System page) e-mails that failed; and the counts of
 * each round under way.
 */
export async function operatorHome(deps: Deps, actor: Actor): Promise<OperatorHome> {
  const attention = [
    ...(await closingWindows(deps)),
    ...(await solverWork(deps)),
    ...(await registrations(deps)),
    ...(await projectWork(deps)),
    ...(actor.groups.includes('sysadmin') ? await failedMail(deps) : []),
  ];
  return { attention, rounds: await roundCounts(deps) };
}
