import type { MarketRound, MarketRoundStatus } from '@curlew/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { asRole, buildWorld, type World } from '../../../test/world.ts';
import { setRoundStatus } from './rounds.testing.ts';

/** The steps the server marks next on a round, each with whether the reader may take it now. */
const nextSteps = (round: MarketRound): { id: string; enabled: boolean }[] =>
  round.actions.filter((action) => action.next === true).map(({ id, enabled }) => ({ id, enabled }));

describeWithApp("a round's next steps, as the server marks them", (t) => {
  let world: World;
  const read = async (role: 'admin' | 'participant'): Promise<MarketRound> => {
    const response = await asRole(t.app, world, role, 'GET', `/api/round/${world.openRound.id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });

  it('marks, for the operator, the moves of each status of the round, enabled or refused with the reason', async () => {
    const expected: [MarketRoundStatus, string[]][] = [
      ['Draft', ['Open']],
      ['Open', ['Close']],
      ['Closed', ['Open', 'PublishOpportunityStatement', 'OpenBidsAndOffers']],
      ['OpenForBidsAndOffers', ['CloseBidsAndOffers']],
      ['ClosedForBidsAndOffers', ['Match']],
      ['Pending', ['Review', 'AcceptMatch', 'RejectMatch']],
      ['Rejected', ['Match']],
      ['Failed', ['Match']],
      ['Matched', ['Settle']],
      ['Settled', []],
    ];
    const seen: [MarketRoundStatus, string[]][] = [];
    for (const [status] of expected) {
      await setRoundStatus(t.db, world.openRound.id, status);
      const round = await read('admin');
      seen.push([status, nextSteps(round).map((step) => step.id)]);
      // A refused next step always says why; one refused for the reader's role is never marked.
      for (const action of round.actions.filter((candidate) => candidate.next === true)) {
        expect(action.byRole).toBeUndefined();
        if (!action.enabled) expect(action.reason).toMatch(/\w/);
      }
      // Settings and imports are never next steps, whatever the status allows.
      expect(
        round.actions.filter(
          (action) => action.next === true && /^(Set[A-Z]|Import|Update|Add)/.test(action.id),
        ),
      ).toEqual([]);
    }
    expect(seen).toEqual(expected);
  });

  it("marks registering as the participant's next step while registration is open; never the operator's", async () => {
    await setRoundStatus(t.db, world.openRound.id, 'Open');
    expect(nextSteps(await read('participant'))).toEqual([{ id: 'RegisterAsParticipant', enabled: true }]);
    const operator = await read('admin');
    expect(operator.actions.find((action) => action.id === 'RegisterAsParticipant')?.next).toBeUndefined();
    expect(nextSteps(operator).map((step) => step.id)).toEqual(['Close']);
  });
});
