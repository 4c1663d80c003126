import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { buildAgentAuthority } from '../../../test/factories.rounds.ts';
import { asRole, buildWorld, ROLES, type Role, type World } from '../../../test/world.ts';
import { projects } from '../projects/projects.tables.ts';
import { linkLpa } from '../projects/projects.testing.ts';
import { acceptRound, writeRegistryLedger } from '../registry/registry.testing.ts';

/** What a role reads of a record: its own, another organisation's, a missing one. */
type Target = 'own' | 'other' | 'missing';

/** Per role: whether it reads its own, the other and a missing record (401 signed out). */
const ANSWERS: Readonly<Record<Role, Readonly<Record<Target, number>>>> = {
  admin: { own: 200, other: 200, missing: 404 },
  sysadmin: { own: 200, other: 200, missing: 404 },
  lpa: { own: 200, other: 404, missing: 404 },
  participant: { own: 200, other: 404, missing: 404 },
  agent: { own: 200, other: 404, missing: 404 },
  anonymous: { own: 401, other: 401, missing: 401 },
};

const MISSING = '00000000-0000-4000-8000-000000000000';

/** Keys no registry answer may carry for anyone: prices, payments, bids, offers. */
const COMMERCIAL = ['amountPence', 'feesPence', 'bid', 'offer', 'price', 'costs'];

const keysOf = (value: unknown, found = new Set<string>()): Set<string> => {
  if (Array.isArray(value)) for (const item of value) keysOf(item, found);
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) {
      found.add(key);
      keysOf(item, found);
    }
  return found;
};

describeWithApp('authorisation matrix: registry', (t) => {
  let world: World;
  /** Round A: the participant supplies and buys, in the LPA's area; round B: the agent's client, elsewhere. */
  const ids = {
    credit: {} as Record<'a' | 'b', string>,
    reserve: {} as Record<'a' | 'b', string>,
    project: {} as Record<'a' | 'b', string>,
    requirement: {} as Record<'a' | 'b', string>,
    round: {} as Record<'a' | 'b', string>,
  };
  /** Which round is each role's own (the other round is another organisation's). */
  const OWN: Readonly<Record<Role, 'a' | 'b'>> = {
    admin: 'a',
    sysadmin: 'a',
    lpa: 'a',
    participant: 'a',
    agent: 'b',
    anonymous: 'a',
  };
  const other = (round: 'a' | 'b') => (round === 'a' ? 'b' : 'a');

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    const participant = world.members.participant.organisation.id;
    const a = await acceptRound(t, world, { supplierId: participant, buyerId: participant });
    const b = await acceptRound(t, world, { supplierId: world.client.id, buyerId: world.client.id });
    await buildAgentAuthority(t.db, {
      roundId: b.round.id,
      clientId: world.client.id,
      agentId: world.members.agent.organisation.id,
      approved: true,
      permissions: ['RegisterForRound'],
    });
    const [meadow] = await t.db
      .select({ lpaId: projects.lpaId })
      .from(projects)
      .where(eq(projects.id, a.records.biodiversityProjectId));
    if (!meadow?.lpaId) throw new Error('The meadow has no LPA');
    await linkLpa(t.db, world, meadow.lpaId);
    for (const [key, accepted] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const wanted = accepted.records.biodiversityRequirementIds[0];
      ids.credit[key] = accepted.creditOf[wanted] as string;
      ids.reserve[key] = (
        await writeRegistryLedger(t, accepted, new Date('2027-04-01T09:00:00Z'))
      ).reservedCreditId;
      ids.project[key] = accepted.records.biodiversityProjectId;
      ids.requirement[key] = wanted;
      ids.round[key] = accepted.round.id;
    }
  });

  const get = (role: Role, url: string) => asRole(t.app, world, role, 'GET', url);

  const records = [
    { name: 'credit trace', path: (id: string) => `/api/credits/registry/${id}`, of: () => ids.credit },
    { name: 'reserved credit', path: (id: string) => `/api/reserved-credit/${id}`, of: () => ids.reserve },
  ] as const;

  for (const record of records)
    for (const role of ROLES)
      it(`${record.name}: ${role} reads its own, not another's, not a missing one`, async () => {
        const own = record.of()[OWN[role]];
        const others = record.of()[other(OWN[role])];
        const answers = {
          own: (await get(role, record.path(own))).statusCode,
          other: (await get(role, record.path(others))).statusCode,
          missing: (await get(role, record.path(MISSING))).statusCode,
        };
        expect(answers).toEqual(ANSWERS[role]);
      });

  const lists = [
    { name: 'credits registry', url: '/api/credits/registry?pageSize=100', of: () => ids.credit, key: 'id' },
    { name: 'reserve', url: '/api/reserved-credits?pageSize=100', of: () => ids.reserve, key: 'id' },
    {
      name: 'projects registry',
      url: '/api/projects?registry=true&pageSize=100',
      of: () => ids.project,
      key: 'id',
    },
    {
      name: 'requirements registry',
      url: '/api/requirements?registry=true&pageSize=100',
      of: () => ids.requirement,
      key: 'id',
    },
  ] as const;

  for (const list of lists)
    for (const role of ROLES)
      it(`${list.name}: ${role} lists only what it may see, with no price`, async () => {
        const answer = await get(role, list.url);
        if (role === 'anonymous') {
          expect(answer.statusCode).toBe(401);
          return;
        }
        expect(answer.statusCode).toBe(200);
        const listed = (answer.json().items as { id: string }[]).map((item) => item.id);
        expect(listed).toContain(list.of()[OWN[role]]);
        if (ANSWERS[role].other === 200) expect(listed).toContain(list.of()[other(OWN[role])]);
        else expect(listed).not.toContain(list.of()[other(OWN[role])]);
        if (list.name === 'credits registry' || list.name === 'reserve')
          expect([...keysOf(answer.json())].filter((key) => COMMERCIAL.includes(key))).toEqual([]);
      });

  for (const role of ROLES)
    it(`exports and totals: ${role} gets only its own rows`, async () => {
      const own = ids.round[OWN[role]];
      const others = ids.round[other(OWN[role])];
      const csv = await get(role, '/api/credits/registry?format=csv');
      const xlsx = await get(role, '/api/credits/registry?format=xlsx');
      const totals = await get(role, `/api/registry/totals?roundId=${others}`);
      const ownTotals = await get(role, `/api/registry/totals?roundId=${own}`);
      if (role === 'anonymous') {
        expect([csv.statusCode, xlsx.statusCode, totals.statusCode]).toEqual([401, 401, 401]);
        return;
      }
      expect([csv.statusCode, xlsx.statusCode, totals.statusCode]).toEqual([200, 200, 200]);
      expect(csv.body.trim().split('\r\n').length - 1).toBe(ANSWERS[role].other === 200 ? 6 : 3);
      expect(ownTotals.json().now.length).toBeGreaterThan(0);
      expect(totals.json().now.length).toBe(ANSWERS[role].other === 200 ? 2 : 0);
    });

  it('public registry: answers without a session and carries no personal or commercial field', async () => {
    const answer = await requestJson(t.app, 'GET', '/api/public/registry');
    expect(answer.statusCode).toBe(200);
    expect([...keysOf(answer.json())].sort()).toEqual(
      [
        'area',
        'byLpa',
        'byNca',
        'code',
        'creditType',
        'creditTypes',
        'lpa',
        'name',
        'nca',
        'sites',
        'status',
        'units',
      ].sort(),
    );
    for (const member of Object.values(world.members)) {
      expect(answer.body).not.toContain(member.organisation.name);
      expect(answer.body).not.toContain(member.user.email);
      expect(answer.body).not.toContain(member.user.displayName);
    }
    expect(answer.body).not.toContain(world.client.name);
  });

  it('public registry as GeoJSON: answers without a session and carries no personal or commercial field', async () => {
    const answer = await requestJson(t.app, 'GET', '/api/public/registry.geojson');
    expect(answer.statusCode).toBe(200);
    // This world's sites lie in test LPAs the planning areas do not draw and have no grid reference: no coordinates.
    expect([...keysOf(answer.json())].sort()).toEqual(
      [
        'creditTypes',
        'features',
        'geometry',
        'location',
        'lpa',
        'name',
        'nca',
        'properties',
        'status',
        'type',
        'units',
      ].sort(),
    );
    for (const member of Object.values(world.members)) {
      expect(answer.body).not.toContain(member.organisation.name);
      expect(answer.body).not.toContain(member.user.email);
      expect(answer.body).not.toContain(member.user.displayName);
    }
    expect(answer.body).not.toContain(world.client.name);
  });
});
