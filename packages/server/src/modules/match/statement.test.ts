import type { AgentPermission } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { buildParticipation } from '../../../test/factories.rounds.ts';
import {
  asRole,
  buildAgentAuthority,
  buildMember,
  buildRound,
  buildWorld,
  type Member,
  type World,
} from '../../../test/world.ts';
import { mailOutbox } from '../../platform/mail.tables.ts';
import { projects } from '../projects/projects.tables.ts';
import { buildClearableRound, type ClearableRound } from './match.testing.ts';
import { SolverTaskRunner } from './runner.ts';

describeWithApp('The round statement, the outcome e-mails and the supply and demand curves', (t) => {
  let world: World;
  let outsider: Member;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    outsider = await buildMember(t.app, t.db, 'PARTICIPANT', ['participant']);
  });

  /**
   * A round cleared and Pending: the participant supplies (through the agent, with the given permissions), the other
   * participant buys.
   */
  const pendingRound = async (
    agentPermissions: AgentPermission[] = ['RegisterForRound', 'MakeOffersOrBids'],
  ): Promise<{
    round: { id: string; name: string };
    records: ClearableRound;
  }> => {
    const round = await buildRound(t.db, 'ClosedForBidsAndOffers');
    const supplier = world.members.participant.organisation.id;
    const buyer = world.otherParticipant.organisation.id;
    const records = await buildClearableRound(t.db, round.id, { supplierId: supplier, buyerId: buyer });
    await t.db
      .update(projects)
      .set({ agentId: world.members.agent.organisation.id })
      .where(eq(projects.id, records.biodiversityProjectId));
    await buildParticipation(t.db, { roundId: round.id, organisationId: supplier, status: 'Registered' });
    await buildParticipation(t.db, {
      roundId: round.id,
      organisationId: buyer,
      capacity: 'Buyer',
      status: 'Registered',
    });
    await buildAgentAuthority(t.db, {
      roundId: round.id,
      clientId: supplier,
      agentId: world.members.agent.organisation.id,
      approved: true,
      permissions: agentPermissions,
    });
    const matched = await asRole(t.app, world, 'admin', 'POST', `/api/round/${round.id}/action/Match`, {});
    expect(matched.statusCode).toBe(200);
    await new SolverTaskRunner(t.db, t.clock.now, { heartbeatMs: 100 }).runNext();
    return { round, records };
  };
  const accept = (roundId: string) =>
    asRole(t.app, world, 'admin', 'POST', `/api/round/${roundId}/action/AcceptMatch`, {});
  const statementAs = (cookie: string, roundId: string) =>
    requestJson(t.app, 'GET', `/api/round/${roundId}/statement`, undefined, cookie === '' ? {} : { cookie });
  const mailsTo = async (email: string) =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((mail) =>
      mail.subject.startsWith('Your result in '),
    );

  it('gives the operator every offer and bid of each credit type: offers rising, bids falling, the volume cleared', async () => {
    const { round } = await pendingRound();
    const review = await asRole(t.app, world, 'admin', 'GET', `/api/match-review?roundId=${round.id}`);
    expect(review.statusCode).toBe(200);
    const curves = review.json().curves as {
      creditType: string;
      offers: { name: string; units: number; pricePerUnitPence: number; won: boolean }[];
      bids: { name: string; units: number; pricePerUnitPence: number; won: boolean }[];
      clearedUnits: number;
    }[];
    expect(curves.map((curve) => curve.creditType)).toEqual(['Biodiversity', 'NutrientMitigationNitrogen']);
    const [biodiversity, nitrogen] = curves;
    // 12 units offered at 2,000 + 200 GBP of fees; bids of 9,000 and 1,500 GBP for 10 units each.
    expect(biodiversity?.offers).toEqual([
      { name: 'Meadow restoration', units: 12, pricePerUnitPence: 18_333, won: true },
    ]);
    expect(biodiversity?.bids).toEqual([
      { name: 'Housing at Mill Lane', units: 10, pricePerUnitPence: 90_000, won: true },
      { name: 'Barn conversion', units: 10, pricePerUnitPence: 15_000, won: true },
    ]);
    expect(biodiversity?.clearedUnits).toBe(12);
    const bidNames = nitrogen?.bids.map((bid) => bid.name);
    expect(bidNames).toEqual(['Riverside homes', 'Riverside flats']);
    expect(nitrogen?.bids.map((bid) => bid.won)).toEqual([true, false]);
    const prices = nitrogen?.bids.map((bid) => bid.pricePerUnitPence) ?? [];
    expect(prices[0]).toBeGreaterThan(prices[1] ?? Number.POSITIVE_INFINITY);
    expect(nitrogen?.offers.map((offer) => offer.name)).toEqual(['Wetland nitrogen']);
    expect(nitrogen?.clearedUnits).toBeGreaterThan(0);

    // The allocations download as CSV: which project serves which requirement, units, multiplier, year, why, delivered.
    const csv = await asRole(
      t.app,
      world,
      'admin',
      'GET',
      `/api/match-review?roundId=${round.id}&format=csv`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename=allocations.csv');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Project,Supplier,Requirement,Credit type,Units,Multiplier,Year,Why this multiplier,Units delivered',
    );
    const meadow = `Meadow restoration,${world.members.participant.organisation.name},Housing at Mill Lane,Biodiversity,10.00,1,`;
    expect(lines.filter((line) => line.startsWith(meadow)).map((line) => line.slice(meadow.length))).toEqual([
      expect.stringMatching(/^20\d\d,Same LPA,10\.00$/),
    ]);
    expect(lines.length).toBe(review.json().allocations.length + 1);
    expect(
      (await asRole(t.app, world, 'participant', 'GET', `/api/match-review?roundId=${round.id}&format=csv`))
        .statusCode,
    ).toBe(403);

    // Nobody but the operator reads the curves (the review is the operator's).
    for (const role of ['participant', 'agent', 'lpa'] as const)
      expect(
        (await asRole(t.app, world, role, 'GET', `/api/match-review?roundId=${round.id}`)).statusCode,
      ).toBe(403);
  });

  it("publishes the statement to the round's participants and agents once accepted, never to others", async () => {
    const { round } = await pendingRound();
    const notYet = await statementAs(world.members.participant.cookie, round.id);
    expect(
      (
        await requestJson(t.app, 'GET', `/api/round/${round.id}/outcomes`, undefined, {
          cookie: world.members.participant.cookie,
        })
      ).json(),
    ).toEqual({ items: [] });
    expect(notYet.statusCode).toBe(404);
    expect(notYet.json().message).toBe(
      `The statement of ${round.name} is published when its match is accepted`,
    );

    expect((await accept(round.id)).statusCode).toBe(200);
    const seen = await statementAs(world.members.participant.cookie, round.id);
    expect(seen.statusCode).toBe(200);
    const statement = seen.json();
    expect(statement.round).toEqual({ id: round.id, name: round.name, status: 'Matched' });
    expect(statement.winningProjects).toBe(2);
    expect(statement.winningRequirements).toBe(3);
    expect(statement.creditTypes.map((line: { creditType: string }) => line.creditType)).toEqual([
      'Biodiversity',
      'NutrientMitigationNitrogen',
    ]);
    const biodiversity = statement.creditTypes[0];
    expect(biodiversity.units).toBe(12);
    // All of it serves requirements in its own LPA: delivered after the multiplier (1) equals sold.
    expect(biodiversity.deliveredUnits).toBe(12);
    expect(biodiversity.lowestPricePerUnitPence).toBeGreaterThan(0);
    expect(biodiversity.highestPricePerUnitPence).toBeGreaterThanOrEqual(
      biodiversity.lowestPricePerUnitPence,
    );
    expect(statement.surplusPence).toBe(statement.buyersSurplusPence + statement.suppliersSurplusPence);
    expect(typeof statement.acceptedAt).toBe('string');
    // No one's own offer, bid or name is in it.
    const text = seen.body;
    for (const word of ['offer', 'bid', 'Meadow restoration', 'Riverside flats', 'Housing at Mill Lane'])
      expect(text).not.toContain(word);

    for (const cookie of [
      world.otherParticipant.cookie,
      world.members.agent.cookie,
      world.members.admin.cookie,
    ])
      expect((await statementAs(cookie, round.id)).json()).toEqual(statement);
    for (const cookie of [outsider.cookie, world.members.lpa.cookie]) {
      const refused = await statementAs(cookie, round.id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('This market round does not exist or you cannot see it');
    }
    expect((await statementAs('', round.id)).statusCode).toBe(401);

    // Each reader's own outcomes of the round: its own records only, with the reason for what lost.
    const outcomesAs = async (cookie: string) =>
      requestJson(t.app, 'GET', `/api/round/${round.id}/outcomes`, undefined, { cookie });
    const own = (await outcomesAs(world.members.participant.cookie)).json().items;
    expect(
      own.map((line: { kind: string; record: { name: string } }) => [line.kind, line.record.name]),
    ).toEqual([
      ['project', 'Meadow restoration'],
      ['project', 'Wetland nitrogen'],
    ]);
    expect(own[0].outcome).toMatchObject({
      won: true,
      units: [{ creditType: 'Biodiversity', units: 12 }],
      feesPence: 20_000,
      reason: null,
    });
    const supplier = {
      id: world.members.participant.organisation.id,
      name: world.members.participant.organisation.name,
    };
    expect(own.map((line: { owner: unknown }) => line.owner)).toEqual([supplier, supplier]);
    // The agent, with authority to bid for its client in the round, sees the client's outcomes, named with it.
    const byAgent = (await outcomesAs(world.members.agent.cookie)).json().items;
    expect(
      byAgent.map((line: { record: { name: string }; owner: { name: string } }) => [
        line.record.name,
        line.owner,
      ]),
    ).toEqual([
      ['Meadow restoration', supplier],
      ['Wetland nitrogen', supplier],
    ]);
    const buyers = (await outcomesAs(world.otherParticipant.cookie)).json().items;
    expect(buyers.map((line: { record: { name: string } }) => line.record.name)).toEqual([
      'Barn conversion',
      'Housing at Mill Lane',
      'Riverside flats',
      'Riverside homes',
    ]);
    const flats = buyers.find((line: { record: { name: string } }) => line.record.name === 'Riverside flats');
    expect(flats.outcome).toMatchObject({ won: false, units: [], amountPence: 0 });
    expect(flats.outcome.reason.length).toBeGreaterThan(10);
    expect((await outcomesAs(outsider.cookie)).json()).toEqual({ items: [] });
    expect((await outcomesAs(world.members.lpa.cookie)).statusCode).toBe(404);
    expect((await statementAs(world.members.admin.cookie, 'not-a-round')).statusCode).toBe(404);
  });

  it('tells an agent without authority to bid for its client nothing of the outcome, in the app or by e-mail', async () => {
    const { round } = await pendingRound(['RegisterForRound']);
    const agentEmail = world.members.agent.user.email;
    const before = (await mailsTo(agentEmail)).length;
    expect((await accept(round.id)).statusCode).toBe(200);
    expect((await mailsTo(agentEmail)).length).toBe(before);
    expect((await mailsTo(world.members.participant.user.email)).at(-1)?.text).toContain(
      'Project Meadow restoration: won.',
    );
    const outcomes = await requestJson(t.app, 'GET', `/api/round/${round.id}/outcomes`, undefined, {
      cookie: world.members.agent.cookie,
    });
    expect(outcomes.json()).toEqual({ items: [] });
  });

  it('e-mails each participant and the agent acting for it its own outcome with the reason, only once accepted', async () => {
    const { round, records } = await pendingRound();
    const supplierEmail = world.members.participant.user.email;
    const buyerEmail = world.otherParticipant.user.email;
    const agentEmail = world.members.agent.user.email;
    const before = {
      supplier: (await mailsTo(supplierEmail)).length,
      buyer: (await mailsTo(buyerEmail)).length,
      agent: (await mailsTo(agentEmail)).length,
    };

    // A failing accept sends nothing.
    const [, later] = [records.biodiversityProjectId, records.nitrogenProjectId].sort();
    await t.db
      .update(projects)
      .set({ status: 'Registered' })
      .where(eq(projects.id, later ?? ''));
    expect((await accept(round.id)).statusCode).toBe(409);
    expect((await mailsTo(supplierEmail)).length).toBe(before.supplier);
    expect((await mailsTo(buyerEmail)).length).toBe(before.buyer);
    await t.db
      .update(projects)
      .set({ status: 'Offered' })
      .where(eq(projects.id, later ?? ''));

    expect((await accept(round.id)).statusCode).toBe(200);
    const subject = (name: string) =>
      expect.stringMatching(new RegExp(`^Your result in Market \\d+ - ${name}$`));
    const supplierMails = (await mailsTo(supplierEmail)).slice(before.supplier);
    expect(supplierMails).toEqual([expect.objectContaining({ subject: subject(round.name) })]);
    const supplierText = supplierMails[0]?.text ?? '';
    expect(supplierText).toMatch(
      /Project Meadow restoration: won\. It sells 12\.00 Biodiversity units and receives £[\d,]+\./,
    );
    expect(supplierText).toContain('Project Wetland nitrogen: won.');
    expect(supplierText).not.toContain('Riverside');

    const buyerText = (await mailsTo(buyerEmail)).slice(before.buyer).map((mail) => mail.text);
    expect(buyerText).toHaveLength(1);
    expect(buyerText[0]).toMatch(
      /Credit requirement Housing at Mill Lane: matched: it receives 10\.00 Biodiversity units/,
    );
    expect(buyerText[0]).toMatch(/Credit requirement Riverside flats: not matched\. \S.{10,}\./);
    expect(buyerText[0]).not.toContain('Meadow restoration');
    // Its requirements are listed by name.
    const listed = [...(buyerText[0] ?? '').matchAll(/^Credit requirement (.+?): /gm)].map(
      (match) => match[1],
    );
    expect(listed.length).toBeGreaterThanOrEqual(2);
    expect(listed).toEqual([...listed].sort((a, b) => (a ?? '').localeCompare(b ?? '')));

    // The agent hears of its client's project only.
    const agentText = (await mailsTo(agentEmail)).slice(before.agent).map((mail) => mail.text);
    expect(agentText).toHaveLength(1);
    expect(agentText[0]).toContain(
      `For ${world.members.participant.organisation.name}: Project Meadow restoration: won.`,
    );
    expect(agentText[0]).not.toContain('Wetland nitrogen');
    expect(agentText[0]).not.toContain('Riverside');
    expect((await mailsTo(outsider.user.email)).length).toBe(0);
  });
});
