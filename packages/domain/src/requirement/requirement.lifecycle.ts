import { defineLifecycle } from '../forms/lifecycle.ts';
import {
  CREDIT_REQUIREMENT_STATUSES,
  CREDIT_STATUSES,
  type CreditRequirementStatus,
} from '../vocab/statuses.ts';

/**
 * How a credit requirement moves (MARKET.md section 2): registered for a round, completed, bid, then matched
 * (rights created) or not, rights allocated, credits issued, redeemed and retired; an unmatched requirement may be
 * registered again.
 */
export const requirementLifecycle = defineLifecycle({
  statuses: CREDIT_REQUIREMENT_STATUSES,
  transitions: {
    Draft: ['Provisional'],
    Unmatched: ['Provisional'],
    Provisional: ['Registered'],
    Registered: ['Bid'],
    Bid: ['RightsCreated', 'Unmatched'],
    RightsCreated: ['RightsAllocated'],
    RightsAllocated: ['CreditsIssued'],
    CreditsIssued: ['CreditsRedeemed'],
    CreditsRedeemed: ['Retired'],
  },
});

/** Statuses in which the owner may change a requirement's credits, development or location and details. */
export const REQUIREMENT_EDITABLE_STATUSES = [
  'Draft',
  'Provisional',
  'Unmatched',
] as const satisfies readonly CreditRequirementStatus[];

/** A requirement credit (one line of the requirement) moves with it: MARKET.md section 2. */
export const requirementCreditLifecycle = defineLifecycle({
  statuses: CREDIT_STATUSES,
  transitions: {
    Draft: ['None'],
    None: ['Bid', 'Draft'],
    Bid: ['RightsCreated', 'Unused'],
    Unused: ['None'],
    RightsCreated: ['RightsAllocated'],
    RightsAllocated: ['Issued'],
    Issued: ['Redeemed'],
    Redeemed: ['Retired'],
  },
});
