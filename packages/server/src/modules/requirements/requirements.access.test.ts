import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { buildPlaces, buildRequirement, buildRequirementGroup } from '../../../test/factories.records.ts';
import { buildAgentAuthority } from '../../../test/factories.rounds.ts';
import {
  asRole,
  buildMember,
  buildWorld,
  type Member,
  ROLES,
  type Role,
  type World,
} from '../../../test/world.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { setRoundStatus } from '../rounds/rounds.testing.ts';
import { prepareRound } from './requirements.testing.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';
const SEALED = '987654';

/**
 * Who reads and acts on requirements and groups: every role of the world on its own record, another
 * organisation's and a missing one, with exact statuses; the sealed bid on every read route; the LPA's area.
 */
describeWithApp('credit requirements and groups: authorisation, sealed bids and the LPA area', (t) => {
  let world: World;
  let roundId: string;
  let weakAgent: Member;
  let asked: Record<string, string>;
  /** In the LPA's area, the participant's. */
  let participantsId: string;
  /** Outside the LPA's area, the agent's client's. */
  let clientsId: string;
  /** Outside the LPA's area, another participant's. */
  let othersId: string;
  /** In the LPA's area but a Draft. */
  let draftId: string;
  let groupId: string;

  const OWN: Record<Exclude<Role, 'anonymous'>, () => string> = {
    admin: () => othersId,
    sysadmin: () => othersId,
    lpa: () => participantsId,
    participant: () => participantsId,
    agent: () => clientsId,
  };
  const OTHER: Record<Exclude<Role, 'anonymous'>, () => string> = {
    admin: () => participantsId,
    sysadmin: () => participantsId,
    lpa: () => clientsId,
    participant: () => othersId,
    agent: () => othersId,
  };
  const SEES_OTHER: Record<Exclude<Role, 'anonymous'>, boolean> = {
    admin: true,
    sysadmin: true,
    lpa: false,
    participant: false,
    agent: false,
  };

  const get = (role: Role, url: string) => asRole(t.app, world, role, 'GET', url);

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    roundId = world.openRound.id;
    asked = await prepareRound(t.db, roundId);
    const area = await buildPlaces(t.db);
    const elsewhere = await buildPlaces(t.db);
    await t.db
      .update(organisations)
      .set({ lpaId: area.lpaId })
      .where(eq(organisations.id, world.members.lpa.organisation.id));
    const agentId = world.members.agent.organisation.id;
    await buildAgentAuthority(t.db, {
      roundId,
      clientId: world.client.id,
      agentId,
      approved: true,
      permissions: ['RegisterForRound', 'MakeOffersOrBids'],
    });
    weakAgent = await buildMember(t.app, t.db, 'AGENT', ['agent']);
    await buildAgentAuthority(t.db, {
      roundId,
      clientId: world.client.id,
      agentId: weakAgent.organisation.id,
      approved: true,
      permissions: ['RegisterForRound'],
    });
    const bid = Number(`${SEALED}.25`);
    participantsId = await buildRequirement(t.db, {
      buyerId: world.members.participant.organisation.id,
      roundId,
      lpaId: area.lpaId,
      status: 'Registered',
      name: 'Harbour homes',
    });
    clientsId = await buildRequirement(t.db, {
      buyerId: world.client.id,
      roundId,
      lpaId: elsewhere.lpaId,
      status: 'Bid',
      bid,
      name: 'Client homes',
    });
    othersId = await buildRequirement(t.db, {
      buyerId: world.otherParticipant.organisation.id,
      roundId,
      lpaId: elsewhere.lpaId,
      status: 'Bid',
      bid,
      name: 'Other homes',
    });
    draftId = await buildRequirement(t.db, {
      buyerId: world.members.participant.organisation.id,
      roundId,
      lpaId: area.lpaId,
      name: 'Draft homes',
    });
    groupId = await buildRequirementGroup(t.db, {
      buyerId: world.members.participant.organisation.id,
      requirementIds: [participantsId],
      name: 'Harbour phase',
    });
    // The participant bids through the API, so the bid reaches the activity trail's action too.
    await setRoundStatus(t.db, roundId, 'OpenForBidsAndOffers');
    const bidding = await asRole(
      t.app,
      world,
      'participant',
      'POST',
      `/api/requirement/${participantsId}/action/SetBid`,
      {
        bid,
        declarations: { [asked.MarketRoundCreditRequirement_Bid ?? '']: true },
      },
    );
    expect(bidding.statusCode).toBe(200);
  });

  describe('the record', () => {
    for (const role of ROLES) {
      it(`${role}: own, other and missing requirement`, async () => {
        if (role === 'anonymous') {
          for (const id of [participantsId, othersId, MISSING])
            expect((await get(role, `/api/requirement/${id}`)).statusCode).toBe(401);
          return;
        }
        expect((await get(role, `/api/requirement/${OWN[role]()}`)).statusCode).toBe(200);
        expect((await get(role, `/api/requirement/${OTHER[role]()}`)).statusCode).toBe(
          SEES_OTHER[role] ? 200 : 404,
        );
        const missing = await get(role, `/api/requirement/${MISSING}`);
        expect(missing.statusCode).toBe(404);
        expect(missing.json().message).toBe('This credit requirement does not exist or you cannot see it');
      });
    }

    it('shows the sealed bid to the operator, the owner and its agent with MakeOffersOrBids only', async () => {
      const bidOf = async (role: Role, id: string) => (await get(role, `/api/requirement/${id}`)).json();
      expect((await bidOf('admin', participantsId)).bid).toEqual({
        bid: 987654.25,
        acceptOngoingOnly: false,
        bidOngoingOnly: null,
      });
      expect((await bidOf('participant', participantsId)).bid.bid).toBe(987654.25);
      expect((await bidOf('agent', clientsId)).bid.bid).toBe(987654.25);
      const lpa = await bidOf('lpa', participantsId);
      expect(lpa).not.toHaveProperty('bid');
      // Read only, as on projects: the LPA is offered no action.
      expect(lpa.actions).toEqual([]);
      expect(lpa.development).toMatchObject({
        planningRef: expect.any(String),
        redemptionDate: '2027-06-30',
      });
      expect(JSON.stringify(lpa)).not.toContain(SEALED);
      const weak = await requestJson(t.app, 'GET', `/api/requirement/${clientsId}`, undefined, {
        cookie: weakAgent.cookie,
      });
      expect(weak.statusCode).toBe(200);
      expect(weak.json()).not.toHaveProperty('bid');
      expect(weak.body).not.toContain(SEALED);
      const weakBid = await requestJson(
        t.app,
        'POST',
        `/api/requirement/${clientsId}/action/SetBid`,
        { bid: 5 },
        { cookie: weakAgent.cookie },
      );
      expect(weakBid.statusCode).toBe(403);
      expect(weakBid.json().message).toBe(
        'You need approved authority with permission to make offers or bids in this round',
      );
      const investor = await buildMember(t.app, t.db, 'PARTICIPANT', ['participant']);
      for (const cookie of [investor.cookie, world.otherParticipant.cookie]) {
        const answer = await requestJson(t.app, 'GET', `/api/requirement/${participantsId}`, undefined, {
          cookie,
        });
        expect(answer.statusCode).toBe(404);
        expect(answer.body).not.toContain(SEALED);
      }
    });
  });

  describe('the list and its CSV', () => {
    const EXPECTED: Record<Exclude<Role, 'anonymous'>, () => string[]> = {
      admin: () => [clientsId, draftId, othersId, participantsId],
      sysadmin: () => [clientsId, draftId, othersId, participantsId],
      lpa: () => [participantsId],
      participant: () => [draftId, participantsId],
      agent: () => [clientsId],
    };
    for (const role of ROLES) {
      it(`${role}: sees exactly its rows, never a bid`, async () => {
        const list = await get(role, '/api/requirements?sort=name&pageSize=100');
        if (role === 'anonymous') {
          expect(list.statusCode).toBe(401);
          return;
        }
        expect(list.statusCode).toBe(200);
        const ids = list.json().items.map((item: { id: string }) => item.id);
        expect([...ids].sort()).toEqual(EXPECTED[role]().sort());
        expect(list.json().total).toBe(EXPECTED[role]().length);
        expect(list.body).not.toContain(SEALED);
        const csv = await get(role, '/api/requirements?format=csv');
        expect(csv.statusCode).toBe(200);
        expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(csv.body.trim().split('\r\n')).toHaveLength(EXPECTED[role]().length + 1);
        expect(csv.body).not.toContain(SEALED);
        expect(csv.body).not.toContain(participantsId);
      });
    }

    it('filters and sorts', async () => {
      const byName = await get(
        'admin',
        `/api/requirements?roundId=${roundId}&sort=name&order=desc&status=Bid`,
      );
      expect(byName.json().items.map((item: { name: string }) => item.name)).toEqual([
        'Other homes',
        'Harbour homes',
        'Client homes',
      ]);
      const q = await get('admin', '/api/requirements?q=harbour');
      expect(q.json().items.map((item: { name: string }) => item.name)).toEqual(['Harbour homes']);
      const nitrogen = await get('admin', '/api/requirements?creditType=NutrientMitigationNitrogen');
      expect(nitrogen.json().total).toBe(0);
      const bio = await get('admin', '/api/requirements?creditType=Biodiversity&type=Buyer');
      expect(bio.json().total).toBe(4);
      const lpaId = (await get('admin', `/api/requirement/${participantsId}`)).json().development.lpa.id;
      const inArea = await get('admin', `/api/requirements?lpaId=${lpaId}&sort=name`);
      expect(inArea.json().items.map((item: { name: string }) => item.name)).toEqual([
        'Draft homes',
        'Harbour homes',
      ]);
      const group = (await get('admin', `/api/requirements?q=harbour`)).json().items[0].group;
      expect(group).toEqual({ id: groupId, name: 'Harbour phase' });
      expect((await get('lpa', '/api/requirements')).json().actions).toEqual([
        expect.objectContaining({ id: 'CreateRequirement', enabled: false }),
      ]);
    });
  });

  describe('activity, comments and groups', () => {
    it('never shows the bid in the activity trail, to anyone', async () => {
      for (const role of ['admin', 'participant', 'lpa'] as const) {
        const feed = await get(role, `/api/activity?subjectType=requirement&subjectId=${participantsId}`);
        expect(feed.statusCode).toBe(200);
        expect(feed.json().items.map((item: { actionId: string }) => item.actionId)).toContain('SetBid');
        expect(feed.body).not.toContain(SEALED);
      }
      expect(
        (await get('agent', `/api/activity?subjectType=requirement&subjectId=${participantsId}`)).statusCode,
      ).toBe(404);
    });

    it('lets the operator, the owner and its agent comment; the LPA only reads', async () => {
      const comment = (role: Role, id: string) =>
        asRole(t.app, world, role, 'POST', `/api/requirement/${id}/action/Comment`, {
          content: {
            json: JSON.stringify({
              root: {
                type: 'root',
                version: 1,
                children: [
                  {
                    type: 'paragraph',
                    version: 1,
                    children: [{ type: 'text', text: 'Noted', format: 0, version: 1 }],
                  },
                ],
              },
            }),
            text: 'Noted',
          },
        });
      const expected: Record<Role, [number, number, number]> = {
        admin: [200, 200, 404],
        sysadmin: [200, 200, 404],
        lpa: [403, 404, 404],
        participant: [200, 404, 404],
        agent: [200, 404, 404],
        anonymous: [401, 401, 401],
      };
      for (const role of ROLES) {
        const own = role === 'anonymous' ? participantsId : OWN[role]();
        const other = role === 'anonymous' ? othersId : OTHER[role]();
        const answers = [
          (await comment(role, own)).statusCode,
          (await comment(role, other)).statusCode,
          (await comment(role, MISSING)).statusCode,
        ];
        expect([role, ...answers]).toEqual([role, ...expected[role]]);
      }
      const lpaCreate = await asRole(t.app, world, 'lpa', 'POST', '/api/requirements', {
        name: 'x',
        type: 'Buyer',
        buyerId: world.client.id,
      });
      expect(lpaCreate.statusCode).toBe(403);
    });

    it('shows a group to the operator and the buyer only, without bids', async () => {
      const expected: Record<Role, number> = {
        admin: 200,
        sysadmin: 200,
        lpa: 404,
        participant: 200,
        agent: 404,
        anonymous: 401,
      };
      for (const role of ROLES) {
        const answer = await get(role, `/api/requirement-group/${groupId}`);
        expect([role, answer.statusCode]).toEqual([role, expected[role]]);
        expect(answer.body).not.toContain(SEALED);
        expect((await get(role, `/api/requirement-group/${MISSING}`)).statusCode).toBe(
          role === 'anonymous' ? 401 : 404,
        );
      }
      const own = (await get('participant', `/api/requirement-group/${groupId}`)).json();
      expect(own).toMatchObject({
        name: 'Harbour phase',
        requirements: [
          {
            id: participantsId,
            name: 'Harbour homes',
            status: 'Bid',
            self: `/requirement/${participantsId}`,
          },
        ],
      });
      const lists = await get('participant', '/api/requirement-groups');
      expect(lists.json().items.map((item: { id: string }) => item.id)).toEqual([groupId]);
      expect((await get('lpa', '/api/requirement-groups')).json().items).toEqual([]);
      expect((await get('agent', '/api/requirement-groups')).json().items).toEqual([]);
    });
  });
});
