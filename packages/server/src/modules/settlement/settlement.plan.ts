import type { CreditType } from '@curlew/domain';

/** An allocation of a failed project that was not delivered yet: what balancing must make good. */
export interface FailedAllocation {
  id: string;
  requirementId: string;
  requirementCreditId: string | null;
  creditType: CreditType;
  year: number;
  /** Supply units of the failed project. */
  units: number;
  /** The spatial multiplier it was sold at: the requirement received units x multiplier. */
  multiplier: number;
}

/** A reserved credit with the units it still holds. */
export interface ReserveHolding {
  id: string;
  projectId: string;
  serviceId: string;
  creditType: CreditType;
  year: number;
  available: number;
}

/**
 * Whether a reserved credit may replace a failed allocation under the clearing's trading rules, and at which spatial
 * multiplier; null when it may not.
 */
export type ReserveJudge = (failed: FailedAllocation, reserve: ReserveHolding) => number | null;

/** One replacement: units of a reserved credit that make good (part of) a failed allocation. */
export interface Replacement {
  allocationId: string;
  reservedCreditId: string;
  units: number;
  multiplier: number;
}

/** What could not be made good of a failed allocation, in the requirement's units (after the multiplier). */
export interface Shortfall {
  allocationId: string;
  units: number;
}

/** The plan of market balancing after an irrevocable failure. */
export interface BalancingPlan {
  replacements: Replacement[];
  shortfalls: Shortfall[];
}

const EPS = 1e-7;
const cents = (units: number) => Math.floor(units * 100 + EPS);

/**
 * Plans market balancing (MARKET.md section 6), a pure function: every failed allocation, in id order, is made good
 * from the compatible reserved credits of the same year, the best multiplier first (then the reserved credit's id),
 * each giving at most what it still holds; the units a requirement was to receive (units x multiplier) are what must
 * be replaced, so a reserved credit further away gives more supply units for the same delivery. What no compatible
 * reserve covers is a shortfall (2 decimals, at least 0.01). The holdings passed in are not changed.
 */
export function planBalancing(
  failed: readonly FailedAllocation[],
  reserve: readonly ReserveHolding[],
  judge: ReserveJudge,
): BalancingPlan {
  const left = new Map(reserve.map((item) => [item.id, cents(item.available)]));
  const replacements: Replacement[] = [];
  const shortfalls: Shortfall[] = [];
  for (const allocation of [...failed].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    let owed = allocation.units * allocation.multiplier;
    const candidates = reserve
      .filter((item) => item.creditType === allocation.creditType && item.year === allocation.year)
      .map((item) => ({ item, multiplier: judge(allocation, item) }))
      .filter((entry): entry is { item: ReserveHolding; multiplier: number } => entry.multiplier !== null)
      .sort((a, b) => b.multiplier - a.multiplier || (a.item.id < b.item.id ? -1 : 1));
    for (const { item, multiplier } of candidates) {
      if (owed < 0.005) break;
      const available = left.get(item.id) ?? 0;
      if (available <= 0) continue;
      const take = Math.min(available, Math.ceil((owed * 100) / multiplier - EPS));
      if (take <= 0) continue;
      left.set(item.id, available - take);
      owed -= (take / 100) * multiplier;
      replacements.push({
        allocationId: allocation.id,
        reservedCreditId: item.id,
        units: take / 100,
        multiplier,
      });
    }
    const short = Math.round(owed * 100) / 100;
    if (short >= 0.01) shortfalls.push({ allocationId: allocation.id, units: short });
  }
  return { replacements, shortfalls };
}
