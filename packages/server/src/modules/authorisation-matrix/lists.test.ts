import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildOrganisation } from '../../../test/factories.ts';
import {
  asRole,
  buildAgentAuthority,
  buildRound,
  buildWorld,
  type Role,
  type World,
} from '../../../test/world.ts';
import { buildParticipation, marketOf } from './matrix.testing.ts';

describeWithApp('authorisation matrix: lists', (t) => {
  let world: World;
  let draftRound: string;
  let markets: { withOpenRound: string; withDraftRoundOnly: string };
  let participations: { own: string; client: string; other: string };
  let authorities: { own: string; other: string; agentForClient: string };

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    const otherAgent = await buildOrganisation(t.db, { type: 'AGENT' });
    draftRound = (await buildRound(t.db, 'Draft', 'Draft round')).id;
    markets = {
      withOpenRound: await marketOf(t.db, world.openRound.id),
      withDraftRoundOnly: await marketOf(t.db, draftRound),
    };
    const round = world.openRound.id;
    participations = {
      own: await buildParticipation(t.db, {
        roundId: round,
        organisationId: world.members.participant.organisation.id,
        capacity: 'Supplier',
        status: 'Interested',
      }),
      client: await buildParticipation(t.db, {
        roundId: round,
        organisationId: world.client.id,
        capacity: 'Buyer',
        status: 'Interested',
      }),
      other: await buildParticipation(t.db, {
        roundId: round,
        organisationId: world.otherParticipant.organisation.id,
        capacity: 'Supplier',
        status: 'Provisional',
      }),
    };
    authorities = {
      agentForClient: await buildAgentAuthority(t.db, {
        roundId: round,
        clientId: world.client.id,
        agentId: world.members.agent.organisation.id,
        approved: true,
      }),
      own: await buildAgentAuthority(t.db, {
        roundId: round,
        clientId: world.members.participant.organisation.id,
        agentId: world.members.agent.organisation.id,
      }),
      other: await buildAgentAuthority(t.db, {
        roundId: round,
        clientId: world.otherParticipant.organisation.id,
        agentId: otherAgent.id,
        approved: true,
      }),
    };
  });

  const ids = async (role: Role, url: string) =>
    ((await asRole(t.app, world, role, 'GET', url)).json().items as { id: string }[]).map((item) => item.id);

  it('lists only the markets, rounds and participations each role may see', async () => {
    expect(await ids('admin', '/api/rounds?pageSize=100')).toEqual(
      expect.arrayContaining([world.openRound.id, world.settledRound.id, draftRound]),
    );
    const participantRounds = await ids('participant', '/api/rounds?pageSize=100');
    expect(participantRounds).toContain(world.openRound.id);
    expect(participantRounds).not.toContain(draftRound);
    expect(await ids('lpa', '/api/rounds?pageSize=100')).toEqual([]);
    const participantMarkets = await ids('participant', '/api/markets?pageSize=100');
    expect(participantMarkets).toContain(markets.withOpenRound);
    expect(participantMarkets).not.toContain(markets.withDraftRoundOnly);
    expect(await ids('admin', '/api/markets?pageSize=100')).toEqual(
      expect.arrayContaining([markets.withOpenRound, markets.withDraftRoundOnly]),
    );
    expect(await ids('lpa', '/api/markets?pageSize=100')).toEqual([]);
    expect(await ids('participant', '/api/participations?pageSize=100')).toEqual([participations.own]);
    expect(await ids('agent', '/api/participations?pageSize=100')).toEqual([participations.client]);
    expect(await ids('lpa', '/api/participations?pageSize=100')).toEqual([]);
    expect((await ids('admin', '/api/participations?pageSize=100')).sort()).toEqual(
      [participations.own, participations.client, participations.other].sort(),
    );
    for (const url of ['/api/markets', '/api/rounds', '/api/participations'])
      expect((await asRole(t.app, world, 'anonymous', 'GET', url)).statusCode).toBe(401);
  });

  it("counts a round's participants within the reader's scope, in the record and in the list", async () => {
    const counts = async (role: Role) => {
      const record = (await asRole(t.app, world, role, 'GET', `/api/round/${world.openRound.id}`)).json();
      const listed = (await asRole(t.app, world, role, 'GET', '/api/rounds?pageSize=100'))
        .json()
        .items.find((item: { id: string }) => item.id === world.openRound.id);
      expect(listed.summary).toEqual(record.summary);
      return record.summary.participations;
    };
    expect(await counts('participant')).toMatchObject({
      Supplier: { Interested: 1, Provisional: 0 },
      Buyer: { Interested: 0 },
    });
    expect(await counts('agent')).toMatchObject({
      Supplier: { Interested: 0, Provisional: 0 },
      Buyer: { Interested: 1 },
    });
    expect(await counts('admin')).toMatchObject({
      Supplier: { Interested: 1, Provisional: 1 },
      Buyer: { Interested: 1 },
    });
  });

  it('lists only the organisations and agent authorities each role may see', async () => {
    const agent = world.members.agent.organisation.id;
    const visible: Record<'lpa' | 'participant' | 'agent', string[]> = {
      lpa: [world.members.lpa.organisation.id],
      participant: [world.members.participant.organisation.id],
      agent: [agent, world.client.id],
    };
    for (const [role, expected] of Object.entries(visible) as [keyof typeof visible, string[]][]) {
      expect((await ids(role, '/api/organisations?pageSize=100')).sort()).toEqual([...expected].sort());
      const expectedAuthorities = {
        lpa: [],
        participant: [authorities.own],
        agent: [authorities.own, authorities.agentForClient],
      }[role];
      expect((await ids(role, '/api/agent-authorities?pageSize=100')).sort()).toEqual(
        [...expectedAuthorities].sort(),
      );
    }
    expect(await ids('admin', '/api/agent-authorities?pageSize=100')).toEqual(
      expect.arrayContaining([authorities.own, authorities.other, authorities.agentForClient]),
    );
    const all = await asRole(t.app, world, 'admin', 'GET', '/api/organisations?pageSize=100');
    expect(all.json().total).toBeGreaterThanOrEqual(7);
    expect((await asRole(t.app, world, 'anonymous', 'GET', '/api/organisations')).statusCode).toBe(401);
    expect((await asRole(t.app, world, 'anonymous', 'GET', '/api/agent-authorities')).statusCode).toBe(401);
  });
});
