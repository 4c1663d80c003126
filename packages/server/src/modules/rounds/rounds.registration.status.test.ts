import { REGISTRATION_STATUSES, type RegistrationStatus } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildParticipation } from '../../../test/factories.rounds.ts';
import { asRole, buildRound, type World } from '../../../test/world.ts';
import { participations } from '../participations/participations.tables.ts';
import {
  buildRegistrationSetup,
  DAY,
  isoDay,
  LONG_SESSIONS,
  participationIn,
} from './rounds.registration.testing.ts';
import { setRoundStatus, setWindows } from './rounds.testing.ts';

describeWithApp(
  'registration in a round',
  (t) => {
    let world: World;
    let roundId: string;
    let answers: Record<string, boolean>;

    beforeAll(async () => {
      ({ world, roundId, answers } = await buildRegistrationSetup(t));
      // The participant registered as a supplier, as the declarations tests leave it.
      await buildParticipation(t.db, { roundId, organisationId: world.members.participant.organisation.id });
    });

    const participationOf = (organisationId: string, capacity: 'Supplier' | 'Buyer' | 'Investor') =>
      participationIn(t, roundId, organisationId, capacity);

    it('moves a participation along every edge and refuses 409 from every other status', async () => {
      const row = await participationOf(world.members.participant.organisation.id, 'Supplier');
      if (!row) throw new Error('No participation');
      const edges: { action: string; from: RegistrationStatus[]; to: RegistrationStatus; values?: object }[] =
        [
          { action: 'Register', from: ['Interested'], to: 'Provisional', values: { declarations: answers } },
          { action: 'CompleteRegistration', from: ['Provisional'], to: 'Registered' },
          {
            action: 'Withdraw',
            from: ['Interested', 'Provisional', 'Registered'],
            to: 'Withdrawn',
            values: { reason: 'No land' },
          },
        ];
      const wrong: string[] = [];
      for (const edge of edges) {
        for (const status of REGISTRATION_STATUSES) {
          await t.db.update(participations).set({ status }).where(eq(participations.id, row.id));
          const response = await asRole(
            t.app,
            world,
            'admin',
            'POST',
            `/api/participation/${row.id}/action/${edge.action}`,
            edge.values ?? {},
          );
          const allowed = edge.from.includes(status);
          if (response.statusCode !== (allowed ? 200 : 409))
            wrong.push(`${edge.action} from ${status}: ${response.statusCode} ${response.body}`);
          const after = (await t.db.select().from(participations).where(eq(participations.id, row.id)))[0]
            ?.status;
          if (after !== (allowed ? edge.to : status))
            wrong.push(`${edge.action} from ${status}: now ${after}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it('refuses a withdrawal once bids and offers have closed, with the reason on the action', async () => {
      const [row] = await t.db
        .insert(participations)
        .values({
          marketRoundId: world.settledRound.id,
          organisationId: world.members.participant.organisation.id,
          capacity: 'Supplier',
          status: 'Registered',
          createdAt: new Date(),
          updatedAt: new Date(),
        })
        .returning();
      if (!row) throw new Error('No participation');
      const reason = `Bids and offers of ${world.settledRound.name} have closed: it is too late to withdraw`;
      const refused = await asRole(
        t.app,
        world,
        'participant',
        'POST',
        `/api/participation/${row.id}/action/Withdraw`,
        { reason: 'Changed my mind' },
      );
      expect([refused.statusCode, refused.json().message]).toEqual([409, reason]);
      const shown = await asRole(t.app, world, 'participant', 'GET', `/api/participation/${row.id}`);
      expect(shown.json().status).toBe('Registered');
      expect(shown.json().actions.find((action: { id: string }) => action.id === 'Withdraw')).toMatchObject({
        enabled: false,
        reason,
      });
    });

    it('reinstates a withdrawn participation to the status it had before', async () => {
      const [row] = await t.db
        .insert(participations)
        .values({
          marketRoundId: (await buildRound(t.db, 'OpenForBidsAndOffers')).id,
          organisationId: world.members.participant.organisation.id,
          capacity: 'Buyer',
          status: 'Registered',
          createdAt: new Date(),
          updatedAt: new Date(),
        })
        .returning();
      if (!row) throw new Error('No participation');
      const url = (action: string) => `/api/participation/${row.id}/action/${action}`;
      const withdraw = await asRole(t.app, world, 'participant', 'POST', url('Withdraw'), {
        reason: 'Sold the farm',
      });
      expect(withdraw.statusCode).toBe(200);
      const shown = await asRole(t.app, world, 'participant', 'GET', `/api/participation/${row.id}`);
      expect(shown.json()).toMatchObject({ status: 'Withdrawn', previousStatus: 'Registered' });
      const byParticipant = await asRole(t.app, world, 'participant', 'POST', url('Reinstate'), {
        reason: 'Back',
      });
      expect(byParticipant.statusCode).toBe(403);
      const reinstated = await asRole(t.app, world, 'admin', 'POST', url('Reinstate'), { reason: 'Back' });
      expect(reinstated.statusCode).toBe(200);
      const [after] = await t.db.select().from(participations).where(eq(participations.id, row.id));
      expect(after?.status).toBe('Registered');
      for (const status of REGISTRATION_STATUSES.filter((item) => item !== 'Withdrawn')) {
        await t.db.update(participations).set({ status }).where(eq(participations.id, row.id));
        const response = await asRole(t.app, world, 'admin', 'POST', url('Reinstate'), { reason: 'Again' });
        expect([status, response.statusCode]).toEqual([status, 409]);
      }
    });

    it('reinstates to the status of the latest withdrawal when the trail has several at the same instant', async () => {
      const [row] = await t.db
        .insert(participations)
        .values({
          marketRoundId: (await buildRound(t.db, 'OpenForBidsAndOffers')).id,
          organisationId: world.members.participant.organisation.id,
          capacity: 'Investor',
          status: 'Provisional',
          createdAt: t.clock.now(),
          updatedAt: t.clock.now(),
        })
        .returning();
      if (!row) throw new Error('No participation');
      const act = async (action: string, values: Record<string, unknown>) => {
        const response = await asRole(
          t.app,
          world,
          'admin',
          'POST',
          `/api/participation/${row.id}/action/${action}`,
          values,
        );
        expect([action, response.statusCode]).toEqual([action, 200]);
      };
      const statusNow = async () =>
        (await asRole(t.app, world, 'admin', 'GET', `/api/participation/${row.id}`)).json() as {
          status: string;
          previousStatus: string | null;
        };
      // The test clock stands still: every entry below shares one timestamp.
      for (let round = 0; round < 3; round += 1) {
        await act('Withdraw', { reason: 'Provisional and leaving' });
        expect(await statusNow()).toMatchObject({ status: 'Withdrawn', previousStatus: 'Provisional' });
        await act('Reinstate', { reason: 'Back' });
        await act('CompleteRegistration', {});
        await act('Withdraw', { reason: 'Registered and leaving' });
        expect(await statusNow()).toMatchObject({ status: 'Withdrawn', previousStatus: 'Registered' });
        await act('Reinstate', { reason: 'Back again' });
        expect(await statusNow()).toMatchObject({ status: 'Registered', previousStatus: null });
        await t.db.update(participations).set({ status: 'Provisional' }).where(eq(participations.id, row.id));
      }
    });

    it('refuses registration outside its window with a sentence naming it and its dates (test clock)', async () => {
      const now = t.clock.now();
      await setRoundStatus(t.db, roundId, 'Open');
      await setWindows(t.db, roundId, {
        suppliers: { start: isoDay(now, 2), end: isoDay(now, 5) },
        buyers: { start: isoDay(now, -10), end: isoDay(now, 10) },
      });
      const register = (capacity: string) =>
        asRole(t.app, world, 'admin', 'POST', `/api/round/${roundId}/action/RegisterAsParticipant`, {
          organisationId: world.otherParticipant.organisation.id,
          capacities: [capacity],
          declarations: answers,
        });
      const early = await register('Supplier');
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toMatch(
        new RegExp(`^Registration of suppliers for ${world.openRound.name} opens on \\d{1,2} \\w{3} \\d{4}$`),
      );
      await setWindows(t.db, roundId, {
        suppliers: { start: isoDay(now, -1), end: isoDay(now, 10) },
        buyers: { start: isoDay(now, -10), end: isoDay(now, -3) },
      });
      const late = await register('Buyer');
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toMatch(
        new RegExp(
          `^Registration of buyers and investors for ${world.openRound.name} closed on \\d{1,2} \\w{3} \\d{4}$`,
        ),
      );
      await setWindows(t.db, roundId, {
        suppliers: { start: isoDay(now, 2), end: isoDay(now, 5) },
        buyers: { start: isoDay(now, -10), end: isoDay(now, -3) },
      });
      expect((await register('Supplier')).statusCode).toBe(409);
      t.clock.advance(3 * DAY);
      const inside = await register('Supplier');
      expect(inside.statusCode, inside.body).toBe(200);
    });
  },
  LONG_SESSIONS,
);
