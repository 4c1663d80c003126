import { defineLifecycle } from '../forms/lifecycle.ts';
import { REGISTRATION_STATUSES } from '../vocab/statuses.ts';

/**
 * How a participation in a round moves: interest first (optional), then a provisional registration that
 * "Complete registration" turns into Registered; Withdraw and Reinstate move out of and back into it.
 */
export const participationLifecycle = defineLifecycle({
  statuses: REGISTRATION_STATUSES,
  transitions: {
    Interested: ['Provisional', 'Withdrawn'],
    Provisional: ['Registered', 'Withdrawn'],
    Registered: ['Withdrawn'],
    Withdrawn: ['Provisional'],
  },
});

/** The status a participation starts in when a participant registers without having expressed interest. */
export const REGISTRATION_START_STATUS = 'Provisional' as const;
/** The status a participation starts in when a participant expresses interest. */
export const INTEREST_STATUS = 'Interested' as const;
