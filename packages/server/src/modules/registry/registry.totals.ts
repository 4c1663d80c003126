import {
  CREDIT_TYPES,
  type CreditType,
  type RegistryAmounts,
  type RegistryMeasure,
  type RegistryTotals,
} from '@curlew/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { ScopeReader } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { type CreditEventKind, creditEvents } from '../settlement/settlement.tables.ts';
import { units2 } from './registry.repo.ts';
import { ledgerScope } from './registry.scope.ts';

/**
 * How each ledger kind moves the measures: Replaced draws on the reserve, Voided writes off what a failed project's
 * own reserved credits still held, Failed moves no total.
 */
const EFFECTS: Readonly<Record<CreditEventKind, Partial<Record<RegistryMeasure, 1 | -1>>>> = {
  Created: { created: 1 },
  Reserved: { reserve: 1 },
  Allocated: { allocated: 1 },
  Issued: { issued: 1 },
  Redeemed: { redeemed: 1 },
  Retired: { retired: 1 },
  Failed: {},
  Voided: { reserve: -1 },
  Replaced: { reserve: -1 },
};

const zero = (creditType: CreditType): RegistryAmounts => ({
  creditType,
  created: 0,
  allocated: 0,
  issued: 0,
  redeemed: 0,
  retired: 0,
  reserve: 0,
});

const rounded = (amounts: RegistryAmounts): RegistryAmounts => ({
  creditType: amounts.creditType,
  created: units2(amounts.created),
  allocated: units2(amounts.allocated),
  issued: units2(amounts.issued),
  redeemed: units2(amounts.redeemed),
  retired: units2(amounts.retired),
  reserve: units2(amounts.reserve),
});

/**
 * The registry's totals per credit type from the ledger (`credit_events`), for a market and/or a round, as the
 * reader may see them (the operator every row; others the rows of the credits and projects in their scope): now,
 * and at the end of each day (UTC) on which something moved.
 */
export async function registryTotals(
  db: Queryable,
  actor: ScopeReader,
  filter: { marketId?: string | undefined; roundId?: string | undefined },
): Promise<RegistryTotals> {
  const day = sql<string>`to_char(${creditEvents.at} at time zone 'UTC', 'YYYY-MM-DD')`;
  const where: SQL | undefined = and(
    filter.roundId === undefined ? undefined : eq(creditEvents.marketRoundId, filter.roundId),
    filter.marketId === undefined ? undefined : eq(marketRounds.marketId, filter.marketId),
    ledgerScope(db, actor, creditEvents),
  );
  const rows = await db
    .select({
      day,
      creditType: creditEvents.creditType,
      kind: creditEvents.kind,
      units: sql<number>`sum(${creditEvents.units})`.mapWith(Number),
    })
    .from(creditEvents)
    .innerJoin(marketRounds, eq(marketRounds.id, creditEvents.marketRoundId))
    .where(where)
    .groupBy(day, creditEvents.creditType, creditEvents.kind)
    .orderBy(asc(day));
  const running = new Map<CreditType, RegistryAmounts>();
  const series: RegistryTotals['series'] = [];
  const days = [...new Set(rows.map((row) => row.day))];
  for (const date of days) {
    for (const row of rows.filter((candidate) => candidate.day === date)) {
      const amounts = running.get(row.creditType) ?? zero(row.creditType);
      for (const [measure, sign] of Object.entries(EFFECTS[row.kind]) as [RegistryMeasure, 1 | -1][])
        amounts[measure] += sign * row.units;
      running.set(row.creditType, amounts);
    }
    for (const creditType of CREDIT_TYPES) {
      const amounts = running.get(creditType);
      if (amounts !== undefined) series.push({ date, ...rounded(amounts) });
    }
  }
  const now = CREDIT_TYPES.flatMap((creditType) => {
    const amounts = running.get(creditType);
    return amounts === undefined ? [] : [rounded(amounts)];
  });
  return { now, series };
}
