import type { RegistrationPeriod } from '../vocab/market.ts';
import type { HomeRecordKind } from './home.ts';

/** One step a record may wait for: its action, its words on the home page, and what makes it already done. */
export interface HomeStepDefinition {
  actionId: string;
  label: string;
  /** The window the step must be taken in; its end is the deadline. */
  window?: RegistrationPeriod;
  /** The step is done once the record holds a current document with this tag (an upload). */
  doneWithDocument?: string;
  /** The record's redemption date is the deadline. */
  dueOnRedemption?: true;
}

/**
 * The steps of each kind of record in the order a reader should take them: the home shows the first one the server
 * says the reader may run now. Actions left out (Withdraw, Comment, Update, replacing a document) are never "the next
 * step": they stay on the record's page.
 */
export const HOME_STEPS = {
  project: [
    { actionId: 'SetOffer', label: 'Make your offer' },
    {
      actionId: 'UploadNatureBasedAgreement',
      label: 'Upload the nature-based agreement',
      doneWithDocument: 'NatureBasedAgreement',
    },
    {
      actionId: 'UploadSection106Agreement',
      label: 'Upload the Section 106 agreement',
      doneWithDocument: 'Section106Agreement',
    },
    { actionId: 'Register', label: 'Register for the market round', window: 'projects' },
    { actionId: 'CompleteRegistration', label: 'Complete registration', window: 'projects' },
    { actionId: 'Reregister', label: 'Register for a new market round' },
    { actionId: 'ReinstateInClearing', label: 'Reinstate in the clearing' },
  ],
  requirement: [
    { actionId: 'SetBid', label: 'Make your bid' },
    { actionId: 'Register', label: 'Register for a market round', window: 'requirements' },
    { actionId: 'CompleteRegistration', label: 'Complete registration', window: 'requirements' },
    {
      actionId: 'UploadCreditSupplyAgreement',
      label: 'Upload the credit supply agreement',
      doneWithDocument: 'CreditSupplyAgreement',
    },
    { actionId: 'RedeemCredits', label: 'Redeem the credits', dueOnRedemption: true },
  ],
  participation: [
    { actionId: 'Register', label: 'Register as a participant' },
    { actionId: 'Reinstate', label: 'Reinstate your registration' },
  ],
  projectGroup: [{ actionId: 'AddProjects', label: 'Add projects to the group' }],
  requirementGroup: [],
} as const satisfies Record<HomeRecordKind, readonly HomeStepDefinition[]>;

/**
 * The next step of a record: the first of its kind's steps that the reader may run now (`enabled`, as the server's
 * action availability answers) and that is not already done (its document uploaded). Undefined when none is.
 */
export function nextHomeStep(
  kind: HomeRecordKind,
  enabled: ReadonlySet<string>,
  documentTags: ReadonlySet<string> = new Set(),
): HomeStepDefinition | undefined {
  const steps: readonly HomeStepDefinition[] = HOME_STEPS[kind];
  return steps.find(
    (step) =>
      enabled.has(step.actionId) &&
      (step.doneWithDocument === undefined || !documentTags.has(step.doneWithDocument)),
  );
}
