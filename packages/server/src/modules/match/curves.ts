import type { CreditType, CurveStep, SupplyDemandCurve } from '@curlew/domain';
import type { ClearingResult, Instance } from '@curlew/matching';
import type { BuiltInstance } from './instance.types.ts';

const units2 = (x: number) => Math.round(x * 100) / 100;
const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const total = (values: readonly number[]) => values.reduce((sum, x) => sum + x, 0);

/** What the curves are drawn from: the task's instance, mapping and result, and the records' names by id. */
interface CurvesInput {
  instance: Instance;
  mapping: Omit<BuiltInstance, 'instance'>;
  result: ClearingResult;
  nameOf: (id: string) => string;
  /** Supply units sold per credit type. */
  cleared: ReadonlyMap<CreditType, number>;
}

/**
 * The supply and demand curve of every credit type of a clearing (pure): each requirement's bid per unit it needs
 * over the round's years (its ongoing-only alternative aside), and each project's offer (fees included) per unit it
 * offers. A project offering several credit types is split between them by the bids' average price per unit of
 * each type (by units alone where a type has no bid), so that its steps add up to its offer.
 */
export function buildCurves(input: CurvesInput): SupplyDemandCurve[] {
  const { instance, mapping, result } = input;
  const filled = new Set<string>();
  for (const line of result.requirements) {
    const target = mapping.requirements[line.id];
    if (target && line.fill > 0) filled.add(target.requirementId);
  }
  const bids = new Map<CreditType, CurveStep[]>();
  for (const requirement of instance.requirements) {
    const target = mapping.requirements[requirement.id];
    const units = total(requirement.units);
    if (!target || target.ongoingOnly || !(units > 0)) continue;
    const steps = bids.get(requirement.type) ?? [];
    steps.push({
      name: input.nameOf(target.requirementId),
      units: units2(units),
      pricePerUnitPence: Math.round((requirement.bid * 100) / units),
      won: filled.has(target.requirementId),
    });
    bids.set(requirement.type, steps);
  }
  const averageBid = new Map<CreditType, number>();
  for (const [type, steps] of bids) {
    const units = total(steps.map((s) => s.units));
    if (units > 0) averageBid.set(type, total(steps.map((s) => s.units * s.pricePerUnitPence)) / units);
  }

  const won = new Set(result.projects.filter((line) => line.won).map((line) => line.id));
  const offers = new Map<CreditType, CurveStep[]>();
  for (const project of instance.projects) {
    const byType = new Map<CreditType, number>();
    for (const credit of project.credits)
      byType.set(credit.type, (byType.get(credit.type) ?? 0) + total(credit.units));
    const weights = [...byType].map(([type, units]) => ({
      type,
      units,
      value: units * (averageBid.get(type) ?? 1),
    }));
    const value = total(weights.map((w) => w.value));
    for (const { type, units, value: part } of weights) {
      if (!(units > 0) || !(value > 0)) continue;
      const steps = offers.get(type) ?? [];
      steps.push({
        name: input.nameOf(project.id),
        units: units2(units),
        pricePerUnitPence: Math.round((project.offer * 100 * (part / value)) / units),
        won: won.has(project.id),
      });
      offers.set(type, steps);
    }
  }

  const types = [...new Set([...offers.keys(), ...bids.keys()])].sort(byString);
  return types.map((creditType) => ({
    creditType,
    offers: (offers.get(creditType) ?? []).sort(
      (a, b) => a.pricePerUnitPence - b.pricePerUnitPence || byString(a.name, b.name),
    ),
    bids: (bids.get(creditType) ?? []).sort(
      (a, b) => b.pricePerUnitPence - a.pricePerUnitPence || byString(a.name, b.name),
    ),
    clearedUnits: units2(input.cleared.get(creditType) ?? 0),
  }));
}
