import { defineLifecycle } from '../forms/lifecycle.ts';
import { PROJECT_STATUSES, type ProjectStatus, SERVICE_CERTIFICATION_STATUSES } from '../vocab/statuses.ts';

/**
 * How a project moves (MARKET.md section 2): registered for a round, screened, reviewed before the market,
 * certified, offered, matched or not, contracted, verified and monitored; a project that did not make it may be
 * registered again for a new round.
 */
export const projectLifecycle = defineLifecycle({
  statuses: PROJECT_STATUSES,
  transitions: {
    Draft: ['Provisional'],
    Provisional: ['Registered', 'Certified'],
    Registered: ['Screened', 'FailedScreening', 'PendingScreening'],
    PendingScreening: ['Screened', 'FailedScreening'],
    Screened: ['ApprovedRound', 'FailedRound', 'PendingRound'],
    PendingRound: ['ApprovedRound', 'FailedRound'],
    ApprovedRound: ['Certified', 'NotCertified'],
    Certified: ['Offered'],
    Offered: ['Matched', 'Unmatched'],
    Matched: ['Contracted'],
    Contracted: ['Verified', 'FailedVerification'],
    FailedVerification: ['Verified'],
    Verified: ['Monitoring'],
    Unmatched: ['Provisional'],
    NotCertified: ['Provisional'],
    FailedScreening: ['Provisional'],
    FailedRound: ['Provisional'],
  },
});

/**
 * Statuses in which the supplier may change the project's services, location, supply, costs, details and group;
 * after screening a change needs the operator.
 */
export const PROJECT_EDITABLE_STATUSES = [
  'Draft',
  'Provisional',
  'Registered',
  'PendingScreening',
] as const satisfies readonly ProjectStatus[];

/** Statuses from which a project may be registered again for a new round. */
export const PROJECT_REREGISTER_STATUSES = [
  'Unmatched',
  'NotCertified',
  'FailedScreening',
  'FailedRound',
] as const satisfies readonly ProjectStatus[];

/** Statuses in which monitoring checks are recorded. */
export const PROJECT_MONITORING_STATUSES = [
  'Verified',
  'Monitoring',
] as const satisfies readonly ProjectStatus[];

/**
 * A project service's certification: pending from CompleteRegistration, then decided per service by
 * SetCertificationDecision; registering again for a new round puts it back to pending.
 */
export const serviceCertificationLifecycle = defineLifecycle({
  statuses: SERVICE_CERTIFICATION_STATUSES,
  transitions: {
    Draft: ['PendingCertification'],
    PendingCertification: ['Certified', 'NotCertified'],
    Certified: ['PendingCertification'],
    NotCertified: ['PendingCertification'],
  },
});
