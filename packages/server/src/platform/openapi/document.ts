import { ERROR_STATUS } from '@curlew/domain';
import { z } from 'zod';
import type { RouteDescription } from '../read/describe.ts';
import type { RegisteredRoute } from './catalogue.ts';
import { type JsonSchema, SchemaComponents } from './schemas.ts';

/** The body of every failed answer (domain errors/api-errors.ts `ErrorBody`). */
export const errorBodySchema = z.object({
  error: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
  message: z.string().describe('What went wrong, in a sentence for a person'),
  cause: z.string().optional().describe('Why, when the message alone does not say'),
  errors: z
    .array(
      z.object({
        path: z.string().describe("The field's dotted path ('' for the whole form)"),
        message: z.string(),
      }),
    )
    .optional()
    .describe('Field errors of a 422'),
  retryAfterSeconds: z
    .number()
    .int()
    .optional()
    .describe('How long to wait (429; also the Retry-After header)'),
});

/** Names of the security schemes: the browser's session cookie and a personal API token. */
export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'curlew_session',
    description: 'The session a sign-in starts (HttpOnly cookie)',
  },
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'A personal API token made on the profile page: `Authorization: Bearer <token>`',
  },
} as const;

/** What the document says about the application. */
export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
  serverUrl: string;
}

/** `/api/project/:id` as OpenAPI writes it: `/api/project/{id}`. */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const pathParameterNames = (url: string): string[] =>
  [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);

const BINARY = { type: 'string', contentMediaType: 'application/octet-stream' } as const;

/** The schema an answer of a media type has. */
function answerContent(description: RouteDescription, components: SchemaComponents): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const type of description.produces) {
    // JSON and its kinds (application/geo+json) are described by the answer's schema.
    if (type === 'application/json' || type.endsWith('+json')) {
      const schema: JsonSchema =
        description.answer === undefined
          ? { description: `The domain's \`${description.answerType}\`` }
          : components.convert(description.answer, 'output', `${description.answerType}`);
      content[type] = { schema };
    } else if (type.startsWith('text/')) {
      content[type] = { schema: { type: 'string' } };
    } else {
      content[type] = { schema: BINARY };
    }
  }
  return content;
}

/** The parameters of a path or query schema, one per property. */
function parametersOf(
  where: 'path' | 'query',
  schema: JsonSchema,
  names?: readonly string[],
): Record<string, unknown>[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const keys = names ?? Object.keys(properties);
  return keys.map((name) => {
    const { description, ...property } = properties[name] ?? { type: 'string' };
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      schema: property,
      ...(description === undefined ? {} : { description }),
    };
  });
}

/** The request body of a route: JSON or multipart (a JSON `submission` part and one part per file). */
function requestBodyOf(description: RouteDescription, components: SchemaComponents): unknown {
  if (description.body === undefined) return undefined;
  const schema = components.convert(description.body, 'input', `${description.answerType}Input`);
  const content: Record<string, unknown> = {};
  for (const type of description.bodyTypes ?? ['application/json']) {
    if (type === 'multipart/form-data') {
      content[type] = {
        schema: {
          type: 'object',
          properties: {
            submission: { ...schema, description: 'The values, as a JSON text' },
          },
          required: ['submission'],
          additionalProperties: BINARY,
        },
        encoding: { submission: { contentType: 'application/json' } },
      };
    } else content[type] = { schema };
  }
  return { required: true, content };
}

const ERROR_REF = { $ref: '#/components/schemas/ErrorBody' };
const errorAnswer = (text: string) => ({
  description: text,
  content: { 'application/json': { schema: ERROR_REF } },
});

/** The operation of one described route. */
function operationOf(description: RouteDescription, components: SchemaComponents): Record<string, unknown> {
  const access = description.access ?? { signIn: true };
  const names = pathParameterNames(description.url);
  const pathSchema: JsonSchema =
    description.params === undefined ? {} : components.convert(description.params, 'input');
  const parameters = [
    ...parametersOf('path', pathSchema, names),
    ...(description.query === undefined
      ? []
      : parametersOf('query', components.convert(description.query, 'input'))),
  ];
  const requestBody = requestBodyOf(description, components);
  const roles = access.roles === undefined ? '' : ` Signed-in roles: ${access.roles.join(', ')}.`;
  const who = access.signIn
    ? `Needs a session cookie or an API token.${roles}`
    : 'Open to anyone: no sign-in.';
  return {
    summary: description.summary,
    description: [description.detail, who].filter(Boolean).join('\n\n'),
    tags: [tagOf(description.url)],
    security: access.signIn ? [{ sessionCookie: [] }, { bearerToken: [] }] : [],
    ...(access.roles === undefined ? {} : { 'x-roles': access.roles }),
    ...(parameters.length === 0 ? {} : { parameters }),
    ...(requestBody === undefined ? {} : { requestBody }),
    responses: {
      [String(description.status ?? 200)]: {
        description: `\`${description.answerType}\``,
        content: answerContent(description, components),
      },
      ...(access.signIn ? { '401': errorAnswer('Not signed in, or the session or token has ended') } : {}),
      '4XX': errorAnswer(
        "Refused: 400 bad request, 403 not allowed, 404 not found or outside the reader's scope, 409 not in this status, 413 too large, 422 invalid values, 429 too many requests",
      ),
      '5XX': errorAnswer('The server failed'),
    },
  };
}

/** The tag of a route: the first segment after `/api` (`project`, `auth`). */
const tagOf = (url: string): string => url.split('/')[2]?.replace(/^:.*/, 'api') ?? 'api';

/** A route no description names, as the document still lists it. */
const undescribed = (route: RegisteredRoute): RouteDescription => ({
  method: route.method as RouteDescription['method'],
  url: route.url,
  summary: 'Not described',
  answerType: 'unknown',
  produces: ['application/json'],
});

/**
 * The OpenAPI 3.1 description of every API route the application registered (`routes`, collected as they were
 * registered), each described by the description of the same method and path; a registered route nobody described
 * is still listed (`x-undescribed`), and the tests refuse that.
 */
export function buildOpenApiDocument(
  info: DocumentInfo,
  routes: readonly RegisteredRoute[],
  descriptions: readonly RouteDescription[],
): Record<string, unknown> {
  const components = new SchemaComponents();
  const byKey = new Map(
    descriptions.map((description) => [`${description.method} ${description.url}`, description]),
  );
  const paths: Record<string, Record<string, unknown>> = {};
  const seen = new Set<string>();
  for (const route of routes) {
    if (!route.url.startsWith('/api/') && route.url !== '/api') continue;
    const key = `${route.method} ${route.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const description = byKey.get(key);
    const operation = operationOf(description ?? undescribed(route), components);
    const path = openApiPath(route.url);
    paths[path] = {
      ...paths[path],
      [route.method.toLowerCase()]:
        description === undefined ? { ...operation, 'x-undescribed': true } : operation,
    };
  }
  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description },
    servers: [{ url: info.serverUrl }],
    paths: sortedPaths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: { ErrorBody: components.convert(errorBodySchema, 'output'), ...components.schemas },
    },
  };
}
