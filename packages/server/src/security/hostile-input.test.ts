import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../test/app.ts';
import { buildAgentAuthority, buildWorld, type Role, type World } from '../../test/world.ts';
import { type AppRoute, appRoutes, fillPath } from './routes.testing.ts';

/** Field names the forms and queries use: hostile values are put under these (and under random names). */
const FIELD_NAMES = [
  'username',
  'password',
  'confirmPassword',
  'email',
  'code',
  'displayName',
  'phone',
  'organisationName',
  'organisationType',
  'name',
  'type',
  'contact',
  'mailingAddress',
  'text',
  'json',
  'subjectType',
  'subjectId',
  'approved',
  'permissions',
  'marketRoundId',
  'agentId',
  'tag',
  'reason',
  'description',
  'notes',
  'version',
  'lpaCode',
  'active',
  'declarations',
  'capacities',
  'temporaryPassword',
] as const;
const QUERY_NAMES = [
  'q',
  'sort',
  'order',
  'page',
  'pageSize',
  'subjectType',
  'subjectId',
  'ownerType',
  'ownerId',
  'tag',
  'history',
  'type',
  'status',
  'to',
  'module',
  'broadHabitat',
  'active',
  'search',
] as const;
const ACTION_IDS = [
  'Update',
  'Comment',
  'InviteUser',
  'RegisterAsParticipant',
  'ExpressInterest',
  'AddParticipantClient',
  'ProvideAgentAuthority',
  'SetApproval',
  'EditPermissions',
  'ReplaceDocument',
  'Disable',
  'Enable',
  'ForcePasswordReset',
  'CreateOperator',
  'CreateLpa',
  'CreateParticipant',
];
const REFDATA_TYPES = [
  'project-types',
  'standards',
  'ncas',
  'lpas',
  'subcatchments',
  'declarations',
  'habitats',
];

/** Generated requests per route and role; a fixed seed keeps CI runs repeatable (FUZZ_SEED explores others). */
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_214);

/** Roles the hostile requests come as (a signed-in session is where most code runs). */
const FUZZ_ROLES: readonly Role[] = ['anonymous', 'participant', 'admin'];
// Ending the session would turn the rest of the run into 401s.
const SKIPPED_WHILE_SIGNED_IN: ReadonlySet<string> = new Set(['POST /api/auth/logout']);

/**
 * Whether an answer is a server failure. Readiness answers 503 with its checks by design when a worker is stopped
 * (the test app starts no solver-task runner), so there 503 counts only if its body is not the readiness report.
 */
const serverFailed = (route: AppRoute, response: { statusCode: number; body: string }): boolean => {
  if (response.statusCode < 500) return false;
  if (route.method === 'GET' && route.path === '/api/ready' && response.statusCode === 503) {
    const readiness = JSON.parse(response.body) as { ready?: unknown; database?: unknown };
    return !(readiness.ready === false && readiness.database === 'ok');
  }
  return true;
};

const nulText = fc.string({ maxLength: 20 }).map((text) => `${text}\u0000${text}`);
const oversized = fc.constantFrom(300, 5_000, 70_000, 300_000).map((length) => 'x'.repeat(length));
const hostileScalar = fc.oneof(
  oversized,
  nulText,
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', ' ', '__proto__', '../../etc/passwd', "' or 1=1 --", '%00', '\ud800'),
);
const hostileValue = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileScalar, { maxKeys: 3 }) },
);
const hostileBody = fc.oneof(
  fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 30 })), hostileValue, {
    maxKeys: 8,
  }),
  hostileValue,
);
const queryText = fc.oneof(
  nulText,
  fc.string(),
  fc.constantFrom(1_000, 20_000).map((n) => 'q'.repeat(n)),
);
const hostileQuery = fc.dictionary(fc.constantFrom(...QUERY_NAMES), queryText, { maxKeys: 4 });

/** A hostile request for one route: its path parameters, query and body. */
const hostileRequest = (route: AppRoute, ids: readonly string[]) => {
  const params = (route.path.match(/:(\w+)/g) ?? []).map((param) => param.slice(1));
  const paramArbitrary = (param: string) =>
    param === 'actionId'
      ? fc.oneof(fc.constantFrom(...ACTION_IDS), queryText)
      : param === 'type'
        ? fc.oneof(fc.constantFrom(...REFDATA_TYPES), queryText)
        : fc.oneof(fc.constantFrom(...ids), fc.uuid(), queryText);
  return fc.record({
    params: fc.tuple(...params.map(paramArbitrary)),
    query: hostileQuery,
    body: hostileBody,
  });
};

const queryString = (query: Record<string, string>): string => {
  const entries = Object.entries(query);
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`;
};

describeWithApp('security: hostile input on every route never answers 5xx', (t) => {
  let world: World;
  let ids: string[] = [];
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    const authority = await buildAgentAuthority(t.db, {
      roundId: world.openRound.id,
      clientId: world.client.id,
      agentId: world.members.agent.organisation.id,
    });
    ids = [
      world.members.participant.organisation.id,
      world.members.participant.user.id,
      world.members.agent.organisation.id,
      world.client.id,
      world.openRound.id,
      authority,
    ];
  });

  const send = (route: AppRoute, role: Role, url: string, body: unknown) =>
    t.app.inject({
      method: route.method,
      url,
      headers: {
        ...(role === 'anonymous' ? {} : { cookie: world.cookieOf(role) }),
        ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
      ...(route.method === 'GET' ? {} : { payload: JSON.stringify(body) }),
    });

  it('answers oversize and NUL values in each field, query parameter and path of every route with less than 500', async () => {
    const failures: string[] = [];
    const nul = 'a\u0000b';
    const long = 'x'.repeat(10_000);
    for (const route of appRoutes(t.app)) {
      // The operator reaches the most code; without a session only the public routes go further than 401.
      for (const role of ['anonymous', 'admin'] as const) {
        if (role !== 'anonymous' && SKIPPED_WHILE_SIGNED_IN.has(`${route.method} ${route.path}`)) continue;
        const realPath = fillPath(route.path, (param) =>
          param === 'actionId' ? 'Update' : param === 'type' ? 'project-types' : (ids[0] ?? ''),
        );
        // One hostile value at a time, so that no other invalid value stops the request before it.
        const cases: [string, unknown][] = [
          [fillPath(route.path, () => nul), {}],
          [fillPath(route.path, () => long), {}],
          [realPath, Object.fromEntries(FIELD_NAMES.map((name) => [name, long]))],
          ...QUERY_NAMES.flatMap((name): [string, unknown][] => [
            [`${realPath}${queryString({ [name]: nul })}`, {}],
            [`${realPath}${queryString({ [name]: long })}`, {}],
          ]),
          ...(route.method === 'GET'
            ? []
            : FIELD_NAMES.map((name): [string, unknown] => [realPath, { [name]: nul }])),
        ];
        for (const [url, body] of cases) {
          const response = await send(route, role, url, body);
          if (serverFailed(route, response))
            failures.push(
              `${route.method} ${url.slice(0, 120)} as ${role}: ${response.statusCode} ${response.body}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers generated hostile requests (fast-check) on every route with less than 500', async () => {
    const failures: string[] = [];
    for (const route of appRoutes(t.app)) {
      for (const role of FUZZ_ROLES) {
        if (role !== 'anonymous' && SKIPPED_WHILE_SIGNED_IN.has(`${route.method} ${route.path}`)) continue;
        const outcome = await fc.check(
          fc.asyncProperty(hostileRequest(route, ids), async ({ params, query, body }) => {
            const values = [...params];
            const url = `${fillPath(route.path, () => values.shift() ?? '')}${queryString(query)}`;
            const response = await send(route, role, url, body);
            const failed = serverFailed(route, response);
            if (failed) {
              failures.push(
                `${route.method} ${url.slice(0, 200)} as ${role}: ${response.body.slice(0, 300)}`,
              );
            }
            return !failed;
          }),
          { numRuns: NUM_RUNS, seed: SEED },
        );
        if (outcome.failed && outcome.errorInstance !== null) {
          failures.push(
            `${route.method} ${route.path} as ${role}: ${String(outcome.errorInstance).slice(0, 500)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
