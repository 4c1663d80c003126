import { commentAction } from '../comment/comment.actions.ts';
import { replaceDocumentAction } from '../file/file.actions.ts';
import {
  addToProjectGroup,
  contractProject,
  recordComplianceCheck,
  recordPerformanceCheck,
  removeFromProjectGroup,
  uploadNatureBasedAgreement,
  uploadSection106Agreement,
  verifyProject,
} from './project.after.ts';
import {
  completeProjectRegistration,
  createProject,
  registerProject,
  reregisterProject,
  setProjectCosts,
  setProjectLocation,
  updateProject,
} from './project.details.ts';
import {
  addScreeningOutcome,
  excludeProjectFromClearing,
  reinstateProjectInClearing,
  setCertificationDecision,
  setOffer,
  setPreMarketReviewOutcome,
} from './project.review.ts';
import {
  addBiodiversityService,
  addNutrientService,
  editBiodiversityService,
  editNutrientService,
  setBiodiversitySupply,
} from './project.services.ts';

/** Every action on one project, in the order the project page lists them. */
export const PROJECT_ACTIONS = [
  updateProject,
  addBiodiversityService,
  editBiodiversityService,
  addNutrientService,
  editNutrientService,
  setBiodiversitySupply,
  setProjectLocation,
  setProjectCosts,
  registerProject,
  completeProjectRegistration,
  reregisterProject,
  addScreeningOutcome,
  setPreMarketReviewOutcome,
  setCertificationDecision,
  setOffer,
  excludeProjectFromClearing,
  reinstateProjectInClearing,
  uploadNatureBasedAgreement,
  uploadSection106Agreement,
  contractProject,
  verifyProject,
  recordComplianceCheck,
  recordPerformanceCheck,
  addToProjectGroup,
  removeFromProjectGroup,
  commentAction,
  replaceDocumentAction,
] as const;
/** One project action definition. */
export type ProjectActionDefinition = (typeof PROJECT_ACTIONS)[number];

/** Every create action of the projects collection. */
export const PROJECT_CREATE_ACTIONS = [createProject] as const;
