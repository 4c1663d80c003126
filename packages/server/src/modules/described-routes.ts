import {
  importData,
  ncaNeighboursInputSchema,
  registryTotalsQuerySchema,
  searchQuerySchema,
  subjectQuerySchema,
} from '@curlew/domain';
import { z } from 'zod';
import {
  PUBLIC_ACCESS,
  type RouteAccess,
  type RouteDescription,
  SIGNED_IN,
  signedInAs,
} from '../platform/read/describe.ts';
import { mentionQuery } from './comments/comments.routes.ts';
import { statementQuery } from './match/statement.ts';
import { publicOpportunityListingsSchema } from './opportunity/opportunity.public.ts';
import { opportunityQuery } from './opportunity/opportunity.routes.ts';
import { ACCOUNT_ACTION_PATHS } from './organisations/users.routes.ts';
import { publicRegistryGeoJsonSchema } from './registry/registry.geojson.ts';
import { publicRegistryQuery, publicRegistrySchema } from './registry/registry.open-data.ts';

const JSON_ONLY = ['application/json'] as const;
const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const OPERATOR = signedInAs('operator');
const SYSADMIN = signedInAs('sysadmin');

type Described = Omit<RouteDescription, 'produces' | 'method'> & {
  method?: RouteDescription['method'];
  produces?: readonly string[];
};
const route = (description: Described): RouteDescription => ({
  method: 'GET',
  produces: JSON_ONLY,
  access: SIGNED_IN,
  ...description,
});
const read = (url: string, summary: string, answerType: string, more: Partial<Described> = {}) =>
  route({ url, summary, answerType, ...more });

/** What a round statement answers (domain `RoundStatement`): volumes, price ranges and the surplus; no one's bid. */
export const roundStatementSchema = z
  .object({
    round: z.object({ id: z.string(), name: z.string(), status: z.string() }).strict(),
    acceptedAt: z.string().nullable(),
    creditTypes: z.array(
      z
        .object({
          creditType: z.string(),
          units: z.number(),
          deliveredUnits: z.number(),
          lowestPricePerUnitPence: z.number(),
          highestPricePerUnitPence: z.number(),
        })
        .strict(),
    ),
    winningProjects: z.number().int(),
    winningRequirements: z.number().int(),
    surplusPence: z.number(),
    buyerShareOfSurplus: z.number(),
    buyersSurplusPence: z.number(),
    suppliersSurplusPence: z.number(),
  })
  .strict();

const byRole = (access: RouteAccess) => ({ access });

/**
 * The descriptions of the modules' hand-written routes (those neither a read declaration nor an action describes),
 * for the API description; the tests check that every registered route has one.
 */
export const MODULE_ROUTE_DESCRIPTIONS: readonly RouteDescription[] = [
  read(
    '/api/comments/mentionable',
    'People who may be mentioned in a comment on a record',
    'MentionableUser[]',
    {
      query: subjectQuerySchema.extend(mentionQuery.shape),
    },
  ),
  read('/api/file/:id/download', "A file's bytes", 'file', { produces: ['application/octet-stream'] }),
  read(
    '/api/search/:term',
    'Records matching a term, grouped by kind, ranked, with the matched words marked',
    'SearchAnswer',
    {
      access: signedInAs('operator', 'LPA'),
      query: searchQuerySchema,
    },
  ),
  read('/api/search', 'Refused: a search needs a term (400 with the sentence to show)', 'ErrorBody', {
    access: signedInAs('operator', 'LPA'),
  }),
  read('/api/map/areas', "England's planning areas (LPAs) as TopoJSON, with an ETag", 'Topology', {
    access: PUBLIC_ACCESS,
  }),
  read(
    '/api/round/:id/map',
    "A round's projects, requirements and accepted flows the reader may see, placed",
    'RoundMap',
  ),
  read(
    '/api/lpa/map',
    "An LPA's area map: its developments, the sites there and those serving them, and the flows; no price",
    'LpaMap',
    byRole(signedInAs('LPA')),
  ),
  read(
    '/api/system',
    "The system's state: database, migrations, version, sessions, mail and solver tasks",
    'SystemState',
    {
      access: SYSADMIN,
    },
  ),
  read(
    '/api/system/tasks',
    'Solver tasks, newest first, running and failed ones with their reason',
    'SolverTask[]',
    {
      access: SYSADMIN,
    },
  ),
  route({
    method: 'POST',
    url: '/api/system/tasks/:id/cancel',
    summary: 'Cancels a queued or running solver task',
    answerType: 'SolverTask',
    access: SYSADMIN,
  }),
  route({
    method: 'POST',
    url: '/api/system/backups',
    summary: 'Makes a backup now',
    answerType: 'Backup',
    access: SYSADMIN,
  }),
  read('/api/system/backups/:name/download', 'A backup file', 'file', {
    access: SYSADMIN,
    produces: ['application/octet-stream'],
  }),
  route({
    method: 'POST',
    url: '/api/system/backups/:name/restore',
    summary: 'Restores a backup (PostgreSQL, outside production)',
    answerType: 'Restored',
    access: SYSADMIN,
  }),
  route({
    method: 'POST',
    url: '/api/sysadmin/reset-database',
    summary: 'Back to the demo data, with a typed confirmation (refused in production)',
    answerType: 'Reset',
    access: SYSADMIN,
  }),
  read('/api/home/operator', "The operator's work list", 'OperatorHome', byRole(signedInAs('operator'))),
  read(
    '/api/home/participant',
    "A participant's work list",
    'ParticipantHome',
    byRole(signedInAs('participant')),
  ),
  read('/api/home/agent', "An agent's work list", 'AgentHome', byRole(signedInAs('agent'))),
  read(
    '/api/home/lpa',
    "An LPA's work list: its area's projects and developments",
    'LpaHome',
    byRole(signedInAs('LPA')),
  ),
  read(
    '/api/solver/task/:taskId',
    'A clearing task: its status and progress',
    'SolverTask',
    byRole(OPERATOR),
  ),
  route({
    method: 'POST',
    url: '/api/solver/task/:taskId/cancel',
    summary: 'Cancels a running clearing task',
    answerType: 'SolverTask',
    access: OPERATOR,
  }),
  read(
    '/api/match-review',
    "The review of a round's clearing result (format=csv: its lines)",
    'MatchReview',
    {
      access: OPERATOR,
      query: z.object({ roundId: z.string(), format: z.enum(['json', 'csv']).optional() }),
      produces: ['application/json', CSV],
    },
  ),
  read(
    '/api/round/:roundId/outcomes',
    "The reader's own projects and requirements of an accepted round with their outcomes",
    '{ items: OwnRoundOutcome[] }',
  ),
  read(
    '/api/round/:roundId/statement',
    "An accepted round's public statement: volumes and price ranges per credit type, winners and the surplus",
    'RoundStatement',
    {
      detail:
        "For the operator, the round's participants and their agents. No one's offer or bid. `format=csv` answers one line per credit type (amounts in £). Carries an ETag: send it back as If-None-Match for a 304.",
      query: statementQuery,
      answer: roundStatementSchema,
      produces: ['application/json', CSV],
    },
  ),
  read(
    '/api/round/:id/balancing',
    "A round's balancing shortfalls",
    '{ items: BalancingShortfall[] }',
    byRole(OPERATOR),
  ),
  read(
    '/api/round/:id/datasets/:file',
    "A round's data set for a solver outside Curlew (name.csv or name.xlsx)",
    'file',
    {
      access: OPERATOR,
      params: z.object({
        id: z.string(),
        file: z
          .string()
          .describe('suppliers, buyers, investors, participants or winners, then .csv or .xlsx'),
      }),
      produces: [CSV, XLSX],
    },
  ),
  route({
    method: 'POST',
    url: '/api/round/:id/import-data/preview',
    summary: 'What ImportData would save from the given files, without saving',
    access: OPERATOR,
    body: importData.input,
    bodyTypes: ['multipart/form-data'],
    answerType: 'ImportPreview',
  }),
  read(
    '/api/requirement/:id/certificate',
    "A requirement's credit allocation certificate",
    'RequirementCertificate',
  ),
  read('/api/requirement/:id/certificate.pdf', "A requirement's certificate as PDF", 'file', {
    produces: ['application/pdf'],
  }),
  read('/api/registry/totals', "Registry totals over time in the reader's scope", 'RegistryTotals', {
    query: registryTotalsQuerySchema,
  }),
  read(
    '/api/public/registry',
    'The public registry: sites from Matched on with their areas, credit types and units, and units by LPA and NCA',
    'PublicRegistry',
    {
      access: PUBLIC_ACCESS,
      detail:
        'Open data, no sign-in (404 when PUBLIC_REGISTRY is off). Never a price, an organisation or a person. `format=csv` answers one table (`table=sites|lpa|nca`). Carries an ETag (If-None-Match gives 304) and is limited to 120 requests a minute per address (429 with Retry-After).',
      query: publicRegistryQuery,
      answer: publicRegistrySchema,
      produces: ['application/json', CSV],
    },
  ),
  read(
    '/api/round/:roundId/opportunity',
    "A round's published opportunity statement: registered supply and demand per credit type and area, fees, dates and the reserve",
    'OpportunityStatementAnswer',
    {
      detail:
        "For the operator, the round's participants and their agents; `statement` is null while none is published. No record's name, owner, offer or bid. `format=csv` answers a line per credit type and per credit type and area (amounts in £; 404 while none is published).",
      query: opportunityQuery,
      produces: ['application/json', CSV],
    },
  ),
  read(
    '/api/public/round/:roundId/opportunity',
    "A round's opportunity statement, once the operator made it public",
    'OpportunityStatement',
    {
      access: PUBLIC_ACCESS,
      detail:
        'Open data, no sign-in: 404 until the operator makes it public and when PUBLIC_REGISTRY is off. Never a name, an organisation, a person or a price. `format=csv` as the signed-in route. Limited to 120 requests a minute per address (429 with Retry-After).',
      query: opportunityQuery,
      produces: ['application/json', CSV],
    },
  ),
  read(
    '/api/public/opportunity-statements',
    'The rounds whose opportunity statement the operator made public, the latest published or updated first',
    'PublicOpportunityListings',
    {
      access: PUBLIC_ACCESS,
      detail:
        "Open data, no sign-in (404 when PUBLIC_REGISTRY is off). Each round's name, its market and when its statement was last published or updated; at most 100. Private statements are never listed. Limited to 120 requests a minute per address (429 with Retry-After).",
      answer: publicOpportunityListingsSchema,
    },
  ),
  read(
    '/api/public/registry.geojson',
    "The public registry's sites as GeoJSON points (WGS84), with the same public fields as the JSON and CSV",
    'PublicRegistryGeoJson',
    {
      access: PUBLIC_ACCESS,
      detail:
        'Open data, no sign-in (404 when PUBLIC_REGISTRY is off). A FeatureCollection (RFC 7946) with one feature per site: its OS grid reference converted to WGS84, else a stable point inside its LPA, else no geometry; `location` says which. Never a price, an organisation or a person. Carries an ETag (If-None-Match gives 304) and is limited to 120 requests a minute per address (429 with Retry-After).',
      answer: publicRegistryGeoJsonSchema,
      produces: ['application/geo+json'],
    },
  ),
  ...Object.keys(ACCOUNT_ACTION_PATHS).map((path) =>
    route({
      method: 'POST',
      url: `/api/user/:id/${path}`,
      summary: `Runs the ${path} account action on a user (as /api/user/{id}/action/...)`,
      access: OPERATOR,
      answerType: 'ActionResult',
    }),
  ),
  ...(['ncas', 'lpas', 'subcatchments', 'standards', 'project-types'] as const).map((kind) =>
    read(`/api/${kind}`, `The active ${kind.replace('-', ' ')}: the options a form offers`, 'RefDataItem[]'),
  ),
  ...(['habitats', 'broad-habitats'] as const).map((kind) =>
    read(
      `/api/${kind}`,
      `The active ${kind.replace('-', ' ')}, optionally of one module and broad habitat`,
      'RefDataItem[]',
      {
        query: z.object({ module: z.string().optional(), broadHabitat: z.string().optional() }),
      },
    ),
  ),
  read(
    '/api/settings',
    'The reference data types with their counts',
    'RefDataTypeSummary[]',
    byRole(OPERATOR),
  ),
  route({
    method: 'POST',
    url: '/api/settings/:type',
    summary: "Adds a reference data item (its type's input schema)",
    access: OPERATOR,
    body: z.record(z.string(), z.unknown()),
    status: 201,
    answerType: 'RefDataItem',
  }),
  route({
    method: 'PUT',
    url: '/api/settings/:type/:id',
    summary: "Changes a reference data item (its type's input schema)",
    access: OPERATOR,
    body: z.record(z.string(), z.unknown()),
    answerType: 'RefDataItem',
  }),
  route({
    method: 'POST',
    url: '/api/settings/standards/:id/versions',
    summary: 'Adds a version to a standard',
    access: OPERATOR,
    body: z.record(z.string(), z.unknown()),
    status: 201,
    answerType: 'RefDataItem',
  }),
  route({
    method: 'POST',
    url: '/api/settings/ncas/import',
    summary: 'Imports NCAs from a CSV file (multipart, one file)',
    access: OPERATOR,
    body: z.object({ file: z.string() }),
    bodyTypes: ['multipart/form-data'],
    answerType: 'ImportReport',
  }),
  route({
    method: 'PUT',
    url: '/api/settings/ncas/:id/neighbours',
    summary: "Sets an NCA's neighbouring NCAs",
    access: OPERATOR,
    body: ncaNeighboursInputSchema,
    answerType: 'RefDataItem',
  }),
  route({
    method: 'POST',
    url: '/api/settings/ncas/neighbours/import',
    summary: 'Imports neighbouring NCAs from a CSV file (multipart, one file)',
    access: OPERATOR,
    body: z.object({ file: z.string() }),
    bodyTypes: ['multipart/form-data'],
    answerType: 'ImportReport',
  }),
];
