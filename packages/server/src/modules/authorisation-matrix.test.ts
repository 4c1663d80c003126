import { randomUUID } from 'node:crypto';
import type { ParticipationCapacity, RegistrationStatus } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../test/app.ts';
import { buildOrganisation } from '../../test/factories.ts';
import {
  asRole,
  buildAgentAuthority,
  buildRound,
  buildWorld,
  ROLES,
  type Role,
  type World,
} from '../../test/world.ts';
import type { Database } from '../platform/db/connect.ts';
import { MODULES } from './index.ts';
import { marketRounds, participations } from './markets/markets.tables.ts';

const ACTION_REGISTRATIONS = MODULES.flatMap((module) => module.actions ?? []);

/** Which record is "own" (party to the role's organisation) and which belongs to someone else, per entity kind. */
interface Targets {
  own: Partial<Record<Role, string>>;
  another: string;
}

interface Extra {
  otherAgentAuthority: string;
  ownAgentAuthority: string;
  /** The market of the open round (visible to participants and agents) and one with only a Draft round. */
  openMarket: string;
  draftMarket: string;
  draftRound: string;
  /** Participations in the open round: the participant's, the agent's client's, and another participant's. */
  ownParticipation: string;
  clientParticipation: string;
  otherParticipation: string;
}

type TargetBuilder = (world: World, extra: Extra) => Targets;

/** Every entity with actions needs an entry: a newly registered kind fails here until it says what its tenants own. */
const TARGETS: Record<string, TargetBuilder> = {
  organisation: (world) => ({
    own: {
      admin: world.members.admin.organisation.id,
      sysadmin: world.members.sysadmin.organisation.id,
      lpa: world.members.lpa.organisation.id,
      participant: world.members.participant.organisation.id,
      agent: world.members.agent.organisation.id,
      anonymous: world.members.participant.organisation.id,
    },
    another: world.otherParticipant.organisation.id,
  }),
  user: (world) => ({
    own: {
      admin: world.members.admin.user.id,
      sysadmin: world.members.sysadmin.user.id,
      lpa: world.members.lpa.user.id,
      participant: world.members.participant.user.id,
      agent: world.members.agent.user.id,
      anonymous: world.members.participant.user.id,
    },
    another: world.otherParticipant.user.id,
  }),
  'agent-authority': (_world, extra) => ({
    own: {
      admin: extra.ownAgentAuthority,
      sysadmin: extra.ownAgentAuthority,
      participant: extra.ownAgentAuthority,
      agent: extra.ownAgentAuthority,
      anonymous: extra.ownAgentAuthority,
    },
    another: extra.otherAgentAuthority,
  }),
  market: (_world, extra) => ({
    own: {
      admin: extra.openMarket,
      sysadmin: extra.openMarket,
      participant: extra.openMarket,
      agent: extra.openMarket,
      anonymous: extra.openMarket,
    },
    another: extra.draftMarket,
  }),
  round: (world, extra) => ({
    own: {
      admin: world.openRound.id,
      sysadmin: world.openRound.id,
      participant: world.openRound.id,
      agent: world.openRound.id,
      anonymous: world.openRound.id,
    },
    another: extra.draftRound,
  }),
  participation: (_world, extra) => ({
    own: {
      admin: extra.ownParticipation,
      sysadmin: extra.ownParticipation,
      participant: extra.ownParticipation,
      agent: extra.clientParticipation,
      anonymous: extra.ownParticipation,
    },
    another: extra.otherParticipation,
  }),
};

/** Inserts a participation. */
async function buildParticipation(
  db: Database,
  values: {
    roundId: string;
    organisationId: string;
    capacity: ParticipationCapacity;
    status: RegistrationStatus;
  },
): Promise<string> {
  const now = new Date();
  const [row] = await db
    .insert(participations)
    .values({
      marketRoundId: values.roundId,
      organisationId: values.organisationId,
      capacity: values.capacity,
      status: values.status,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: participations.id });
  if (!row) throw new Error('No participation inserted');
  return row.id;
}

const marketOf = async (db: Database, roundId: string): Promise<string> => {
  const [row] = await db
    .select({ marketId: marketRounds.marketId })
    .from(marketRounds)
    .where(eq(marketRounds.id, roundId));
  if (!row) throw new Error('No round');
  return row.marketId;
};

const OPERATORS: readonly Role[] = ['admin', 'sysadmin'];
const IN_SCOPE_STATUSES = [200, 201, 403, 409, 422];

/** What a role may get for a target: anonymous 401; missing 404; someone else's 404 unless operator. */
const allowedStatuses = (role: Role, target: 'own' | 'another' | 'missing'): readonly number[] => {
  if (role === 'anonymous') return [401];
  if (target === 'missing') return [404];
  if (target === 'another' && !OPERATORS.includes(role)) return [404];
  return IN_SCOPE_STATUSES;
};

/** What an action answers on an own record: allowed (then `{}` fails validation: 422), 403, 409, or not offered. */
type Expected = 'ok' | 403 | 409 | 'n/a';

/**
 * The policy table: for each role, the answer of every action on its own record (and the agent's on its client).
 * `n/a`: the action does not apply to that kind of record (not offered, 403 on submission).
 */
const EXPECTED: Record<string, Partial<Record<Role | 'agentOnClient', Record<string, Expected>>>> = {
  organisation: {
    admin: {
      Update: 'ok',
      Comment: 'ok',
      InviteUser: 'ok',
      RegisterAsParticipant: 'n/a',
      ExpressInterest: 'n/a',
      AddParticipantClient: 'n/a',
      ProvideAgentAuthority: 'n/a',
    },
    sysadmin: {
      Update: 'ok',
      Comment: 'ok',
      InviteUser: 'ok',
      RegisterAsParticipant: 'n/a',
      ExpressInterest: 'n/a',
      AddParticipantClient: 'n/a',
      ProvideAgentAuthority: 'n/a',
    },
    lpa: {
      Update: 'ok',
      Comment: 'ok',
      InviteUser: 'ok',
      RegisterAsParticipant: 'n/a',
      ExpressInterest: 'n/a',
      AddParticipantClient: 'n/a',
      ProvideAgentAuthority: 'n/a',
    },
    participant: {
      Update: 'ok',
      Comment: 'ok',
      InviteUser: 'ok',
      RegisterAsParticipant: 'ok',
      ExpressInterest: 'ok',
      AddParticipantClient: 'n/a',
      ProvideAgentAuthority: 'ok',
    },
    agent: {
      Update: 'ok',
      Comment: 'ok',
      InviteUser: 'ok',
      RegisterAsParticipant: 'n/a',
      ExpressInterest: 'n/a',
      AddParticipantClient: 'ok',
      ProvideAgentAuthority: 'n/a',
    },
    agentOnClient: {
      Update: 'ok',
      Comment: 'ok',
      InviteUser: 403,
      RegisterAsParticipant: 'ok',
      ExpressInterest: 'ok',
      AddParticipantClient: 'n/a',
      ProvideAgentAuthority: 'ok',
    },
  },
  user: {
    admin: { Disable: 403, Enable: 403, ForcePasswordReset: 403 },
    sysadmin: { Disable: 403, Enable: 403, ForcePasswordReset: 403 },
    lpa: { Disable: 403, Enable: 403, ForcePasswordReset: 403 },
    participant: { Disable: 403, Enable: 403, ForcePasswordReset: 403 },
    agent: { Disable: 403, Enable: 403, ForcePasswordReset: 403 },
  },
  'agent-authority': {
    admin: { SetApproval: 'ok', EditPermissions: 'ok', ReplaceDocument: 'ok' },
    sysadmin: { SetApproval: 'ok', EditPermissions: 'ok', ReplaceDocument: 'ok' },
    participant: { SetApproval: 403, EditPermissions: 403, ReplaceDocument: 'ok' },
    agent: { SetApproval: 403, EditPermissions: 403, ReplaceDocument: 'ok' },
  },
};

const STATUS_OF: Record<Exclude<Expected, 'n/a'>, number> = { ok: 422, 403: 403, 409: 409 };

/** Entities whose rows of the policy table are still to be written (their own tests walk their policies). */
const TABLE_TO_COME: readonly string[] = ['market', 'round', 'participation'];

describeWithApp('authorisation matrix', (t) => {
  let world: World;
  let targets: Record<string, Targets>;
  let authorities: { own: string; other: string; agentForClient: string };

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    const otherAgent = await buildOrganisation(t.db, { type: 'AGENT' });
    const draft = await buildRound(t.db, 'Draft', 'Draft round');
    const agentForClient = await buildAgentAuthority(t.db, {
      roundId: world.openRound.id,
      clientId: world.client.id,
      agentId: world.members.agent.organisation.id,
      approved: true,
    });
    const extra: Extra = {
      openMarket: await marketOf(t.db, world.openRound.id),
      draftMarket: await marketOf(t.db, draft.id),
      draftRound: draft.id,
      ownParticipation: await buildParticipation(t.db, {
        roundId: world.openRound.id,
        organisationId: world.members.participant.organisation.id,
        capacity: 'Supplier',
        status: 'Interested',
      }),
      clientParticipation: await buildParticipation(t.db, {
        roundId: world.openRound.id,
        organisationId: world.client.id,
        capacity: 'Buyer',
        status: 'Interested',
      }),
      otherParticipation: await buildParticipation(t.db, {
        roundId: world.openRound.id,
        organisationId: world.otherParticipant.organisation.id,
        capacity: 'Supplier',
        status: 'Provisional',
      }),
      ownAgentAuthority: await buildAgentAuthority(t.db, {
        roundId: world.openRound.id,
        clientId: world.members.participant.organisation.id,
        agentId: world.members.agent.organisation.id,
      }),
      otherAgentAuthority: await buildAgentAuthority(t.db, {
        roundId: world.openRound.id,
        clientId: world.otherParticipant.organisation.id,
        agentId: otherAgent.id,
        approved: true,
      }),
    };
    authorities = { own: extra.ownAgentAuthority, other: extra.otherAgentAuthority, agentForClient };
    targets = {};
    for (const registration of ACTION_REGISTRATIONS) {
      const build = TARGETS[registration.entity];
      if (build) targets[registration.entity] = build(world, extra);
    }
  });

  it('knows the tenants of every registered entity', () => {
    expect(
      ACTION_REGISTRATIONS.map((registration) => registration.entity).filter((entity) => !TARGETS[entity]),
    ).toEqual([]);
  });

  it('has a policy table entry for every action of every entity', () => {
    const missing = ACTION_REGISTRATIONS.filter(
      (registration) => !TABLE_TO_COME.includes(registration.entity),
    ).flatMap((registration) =>
      Object.entries(EXPECTED[registration.entity] ?? { none: {} }).flatMap(([role, answers]) =>
        registration.definitions
          .filter((definition) => answers?.[definition.id] === undefined)
          .map((definition) => `${registration.entity}/${definition.id} for ${role}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  for (const registration of ACTION_REGISTRATIONS.filter((candidate) => EXPECTED[candidate.entity])) {
    it(`${registration.entity}: every role gets exactly the policy table's answer on its own record`, async () => {
      const wrong: string[] = [];
      const table = EXPECTED[registration.entity] ?? {};
      for (const [who, answers] of Object.entries(table)) {
        const role: Role = who === 'agentOnClient' ? 'agent' : (who as Role);
        const id = who === 'agentOnClient' ? world.client.id : targets[registration.entity]?.own[role];
        if (id === undefined || answers === undefined) continue;
        const page = await asRole(t.app, world, role, 'GET', `/api/${registration.entity}/${id}`);
        expect(page.statusCode, `${who} GET`).toBe(200);
        const offered = page.json().actions as { id: string; enabled: boolean; reason?: string }[];
        for (const definition of registration.definitions) {
          const expected = answers[definition.id];
          const listed = offered.find((action) => action.id === definition.id);
          const answer = await asRole(
            t.app,
            world,
            role,
            'POST',
            `/api/${registration.entity}/${id}/action/${definition.id}`,
            {},
          );
          const name = `${who} ${definition.id}`;
          if (expected === 'n/a') {
            if (listed !== undefined) wrong.push(`${name}: offered but does not apply`);
            if (answer.statusCode !== 403) wrong.push(`${name}: ${answer.statusCode} instead of 403`);
            continue;
          }
          if (expected === undefined) continue;
          if (answer.statusCode !== STATUS_OF[expected])
            wrong.push(
              `${name}: ${answer.statusCode} instead of ${STATUS_OF[expected]} ${answer.body.slice(0, 100)}`,
            );
          if (expected === 'ok' && listed?.enabled !== true) wrong.push(`${name}: not enabled in actions[]`);
          if (expected !== 'ok' && (listed?.enabled !== false || listed.reason !== answer.json().message))
            wrong.push(
              `${name}: actions[] says ${JSON.stringify(listed)}, the answer ${answer.json().message}`,
            );
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  for (const registration of ACTION_REGISTRATIONS) {
    const { entity } = registration;
    const requests = [
      { name: `GET /${entity}/{id}`, method: 'GET' as const, path: (id: string) => `/api/${entity}/${id}` },
      ...registration.definitions.flatMap((definition) => [
        {
          name: `GET ${entity} ${definition.id}`,
          method: 'GET' as const,
          path: (id: string) => `/api/${entity}/${id}/action/${definition.id}`,
        },
        {
          name: `POST ${entity} ${definition.id}`,
          method: 'POST' as const,
          path: (id: string) => `/api/${entity}/${id}/action/${definition.id}`,
        },
      ]),
      ...(entity === 'organisation'
        ? [
            {
              name: 'GET /organisation/{id}/users',
              method: 'GET' as const,
              path: (id: string) => `/api/organisation/${id}/users`,
            },
          ]
        : []),
    ];

    for (const request of requests) {
      it(`${request.name}: no role reaches another tenant's record`, async () => {
        const wrong: string[] = [];
        for (const role of ROLES) {
          const kind = targets[entity];
          if (!kind) throw new Error(`No targets for ${entity}`);
          const cases = [
            ['own', kind.own[role]],
            ['another', kind.another],
            ['missing', randomUUID()],
          ] as const;
          for (const [target, id] of cases) {
            if (id === undefined) continue;
            const response = await asRole(t.app, world, role, request.method, request.path(id), {});
            if (!allowedStatuses(role, target).includes(response.statusCode))
              wrong.push(`${role} on ${target}: ${response.statusCode} ${response.body.slice(0, 120)}`);
          }
        }
        expect(wrong).toEqual([]);
      });
    }

    for (const definition of registration.createDefinitions) {
      it(`${registration.collection} ${definition.id}: only the operator creates`, async () => {
        const wrong: string[] = [];
        for (const role of ROLES) {
          const form = await asRole(
            t.app,
            world,
            role,
            'GET',
            `/api/${registration.collection}/action/${definition.id}`,
          );
          const submit = await asRole(
            t.app,
            world,
            role,
            'POST',
            `/api/${registration.collection}/action/${definition.id}`,
            {},
          );
          const expected =
            role === 'anonymous' ? [401, 401] : OPERATORS.includes(role) ? [200, 422] : [403, 403];
          if (form.statusCode !== expected[0] || submit.statusCode !== expected[1])
            wrong.push(`${role}: ${form.statusCode}/${submit.statusCode}`);
        }
        expect(wrong).toEqual([]);
      });
    }
  }

  it('lists only the markets, rounds and participations each role may see', async () => {
    const ids = async (role: Role, url: string) =>
      ((await asRole(t.app, world, role, 'GET', url)).json().items as { id: string }[]).map(
        (item) => item.id,
      );
    const extra = {
      own: targets.participation?.own.participant,
      client: targets.participation?.own.agent,
      other: targets.participation?.another,
    };
    expect((await ids('admin', '/api/rounds?pageSize=100')).sort()).toEqual(
      expect.arrayContaining([world.openRound.id, world.settledRound.id, targets.round?.another]),
    );
    const participantRounds = await ids('participant', '/api/rounds?pageSize=100');
    expect(participantRounds).toContain(world.openRound.id);
    expect(participantRounds).not.toContain(targets.round?.another);
    expect(await ids('lpa', '/api/rounds?pageSize=100')).toEqual([]);
    const participantMarkets = await ids('participant', '/api/markets?pageSize=100');
    expect(participantMarkets).toContain(targets.market?.own.participant);
    expect(participantMarkets).not.toContain(targets.market?.another);
    expect(await ids('admin', '/api/markets?pageSize=100')).toContain(targets.market?.another);
    expect(await ids('participant', '/api/participations?pageSize=100')).toEqual([extra.own]);
    expect(await ids('agent', '/api/participations?pageSize=100')).toEqual([extra.client]);
    expect(await ids('lpa', '/api/participations?pageSize=100')).toEqual([]);
    expect((await ids('admin', '/api/participations?pageSize=100')).sort()).toEqual(
      [extra.own, extra.client, extra.other].sort(),
    );
    const round = (
      await asRole(t.app, world, 'participant', 'GET', `/api/round/${world.openRound.id}`)
    ).json();
    expect(round.summary.participations.Supplier).toMatchObject({ Interested: 1, Provisional: 0 });
    expect(round.summary.participations.Buyer.Interested).toBe(0);
    for (const url of ['/api/markets', '/api/rounds', '/api/participations'])
      expect((await asRole(t.app, world, 'anonymous', 'GET', url)).statusCode).toBe(401);
  });

  it('lists only what each role may see', async () => {
    const agent = world.members.agent.organisation.id;
    const visible: Record<Exclude<Role, 'anonymous' | 'admin' | 'sysadmin'>, string[]> = {
      lpa: [world.members.lpa.organisation.id],
      participant: [world.members.participant.organisation.id],
      agent: [agent, world.client.id],
    };
    for (const [role, ids] of Object.entries(visible) as [keyof typeof visible, string[]][]) {
      const organisations = await asRole(t.app, world, role, 'GET', '/api/organisations?pageSize=100');
      expect(
        organisations
          .json()
          .items.map((item: { id: string }) => item.id)
          .sort(),
      ).toEqual([...ids].sort());
      const listed = await asRole(t.app, world, role, 'GET', '/api/agent-authorities?pageSize=100');
      const expectedAuthorities = {
        lpa: [],
        participant: [authorities.own],
        agent: [authorities.own, authorities.agentForClient],
      }[role];
      expect(
        listed
          .json()
          .items.map((item: { id: string }) => item.id)
          .sort(),
      ).toEqual([...expectedAuthorities].sort());
    }
    const allAuthorities = await asRole(t.app, world, 'admin', 'GET', '/api/agent-authorities?pageSize=100');
    expect(allAuthorities.json().items.map((item: { id: string }) => item.id)).toEqual(
      expect.arrayContaining([authorities.own, authorities.other]),
    );
    const all = await asRole(t.app, world, 'admin', 'GET', '/api/organisations?pageSize=100');
    expect(all.json().total).toBeGreaterThanOrEqual(7);
    expect((await asRole(t.app, world, 'anonymous', 'GET', '/api/organisations')).statusCode).toBe(401);
    expect((await asRole(t.app, world, 'anonymous', 'GET', '/api/agent-authorities')).statusCode).toBe(401);
  });
});
