import { z } from 'zod';
import { defineAction } from '../forms/action.ts';
import type { CreditRequirementType } from '../vocab/credits.ts';
import type { CreditRequirementStatus } from '../vocab/statuses.ts';
import { createRequirement, updateRequirement } from './requirement.actions.ts';
import { REQUIREMENT_ENTITY, setBuyerCredits, setInvestorCredits } from './requirement.credits.ts';
import { setBuyerDevelopment, setInvestorLocation } from './requirement.place.ts';

/** The button of every step of the new-requirement wizard. */
export const WIZARD_STEP_LABEL = 'Save and continue';

const wizard = { actionLabel: WIZARD_STEP_LABEL, cannotCancel: true } as const;

/**
 * Wizard step 2 (buyers): the credits. Same fields and rules as SetBuyerCredits; cannot be cancelled. The first step
 * created the requirement, so there is no Previous here: its name and type change through Update.
 */
export const wizardBuyerCredits = defineAction({
  ...setBuyerCredits,
  ...wizard,
  id: 'WizardBuyerCredits',
});
/** Wizard step 2 (investors): the credits; no Previous, as for buyers. */
export const wizardInvestorCredits = defineAction({
  ...setInvestorCredits,
  ...wizard,
  id: 'WizardInvestorCredits',
});
/** Wizard step 3 (buyers): the development. */
export const wizardBuyerDevelopment = defineAction({
  ...setBuyerDevelopment,
  ...wizard,
  id: 'WizardBuyerDevelopment',
  previous: wizardBuyerCredits.id,
});
/** Wizard step 3 (investors): the location. */
export const wizardInvestorLocation = defineAction({
  ...setInvestorLocation,
  ...wizard,
  id: 'WizardInvestorLocation',
  previous: wizardInvestorCredits.id,
});
/** Wizard step 4: the details (the server gives `previous` by type, see `wizardPrevious`). */
export const wizardDetails = defineAction({
  ...updateRequirement,
  ...wizard,
  id: 'WizardDetails',
  warnings: undefined,
});
/** Wizard end: the requirement is saved as a Draft; nothing to submit but the acknowledgement. */
export const wizardFinish = defineAction({
  id: 'WizardFinish',
  entity: REQUIREMENT_ENTITY,
  title: 'Credit requirement saved',
  actionLabel: 'Finish',
  text: 'Your credit requirement is saved as a draft. Register it for a market round from its page when you are ready.',
  cannotCancel: true,
  previous: wizardDetails.id,
  // The wizard ends a draft; a requirement already registered has nothing left to finish.
  lifecycle: { from: ['Draft'] satisfies CreditRequirementStatus[] },
  fields: [],
  input: z.object({}),
});

/** The actions of the new-requirement wizard in order, by requirement type (SPEC 4). */
export const REQUIREMENT_WIZARD = {
  Buyer: [
    createRequirement.id,
    wizardBuyerCredits.id,
    wizardBuyerDevelopment.id,
    wizardDetails.id,
    wizardFinish.id,
  ],
  Investor: [
    createRequirement.id,
    wizardInvestorCredits.id,
    wizardInvestorLocation.id,
    wizardDetails.id,
    wizardFinish.id,
  ],
} as const satisfies Record<CreditRequirementType, readonly string[]>;

/** The wizard step after `actionId` for a requirement of a type (the `nextAction` of its answer); none at the end. */
export const wizardNext = (type: CreditRequirementType, actionId: string): string | undefined => {
  const steps: readonly string[] = REQUIREMENT_WIZARD[type];
  const index = steps.indexOf(actionId);
  return index < 0 ? undefined : steps[index + 1];
};

/** The wizard step before `actionId` (what 'Previous' opens); none for the first. */
export const wizardPrevious = (type: CreditRequirementType, actionId: string): string | undefined => {
  const steps: readonly string[] = REQUIREMENT_WIZARD[type];
  const index = steps.indexOf(actionId);
  return index <= 0 ? undefined : steps[index - 1];
};

/** The wizard's step actions after creation (registered on the requirement entity like its other actions). */
export const REQUIREMENT_WIZARD_ACTIONS = [
  wizardBuyerCredits,
  wizardInvestorCredits,
  wizardBuyerDevelopment,
  wizardInvestorLocation,
  wizardDetails,
  wizardFinish,
] as const;
