import { choiceOf } from '../validation/choice.ts';
import { CREDIT_DURATIONS, CREDIT_REQUIREMENT_TYPES, CREDIT_TYPES } from './credits.ts';
import { CERTIFICATION_DECISIONS, COMPLIANCE_NEXT_ACTIONS, REVIEW_OUTCOMES } from './decisions.ts';
import { CONDITIONS, DISTINCTIVENESS, MODULES } from './habitats.ts';
import {
  AGENT_PERMISSIONS,
  BIDDER_TYPES,
  DECLARATION_CATEGORIES,
  PROJECT_GROUP_TYPES,
  RESERVE_APPLIES_TO,
} from './market.ts';
import { PARTICIPATION_CAPACITIES, PROJECT_STATUSES } from './statuses.ts';

/**
 * The schemas of the vocabularies: a value must be one of its list. Apart from the lists and their labels, so a page
 * that only shows them loads no validation.
 */

/** Zod rule for a bidder type. */
export const bidderTypeSchema = choiceOf(BIDDER_TYPES);

/** Zod rule for a reserve base. */
export const reserveAppliesToSchema = choiceOf(RESERVE_APPLIES_TO);

/** Zod rule for a declaration category. */
export const declarationCategorySchema = choiceOf(DECLARATION_CATEGORIES);

/** Zod rule for a project group type. */
export const projectGroupTypeSchema = choiceOf(PROJECT_GROUP_TYPES);

/** Zod rule for an agent permission. */
export const agentPermissionSchema = choiceOf(AGENT_PERMISSIONS);

/** Zod rule for a project status. */
export const projectStatusSchema = choiceOf(PROJECT_STATUSES);

/** Zod rule for a participation capacity. */
export const participationCapacitySchema = choiceOf(PARTICIPATION_CAPACITIES);

/** Zod rule for a credit type. */
export const creditTypeSchema = choiceOf(CREDIT_TYPES);

/** Zod rule for a credit duration. */
export const creditDurationSchema = choiceOf(CREDIT_DURATIONS);

/** Zod rule for a credit requirement type. */
export const creditRequirementTypeSchema = choiceOf(CREDIT_REQUIREMENT_TYPES);

/** Zod rule for a certification decision. */
export const certificationDecisionSchema = choiceOf(CERTIFICATION_DECISIONS);

/** Zod rule for a screening or pre-market review outcome. */
export const reviewOutcomeSchema = choiceOf(REVIEW_OUTCOMES);

/** Zod rule for a compliance next action. */
export const complianceNextActionSchema = choiceOf(COMPLIANCE_NEXT_ACTIONS);

/** Zod rule for a module. */
export const moduleSchema = choiceOf(MODULES);

/** Zod rule for a habitat condition. */
export const conditionSchema = choiceOf(CONDITIONS);

/** Zod rule for a distinctiveness level. */
export const distinctivenessSchema = choiceOf(DISTINCTIVENESS);
