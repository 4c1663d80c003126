import { z } from 'zod';
import { commentAction } from '../comment/comment.actions.ts';
import { defineAction } from '../forms/action.ts';
import type { FieldDefinition } from '../forms/fields.ts';
import { choicesValue } from '../forms/rules.ts';
import { OPTION_SOURCES } from '../refdata/refdata.sources.ts';
import { WARNINGS } from '../validation/messages.ts';
import { requiredText } from '../validation/rules.ts';
import { PROJECT_GROUP_TYPE_LABELS, PROJECT_GROUP_TYPES } from '../vocab/market.ts';
import { projectGroupTypeSchema } from '../vocab/vocab.schemas.ts';
import { recordName } from './record-name.ts';

/** The entity kind of project group actions (first segment of `/project-group/{id}`). */
const PROJECT_GROUP_ENTITY = 'project-group';

const typeField = {
  id: 'type',
  type: 'Select',
  label: 'Group type',
  options: PROJECT_GROUP_TYPES.map((value) => ({
    value,
    label: `${value}: ${PROJECT_GROUP_TYPE_LABELS[value]}`,
  })),
} as const satisfies FieldDefinition;

const projectsField = {
  id: 'projectIds',
  type: 'SelectMulti',
  label: 'Projects',
  placeholder: 'Choose projects',
} as const satisfies FieldDefinition;

/**
 * Add project group: a supplier's XOR (only one may win) or AND (all must win) group in one round. The server
 * offers the rounds and projects that fit (each project only while its supplier and round and a type are chosen) and warns 'No market rounds in which project groups may be created' or
 * 'No projects applicable for selected group type and market round' (WARNINGS).
 */
export const createProjectGroup = defineAction({
  id: 'CreateProjectGroup',
  entity: PROJECT_GROUP_ENTITY,
  title: 'Add project group',
  actionLabel: 'Add group',
  create: true,
  fields: [
    { id: 'name', type: 'Input', label: 'Group name' },
    { id: 'supplierId', type: 'Select', label: 'Supplier', optionsSource: OPTION_SOURCES.participants },
    { id: 'marketRoundId', type: 'Select', label: 'Market round', placeholder: 'Choose a market round' },
    typeField,
    { ...projectsField, optional: true, dependsOn: ['supplierId', 'marketRoundId', 'type'] },
  ],
  input: z.object({
    name: recordName(),
    supplierId: requiredText(),
    marketRoundId: requiredText(),
    type: projectGroupTypeSchema,
    projectIds: z
      .array(z.string())
      .optional()
      .transform((ids) => ids ?? []),
  }),
  // `settings.groupable`: by round, the suppliers with a project that may join a group there.
  warnings: (values, settings) => {
    const groupable = settings.groupable as Readonly<Record<string, readonly string[]>> | undefined;
    const { supplierId, marketRoundId, type } = values;
    if (groupable === undefined || !supplierId || !marketRoundId || !type) return [];
    return groupable[marketRoundId]?.includes(supplierId)
      ? []
      : [{ path: 'projectIds', message: WARNINGS.noProjectsForGroup }];
  },
});

/** Add projects to group: more of the supplier's projects in the group's round ('There are no projects available ...'). */
export const addProjectsToGroup = defineAction({
  id: 'AddProjects',
  entity: PROJECT_GROUP_ENTITY,
  title: 'Add projects to group',
  actionLabel: 'Add',
  fields: [projectsField],
  input: z.object({ projectIds: choicesValue() }),
});

/** Update group details: name and type. */
export const updateProjectGroup = defineAction({
  id: 'Update',
  entity: PROJECT_GROUP_ENTITY,
  title: 'Update group details',
  actionLabel: 'Update',
  fields: [{ id: 'name', type: 'Input', label: 'Group name' }, typeField],
  input: z.object({ name: recordName(), type: projectGroupTypeSchema }),
});

/** Every action on one project group. */
export const PROJECT_GROUP_ACTIONS = [addProjectsToGroup, updateProjectGroup, commentAction] as const;
/** Every create action of the project groups collection. */
export const PROJECT_GROUP_CREATE_ACTIONS = [createProjectGroup] as const;
