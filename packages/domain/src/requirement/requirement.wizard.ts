import { z } from 'zod';
import { defineAction } from '../forms/action.ts';
import { declarationsShape } from '../market/declarations.ts';
import { optionalText } from '../validation/rules.ts';
import type { CreditRequirementType } from '../vocab/credits.ts';
import type { CreditRequirementStatus } from '../vocab/statuses.ts';
import { createRequirement, updateRequirement } from './requirement.actions.ts';
import { REQUIREMENT_ENTITY, setBuyerCredits, setInvestorCredits } from './requirement.credits.ts';
import { setBuyerDevelopment, setInvestorLocation } from './requirement.place.ts';

/** The button of every step of the new-requirement wizard. */
const WIZARD_STEP_LABEL = 'Save and continue';

const wizard = { actionLabel: WIZARD_STEP_LABEL, cannotCancel: true } as const;

/**
 * The wizard's details step: the first step's name and type again, on the draft it created; reached only by
 * 'Previous' from the credits step (never shown twice in a row). Choosing another type warns 'Changing type will
 * remove all data from the credit requirement' first (the server sends `settings.currentType`), and saving goes on
 * with the new type's credits step.
 */
export const wizardDetails = defineAction({
  ...updateRequirement,
  ...wizard,
  id: 'WizardDetails',
});
/**
 * Wizard step 2 (buyers): the credits. Same fields and rules as SetBuyerCredits; cannot be cancelled. 'Previous'
 * opens the details of the draft the first step created.
 */
export const wizardBuyerCredits = defineAction({
  ...setBuyerCredits,
  ...wizard,
  id: 'WizardBuyerCredits',
  previous: wizardDetails.id,
});
/** Wizard step 2 (investors): the credits; 'Previous' opens the details, as for buyers. */
export const wizardInvestorCredits = defineAction({
  ...setInvestorCredits,
  ...wizard,
  id: 'WizardInvestorCredits',
  previous: wizardDetails.id,
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
/** The hidden value by which the server tells the wizard's last step the round the draft registers in. */
export const WIZARD_ROUND_FIELD = 'marketRoundId';

/**
 * Wizard end. Without a round the requirement is saved as a Draft; with the round chosen on the first step this is
 * the registration itself: the round's declarations answered here register it (Provisional), no separate Register,
 * after 'Check your answers' lists them (each with a Change link back to its tick box), as Register does.
 */
export const wizardFinish = defineAction({
  id: 'WizardFinish',
  entity: REQUIREMENT_ENTITY,
  title: 'Credit requirement saved',
  actionLabel: 'Finish',
  text: 'Your credit requirement is saved. With a market round chosen, answer its declarations to register it now; without one it stays a draft you register from its page.',
  cannotCancel: true,
  confirm: 'check-answers',
  fields: [
    {
      // Filled in by the server with the draft's round, shown by its name (its one option): with it, Finish
      // registers the requirement; without it the field is left out.
      id: WIZARD_ROUND_FIELD,
      type: 'Select',
      label: 'Market round',
      readonly: true,
      optional: true,
      visibleWhen: { fieldId: WIZARD_ROUND_FIELD, filled: true },
    },
  ],
  input: z.object({ [WIZARD_ROUND_FIELD]: optionalText(), ...declarationsShape }),
  // The wizard ends a draft; a requirement already registered has nothing left to finish.
  lifecycle: {
    from: ['Draft'] satisfies CreditRequirementStatus[],
    to: ['Draft', 'Provisional'] satisfies CreditRequirementStatus[],
    target: (values: { marketRoundId?: string | undefined }) =>
      values.marketRoundId === undefined ? 'Draft' : 'Provisional',
  },
});

/** The actions of the new-requirement wizard in order, by requirement type (SPEC 4; the details step by 'Previous'). */
export const REQUIREMENT_WIZARD = {
  Buyer: [createRequirement.id, wizardBuyerCredits.id, wizardBuyerDevelopment.id, wizardFinish.id],
  Investor: [createRequirement.id, wizardInvestorCredits.id, wizardInvestorLocation.id, wizardFinish.id],
} as const satisfies Record<CreditRequirementType, readonly string[]>;

/**
 * The wizard step after `actionId` for a requirement of a type (the `nextAction` of its answer); none at the end. The
 * details step goes on with the type's credits step (after a change of type, what the new type needs).
 */
export const wizardNext = (type: CreditRequirementType, actionId: string): string | undefined => {
  const steps: readonly string[] = REQUIREMENT_WIZARD[type];
  if (actionId === wizardDetails.id) return steps[1];
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
