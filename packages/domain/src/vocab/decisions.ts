/** Certification decisions per project service (SPEC 3 "Certification decision"). */
export const CERTIFICATION_DECISIONS = ['Yes', 'NoStandardCannotBeApplied', 'NoSupplierRetaining'] as const;
/** One certification decision. */
export type CertificationDecision = (typeof CERTIFICATION_DECISIONS)[number];
/** Labels of the certification decisions, as the spec words them. */
export const CERTIFICATION_DECISION_LABELS = {
  Yes: 'Yes',
  NoStandardCannotBeApplied: 'No - standard cannot be applied',
  NoSupplierRetaining: 'No - supplier is retaining the service',
} as const satisfies Record<CertificationDecision, string>;

/** Outcomes of a screening or a pre-market review (SPEC 3). */
export const REVIEW_OUTCOMES = ['Pass', 'Fail', 'Pending'] as const;
/** One screening or pre-market review outcome. */
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

/** The next action after a failed compliance check (SPEC 3 "Compliance check"). */
export const COMPLIANCE_NEXT_ACTIONS = ['Rectify', 'IrrevocableFailure'] as const;
/** One next action after a failed compliance check. */
export type ComplianceNextAction = (typeof COMPLIANCE_NEXT_ACTIONS)[number];
/** Labels of the compliance next actions. */
export const COMPLIANCE_NEXT_ACTION_LABELS = {
  Rectify: 'Rectify',
  IrrevocableFailure: 'Irrevocable failure',
} as const satisfies Record<ComplianceNextAction, string>;
