import { z } from 'zod';
import type { FieldDefinition } from '../forms/fields.ts';
import { requiredText } from '../validation/rules.ts';
import { ROUND_CLEARABLE_STATUSES } from './round.lifecycle.ts';

/**
 * An offer or a bid the operator kept out of its round's clearing after bids and offers closed (MARKET.md section
 * 1): the reason, told to the owner, and when. Seen by those who see the offer or the bid.
 */
export interface ClearingExclusion {
  reason: string;
  /** ISO date-time. */
  at: string;
}

/** The round statuses in which the operator may exclude a record from the clearing or reinstate it. */
export const CLEARING_EXCLUSION_ROUND_STATUSES = ROUND_CLEARABLE_STATUSES;

/** The fields of ExcludeFromClearing and ReinstateInClearing: the reason, which the owner is told. */
export const clearingExclusionFields = [
  {
    id: 'reason',
    type: 'TextArea',
    label: 'Reason',
    rows: 3,
    hint: 'The owner and its agent are told this reason by e-mail; it is shown on the record.',
  },
] as const satisfies readonly FieldDefinition[];

/** The input of ExcludeFromClearing and ReinstateInClearing: a reason is required. */
export const clearingExclusionInput = z.object({ reason: requiredText() });

/** The reason a record is left out of the clearing when the operator excluded it. */
export const excludedReason = (reason: string): string =>
  `Excluded from the clearing by the operator: ${reason}`;

/** A stored exclusion (reason and time, both set or both null) as the API answers it; null when none. */
export const clearingExclusionOf = (record: {
  clearingExclusionReason: string | null;
  clearingExcludedAt: Date | null;
}): ClearingExclusion | null =>
  record.clearingExclusionReason === null || record.clearingExcludedAt === null
    ? null
    : { reason: record.clearingExclusionReason, at: record.clearingExcludedAt.toISOString() };
