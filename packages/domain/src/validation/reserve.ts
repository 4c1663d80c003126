import { z } from 'zod';
import { RESERVE_PERCENTAGE } from '../vocab/constants.ts';
import { MESSAGES, reserveInvalidMessage } from './messages.ts';

/** Whether a percentage is allowed for the credit reserve: strictly between 0 and 100. */
export const isValidReservePercentage = (percentage: number): boolean =>
  percentage > RESERVE_PERCENTAGE.exclusiveMin && percentage < RESERVE_PERCENTAGE.exclusiveMax;

const toNumber = (value: unknown): unknown => {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : value;
};

/**
 * The credit reserve percentage (SPEC 5): anything that is not a number gives 'Field required'; a number not
 * strictly between 0 and 100 gives '{n}% is not valid for the credit reserve'. Numeric text is accepted.
 */
export const reservePercentage = () =>
  z.preprocess(
    toNumber,
    z
      .number({ error: () => MESSAGES.required })
      .refine(isValidReservePercentage, { error: (issue) => reserveInvalidMessage(Number(issue.input)) }),
  );

/** The non-blocking warning for a valid reserve outside 10%-20%, or undefined when there is nothing to say. */
export const reserveWarning = (percentage: number | null | undefined): string | undefined => {
  if (typeof percentage !== 'number' || !isValidReservePercentage(percentage)) return undefined;
  const inRange =
    percentage >= RESERVE_PERCENTAGE.recommendedMin && percentage <= RESERVE_PERCENTAGE.recommendedMax;
  return inRange ? undefined : MESSAGES.reserveRecommended;
};
