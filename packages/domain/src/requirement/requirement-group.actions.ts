import { z } from 'zod';
import { commentAction } from '../comment/comment.actions.ts';
import { defineAction } from '../forms/action.ts';
import { choicesValue } from '../forms/rules.ts';
import { recordName } from '../project/record-name.ts';
import { OPTION_SOURCES } from '../refdata/refdata.sources.ts';
import { requiredText } from '../validation/rules.ts';

/** The entity kind of requirement group actions (first segment of `/requirement-group/{id}`). */
const REQUIREMENT_GROUP_ENTITY = 'requirement-group';

const requirementsField = {
  id: 'requirementIds',
  type: 'SelectMulti',
  label: 'Credit requirements',
  placeholder: 'Choose credit requirements',
} as const;

/**
 * Create a requirement group: one buyer's requirements in one round that must all win or none (AND, MARKET.md
 * section 2); the server offers the buyer's requirements of the round.
 */
export const createRequirementGroup = defineAction({
  id: 'CreateRequirementGroup',
  entity: REQUIREMENT_GROUP_ENTITY,
  title: 'Add credit requirement group',
  actionLabel: 'Add group',
  create: true,
  fields: [
    { id: 'name', type: 'Input', label: 'Group name' },
    { id: 'buyerId', type: 'Select', label: 'Buyer', optionsSource: OPTION_SOURCES.participants },
    { ...requirementsField, dependsOn: ['buyerId'] },
  ],
  input: z.object({ name: recordName(), buyerId: requiredText(), requirementIds: choicesValue() }),
});

/** Add requirements to the group. */
const addRequirementsToGroup = defineAction({
  id: 'AddRequirements',
  entity: REQUIREMENT_GROUP_ENTITY,
  title: 'Add credit requirements to group',
  actionLabel: 'Add',
  fields: [requirementsField],
  input: z.object({ requirementIds: choicesValue() }),
});

/** Remove requirements from the group. */
export const removeRequirementsFromGroup = defineAction({
  id: 'RemoveRequirements',
  entity: REQUIREMENT_GROUP_ENTITY,
  title: 'Remove credit requirements from group',
  actionLabel: 'Remove',
  fields: [requirementsField],
  input: z.object({ requirementIds: choicesValue() }),
});

/** Rename the group. */
export const renameRequirementGroup = defineAction({
  id: 'Rename',
  entity: REQUIREMENT_GROUP_ENTITY,
  title: 'Rename group',
  actionLabel: 'Rename',
  fields: [{ id: 'name', type: 'Input', label: 'Group name' }],
  input: z.object({ name: recordName() }),
});

/** Every action on one requirement group. */
export const REQUIREMENT_GROUP_ACTIONS = [
  addRequirementsToGroup,
  removeRequirementsFromGroup,
  renameRequirementGroup,
  commentAction,
] as const;
/** Every create action of the requirement groups collection. */
export const REQUIREMENT_GROUP_CREATE_ACTIONS = [createRequirementGroup] as const;
