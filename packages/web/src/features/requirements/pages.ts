/** The pages of credit requirements and their groups, loaded as one chunk. */

export { RequirementGroupPage } from './RequirementGroups.tsx';
export {
  LpaRequirementPage,
  OperatorRequirementPage,
  ParticipantRequirementPage,
} from './RequirementPage.tsx';
export {
  LpaRequirementsPage,
  OperatorRequirementsPage,
  ParticipantRequirementsPage,
} from './RequirementsPage.tsx';
