import { defineLifecycle } from '../forms/lifecycle.ts';
import { REGISTRATION_STATUSES, type RegistrationStatus } from '../vocab/statuses.ts';

/**
 * How a participation in a round moves (MARKET.md section 2): interest first (optional), then a provisional
 * registration that "Complete registration" turns into Registered; Withdraw leaves from any of them and Reinstate
 * goes back to the status it had before withdrawal.
 */
export const participationLifecycle = defineLifecycle({
  statuses: REGISTRATION_STATUSES,
  transitions: {
    Interested: ['Provisional', 'Withdrawn'],
    Provisional: ['Registered', 'Withdrawn'],
    Registered: ['Withdrawn'],
    Withdrawn: ['Interested', 'Provisional', 'Registered'],
  },
});

/** The status a participation starts in when a participant registers without having expressed interest. */
export const REGISTRATION_START_STATUS = 'Provisional' as const;
/** The status a participation starts in when a participant expresses interest. */
export const INTEREST_STATUS = 'Interested' as const;
/** The statuses a participation may be withdrawn from (and reinstated to). */
export const WITHDRAWABLE_STATUSES = [
  'Interested',
  'Provisional',
  'Registered',
] as const satisfies readonly RegistrationStatus[];

/**
 * The status Reinstate returns to: the one before withdrawal; Provisional when it is unknown (or was not one a
 * participation can be withdrawn from).
 */
export const reinstatedStatus = (previousStatus: RegistrationStatus | null): RegistrationStatus =>
  previousStatus !== null && (WITHDRAWABLE_STATUSES as readonly RegistrationStatus[]).includes(previousStatus)
    ? previousStatus
    : REGISTRATION_START_STATUS;
