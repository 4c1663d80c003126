import type { AnyActionDefinition } from '@curlew/domain';
import { z } from 'zod';
import type { EntityActionRegistration } from '../actions/runner.ts';
import type { RouteDescription } from '../read/describe.ts';

/** The media types an action submission may come in: JSON values, or multipart with files. */
export const SUBMISSION_BODY_TYPES = ['application/json', 'multipart/form-data'] as const;

/** What an action route answers on success (`ActionResult`, domain forms/wire.ts). */
export const actionResultSchema = z.object({
  message: z.string().optional().describe("Shown instead of '{title} succeeded'"),
  data: z.unknown().optional(),
  context: z
    .object({ id: z.string(), self: z.string() })
    .optional()
    .describe('The record acted on or created'),
  nextAction: z.object({ id: z.string() }).optional().describe('The next action of a server-driven flow'),
  navigate: z.string().optional().describe('An app route to go to after success'),
});

const ids = (definitions: readonly AnyActionDefinition[]): z.ZodType =>
  definitions.length === 0
    ? z.string()
    : z.enum(definitions.map((definition) => definition.id) as [string, ...string[]]);

/** The submission of any of the given actions: each action's input schema, named by the action. */
const submissionOf = (entity: string, definitions: readonly AnyActionDefinition[]): z.ZodType =>
  definitions.length === 0
    ? z.object({})
    : definitions.length === 1
      ? (definitions[0] as AnyActionDefinition).input.describe(`${entity} ${definitions[0]?.id}`)
      : z.union(
          definitions.map((definition) => definition.input.describe(`${entity} ${definition.id}`)) as [
            z.ZodType,
            z.ZodType,
            ...z.ZodType[],
          ],
        );

const titles = (definitions: readonly AnyActionDefinition[]) =>
  definitions.map((definition) => `${definition.id} (${definition.title})`).join(', ');

/**
 * The descriptions of an entity's generated action routes, from its action definitions: the form data of an action
 * and its submission (each action's own input schema, as the runner validates it), for a record and, when the entity
 * has create actions, for its collection.
 */
export function describeActionRoutes(registration: EntityActionRegistration): RouteDescription[] {
  const { entity, collection, definitions, createDefinitions } = registration;
  const described: RouteDescription[] = [];
  const detail =
    'A JSON body is the action\'s values; a multipart body carries them as a JSON part named "submission" and one ' +
    "part per file, named by its field. The record's scope (404), the policy (403), the lifecycle and the guards " +
    '(409) are checked before the values (422).';
  {
    const params = z.object({ id: z.string().describe(`The ${entity}'s id`), actionId: ids(definitions) });
    described.push(
      {
        method: 'GET',
        url: `/api/${entity}/:id/action/:actionId`,
        summary: `The form of an action on a ${entity}: its fields, current values, settings and whether it may run now`,
        detail: `Actions: ${titles(definitions)}.`,
        params,
        answerType: 'ActionFormData',
        produces: ['application/json'],
      },
      {
        method: 'POST',
        url: `/api/${entity}/:id/action/:actionId`,
        summary: `Runs an action on a ${entity}`,
        detail: `Actions: ${titles(definitions)}. ${detail}`,
        params,
        body: submissionOf(entity, definitions),
        bodyTypes: SUBMISSION_BODY_TYPES,
        answer: actionResultSchema,
        answerType: 'ActionResult',
        produces: ['application/json'],
      },
    );
  }
  if (createDefinitions.length > 0) {
    const params = z.object({ actionId: ids(createDefinitions) });
    described.push(
      {
        method: 'GET',
        url: `/api/${collection}/action/:actionId`,
        summary: `The form of a create action of ${collection}`,
        detail: `Actions: ${titles(createDefinitions)}.`,
        params,
        answerType: 'ActionFormData',
        produces: ['application/json'],
      },
      {
        method: 'POST',
        url: `/api/${collection}`,
        summary: `Creates a ${entity} with the create action the reader may run`,
        detail,
        body: submissionOf(entity, createDefinitions),
        bodyTypes: SUBMISSION_BODY_TYPES,
        status: 201,
        answer: actionResultSchema,
        answerType: 'ActionResult',
        produces: ['application/json'],
      },
      {
        method: 'POST',
        url: `/api/${collection}/action/:actionId`,
        summary: `Creates a ${entity} with the named create action`,
        detail: `Actions: ${titles(createDefinitions)}. ${detail}`,
        params,
        body: submissionOf(entity, createDefinitions),
        bodyTypes: SUBMISSION_BODY_TYPES,
        status: 201,
        answer: actionResultSchema,
        answerType: 'ActionResult',
        produces: ['application/json'],
      },
    );
  }
  return described;
}
