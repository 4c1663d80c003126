import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildRequirement } from '../../../test/factories.records.ts';
import { asRole, type World } from '../../../test/world.ts';
import { setRoundStatus, setWindows } from '../rounds/rounds.testing.ts';
import { postAction, type prepareReferences, setUpRequirementActions } from './requirements.testing.ts';

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (date: Date, days: number): string =>
  new Date(date.getTime() + days * DAY).toISOString().slice(0, 10);

describeWithApp(
  'credit requirements: registration in a round, its windows and the bid',
  (t) => {
    let world: World;
    let roundId: string;
    let asked: Record<string, string>;
    let places: Awaited<ReturnType<typeof prepareReferences>>;
    const cookie = () => world.members.participant.cookie;
    const buyerId = () => world.members.participant.organisation.id;
    const action = (id: string, actionId: string, values: Record<string, unknown>) =>
      postAction(t.app, `/api/requirement/${id}/action/${actionId}`, values, cookie());
    const read = async (id: string) =>
      (await asRole(t.app, world, 'participant', 'GET', `/api/requirement/${id}`)).json();

    beforeAll(async () => {
      ({ world, roundId, asked, places } = await setUpRequirementActions(t));
    });

    it('registers only inside the requirements window, with the declarations answered true', async () => {
      const id = await buildRequirement(t.db, { buyerId: buyerId(), roundId: null, lpaId: places.lpaId });
      const now = t.clock.now();
      await setWindows(t.db, roundId, { requirements: { start: isoDay(now, -20), end: isoDay(now, -1) } });
      const closed = await action(id, 'Register', {
        marketRoundId: roundId,
        declarations: { [asked.MarketRoundCreditRequirement_Register ?? '']: true },
      });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toMatch(
        /^Registration of credit requirements for Spring round closed on /,
      );
      await setWindows(t.db, roundId, { requirements: { start: isoDay(now, 1), end: isoDay(now, 20) } });
      const early = await action(id, 'Register', { marketRoundId: roundId });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toMatch(/^Registration of credit requirements for Spring round opens on /);
      t.clock.advance(2 * DAY);
      const unanswered = await action(id, 'Register', { marketRoundId: roundId });
      expect(unanswered.statusCode).toBe(422);
      expect(unanswered.json().errors).toEqual([
        { path: `declarations.${asked.MarketRoundCreditRequirement_Register}`, message: 'Field required' },
      ]);
      const registered = await action(id, 'Register', {
        marketRoundId: roundId,
        declarations: { [asked.MarketRoundCreditRequirement_Register ?? '']: true },
      });
      expect(registered.statusCode).toBe(200);
      expect(await read(id)).toMatchObject({
        status: 'Provisional',
        round: { id: roundId },
        credits: [{ status: 'None' }],
      });
      await setWindows(t.db, roundId, {});
    });

    it('registers only an owner registered as a buyer in the round', async () => {
      const other = world.otherParticipant;
      const id = await buildRequirement(t.db, { buyerId: other.organisation.id, roundId: null });
      const refused = await postAction(
        t.app,
        `/api/requirement/${id}/action/Register`,
        { marketRoundId: roundId },
        other.cookie,
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `${other.organisation.name} is not registered as a buyer in Spring round`,
      );
    });

    it('takes a bid only while the round is open for bids and offers, greater than 0, sealed', async () => {
      const id = await buildRequirement(t.db, { buyerId: buyerId(), roundId, status: 'Registered' });
      const closed = await action(id, 'SetBid', { bid: 1000 });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toBe('Spring round is not open for bids and offers');
      await setRoundStatus(t.db, roundId, 'OpenForBidsAndOffers');
      try {
        const bidAnswer = { [asked.MarketRoundCreditRequirement_Bid ?? '']: true };
        const zero = await action(id, 'SetBid', { bid: 0, declarations: bidAnswer });
        expect(zero.statusCode).toBe(422);
        expect(zero.json().errors).toEqual([{ path: 'bid', message: 'Value must be greater than 0' }]);
        const noAlternative = await action(id, 'SetBid', {
          bid: 1000,
          acceptOngoingOnly: true,
          declarations: bidAnswer,
        });
        expect(noAlternative.json().errors).toEqual([{ path: 'bidOngoingOnly', message: 'Field required' }]);
        const disagreed = await action(id, 'SetBid', {
          bid: 1000,
          declarations: { [asked.MarketRoundCreditRequirement_Bid ?? '']: false },
        });
        expect(disagreed.json().errors).toEqual([
          { path: `declarations.${asked.MarketRoundCreditRequirement_Bid}`, message: 'Must be agreed to' },
        ]);
        const unanswered = await action(id, 'SetBid', { bid: 1000 });
        expect(unanswered.json().errors).toEqual([
          { path: `declarations.${asked.MarketRoundCreditRequirement_Bid}`, message: 'Field required' },
        ]);
        const saved = await action(id, 'SetBid', { bid: 48250.5, declarations: bidAnswer });
        expect(saved.statusCode).toBe(200);
        expect(await read(id)).toMatchObject({
          status: 'Bid',
          bid: { bid: 48250.5, acceptOngoingOnly: false, bidOngoingOnly: null },
          credits: [{ status: 'Bid' }],
        });
      } finally {
        await setRoundStatus(t.db, roundId, 'Open');
      }
    });
  },
  { config: { sessionIdleMinutes: 60 * 24 * 30, sessionAbsoluteHours: 24 * 30 } },
);
