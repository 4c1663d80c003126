import { z } from 'zod';
import { formatNumber } from '../format/number.ts';
import type { CreditType } from '../vocab/credits.ts';
import type { SizeUnit } from '../vocab/habitats.ts';
import { MESSAGES } from './messages.ts';
import { requiredError } from './rules.ts';

/**
 * The bounds every amount of money and every quantity of credit units keeps, whichever path it comes by (a
 * dialog, ImportData's rows, a winners file, the clearing instance): finite, greater than 0 (costs may be 0),
 * at most a cap. A record within them can always enter the clearing; one outside them never reaches it.
 */
export const AMOUNT_LIMITS = {
  /** The largest amount of money in pounds: £1,000,000,000. */
  money: 1_000_000_000,
  /** The largest quantity of units per credit type: biodiversity units, or kg a year of nitrogen or phosphorus. */
  units: {
    Biodiversity: 100_000,
    NutrientMitigationNitrogen: 100_000,
    NutrientMitigationPhosphorous: 100_000,
  },
} as const satisfies { money: number; units: Record<CreditType, number> };

/**
 * The largest size of a site or habitat parcel: 100,000 hectares (larger than any single habitat site in England)
 * or 10,000 kilometres of hedgerow or watercourse.
 */
export const SIZE_LIMITS = { ha: 100_000, km: 10_000 } as const satisfies Record<SizeUnit, number>;

/** The largest quantity of units any credit type allows (for a field whose credit type is not known yet). */
const MAX_UNITS = Math.max(...Object.values(AMOUNT_LIMITS.units));

/** The messages of the amount rules (the SPEC 5 ones where SPEC has them). */
export const AMOUNT_MESSAGES = {
  moneyCap: 'Must be at most £1,000,000,000',
  wholePence: 'Must be in pounds and whole pence (at most 2 decimal places)',
  unitsCap: (max: number) => `Must be at most ${formatNumber(max)} units`,
  sizeCap: (max: number, unit: SizeUnit) => `Must be at most ${formatNumber(max)} ${unit}`,
  notFinite: 'Must be a number',
} as const;

const isWholePence = (pounds: number): boolean => Math.abs(pounds * 100 - Math.round(pounds * 100)) < 1e-6;

/**
 * Why an amount of money (pounds) breaks the money rule, or undefined when it keeps it: a finite number greater
 * than 0 (0 allowed with `zero`), in whole pence, at most £1,000,000,000.
 */
export function moneyProblem(value: unknown, { zero = false }: { zero?: boolean } = {}): string | undefined {
  if (value === undefined || value === null || value === '') return MESSAGES.required;
  if (typeof value !== 'number' || !Number.isFinite(value)) return AMOUNT_MESSAGES.notFinite;
  if (zero ? value < 0 : value <= 0) return zero ? MESSAGES.nonNegative : MESSAGES.positive;
  if (value > AMOUNT_LIMITS.money) return AMOUNT_MESSAGES.moneyCap;
  if (!isWholePence(value)) return AMOUNT_MESSAGES.wholePence;
  return undefined;
}

/**
 * Why a quantity of units breaks the units rule, or undefined when it keeps it: a finite number greater than 0 (0
 * allowed with `zero`), at most the cap of its credit type (the largest cap when the type is not given).
 */
export function unitsProblem(
  value: unknown,
  { type, zero = false }: { type?: CreditType | undefined; zero?: boolean } = {},
): string | undefined {
  if (value === undefined || value === null || value === '') return MESSAGES.required;
  if (typeof value !== 'number' || !Number.isFinite(value)) return AMOUNT_MESSAGES.notFinite;
  if (zero ? value < 0 : value <= 0) return zero ? MESSAGES.nonNegative : MESSAGES.positive;
  const max = type === undefined ? MAX_UNITS : AMOUNT_LIMITS.units[type];
  if (value > max) return AMOUNT_MESSAGES.unitsCap(max);
  return undefined;
}

/**
 * Why a size (an area in hectares, a length in kilometres) breaks the size rule, or undefined when it keeps it: a
 * finite number greater than 0, at most the bound of its unit.
 */
export function sizeProblem(value: unknown, unit: SizeUnit): string | undefined {
  if (value === undefined || value === null || value === '') return MESSAGES.required;
  if (typeof value !== 'number' || !Number.isFinite(value)) return AMOUNT_MESSAGES.notFinite;
  if (value <= 0) return MESSAGES.positive;
  if (value > SIZE_LIMITS[unit]) return AMOUNT_MESSAGES.sizeCap(SIZE_LIMITS[unit], unit);
  return undefined;
}

const numberWith = (problem: (value: number) => string | undefined) =>
  z.number({ error: requiredError }).superRefine((value, ctx) => {
    const message = problem(value);
    if (message !== undefined) ctx.addIssue({ code: 'custom', message });
  });

/** An amount of money in pounds: greater than 0, whole pence, at most £1,000,000,000 (offers, bids). */
export const money = () => numberWith((value) => moneyProblem(value));

/** An amount of money in pounds that may be 0: whole pence, at most £1,000,000,000 (costs and fees). */
export const moneyOrZero = () => numberWith((value) => moneyProblem(value, { zero: true }));

/** A quantity of credit units greater than 0, at most the cap of `type` (the largest cap when not given). */
export const units = (type?: CreditType) => numberWith((value) => unitsProblem(value, { type }));

/** A quantity of credit units that may be 0, at most the cap of `type` (the largest cap when not given). */
export const unitsOrZero = (type?: CreditType) =>
  numberWith((value) => unitsProblem(value, { type, zero: true }));

/** An area in hectares: greater than 0, at most 100,000 ha. */
export const area = () => numberWith((value) => sizeProblem(value, 'ha'));

/** A size greater than 0, at most the bound of its unit (100,000 ha or 10,000 km). */
export const size = (unit: SizeUnit) => numberWith((value) => sizeProblem(value, unit));
