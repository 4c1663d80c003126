import { commentAction } from '../comment/comment.actions.ts';
import { replaceDocumentAction } from '../file/file.actions.ts';
import {
  allocateRights,
  completeRequirementRegistration,
  createRequirement,
  excludeRequirementFromClearing,
  issueCredits,
  redeemCredits,
  registerRequirement,
  reinstateRequirementInClearing,
  retireCredits,
  setBid,
  updateRequirement,
  uploadCreditSupplyAgreement,
} from './requirement.actions.ts';
import { setBuyerCredits, setInvestorCredits } from './requirement.credits.ts';
import { setBuyerDevelopment, setInvestorLocation } from './requirement.place.ts';
import { REQUIREMENT_WIZARD_ACTIONS } from './requirement.wizard.ts';

/** Every action on one credit requirement (the wizard's steps included), in the order its page lists them. */
export const REQUIREMENT_ACTIONS = [
  updateRequirement,
  setBuyerCredits,
  setBuyerDevelopment,
  setInvestorCredits,
  setInvestorLocation,
  registerRequirement,
  completeRequirementRegistration,
  setBid,
  excludeRequirementFromClearing,
  reinstateRequirementInClearing,
  allocateRights,
  issueCredits,
  redeemCredits,
  retireCredits,
  uploadCreditSupplyAgreement,
  commentAction,
  replaceDocumentAction,
  ...REQUIREMENT_WIZARD_ACTIONS,
] as const;
/** One requirement action definition. */
export type RequirementActionDefinition = (typeof REQUIREMENT_ACTIONS)[number];

/** Every create action of the requirements collection. */
export const REQUIREMENT_CREATE_ACTIONS = [createRequirement] as const;
