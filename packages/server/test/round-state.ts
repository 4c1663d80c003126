import { count, eq, like, sql } from 'drizzle-orm';
import { allocations, payments, reservedCredits, solverTasks } from '../src/modules/match/match.tables.ts';
import { projects } from '../src/modules/projects/projects.tables.ts';
import { creditRequirements } from '../src/modules/requirements/requirements.tables.ts';
import { marketRounds } from '../src/modules/rounds/rounds.tables.ts';
import { creditEvents } from '../src/modules/settlement/settlement.tables.ts';
import { type Queryable, queryRows } from '../src/platform/db/connect.ts';
import { mailOutbox } from '../src/platform/mail.tables.ts';

/** What AcceptMatch writes for a round, read back from the database: its status and every count it changes. */
export interface AppliedRoundState {
  status: string;
  allocations: number;
  /** Allocations sharing a service, requirement and year with another: an application made twice. */
  duplicateAllocations: number;
  reservedCredits: number;
  payments: number;
  /** Payments of a party written more than once. */
  duplicatePayments: number;
  creditEvents: number;
  /** The round's projects and requirements by status, e.g. `{ Offered: 3, Registered: 1 }`. */
  projectStatuses: Record<string, number>;
  requirementStatuses: Record<string, number>;
  /** Outcome e-mails of the round ("Your result in {round}"). */
  outcomeMails: number;
  solverTasks: { status: string; attempts: number }[];
}

const byStatus = (rows: { status: string; n: number }[]) =>
  Object.fromEntries(
    rows.map((row) => [row.status, Number(row.n)]).sort(([a], [b]) => String(a).localeCompare(String(b))),
  );

/** Reads a round's applied state (see `AppliedRoundState`). */
export async function appliedRoundState(db: Queryable, roundId: string): Promise<AppliedRoundState> {
  const [round] = await db
    .select({ status: marketRounds.status, name: marketRounds.name })
    .from(marketRounds)
    .where(eq(marketRounds.id, roundId));
  if (!round) throw new Error('No such round');
  const countOf = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  const [duplicates] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${allocations} where ${allocations.marketRoundId} = ${roundId}
        group by ${allocations.serviceId}, ${allocations.requirementId}, ${allocations.year}, ${allocations.origin}
        having count(*) > 1) as twice`,
  );
  const [paidTwice] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${payments} where ${payments.marketRoundId} = ${roundId}
        group by ${payments.party}, ${payments.partyId} having count(*) > 1) as twice`,
  );
  return {
    status: round.status,
    allocations: await countOf(
      db.select({ n: count() }).from(allocations).where(eq(allocations.marketRoundId, roundId)),
    ),
    duplicateAllocations: Number(duplicates?.n ?? 0),
    reservedCredits: await countOf(
      db.select({ n: count() }).from(reservedCredits).where(eq(reservedCredits.marketRoundId, roundId)),
    ),
    payments: await countOf(
      db.select({ n: count() }).from(payments).where(eq(payments.marketRoundId, roundId)),
    ),
    duplicatePayments: Number(paidTwice?.n ?? 0),
    creditEvents: await countOf(
      db.select({ n: count() }).from(creditEvents).where(eq(creditEvents.marketRoundId, roundId)),
    ),
    projectStatuses: byStatus(
      await db
        .select({ status: projects.status, n: count() })
        .from(projects)
        .where(eq(projects.marketRoundId, roundId))
        .groupBy(projects.status),
    ),
    requirementStatuses: byStatus(
      await db
        .select({ status: creditRequirements.status, n: count() })
        .from(creditRequirements)
        .where(eq(creditRequirements.marketRoundId, roundId))
        .groupBy(creditRequirements.status),
    ),
    outcomeMails: await countOf(
      db
        .select({ n: count() })
        .from(mailOutbox)
        .where(like(mailOutbox.subject, `Your result in %${round.name}`)),
    ),
    solverTasks: await db
      .select({ status: solverTasks.status, attempts: solverTasks.attempts })
      .from(solverTasks)
      .where(eq(solverTasks.marketRoundId, roundId))
      .orderBy(solverTasks.queuedAt),
  };
}
