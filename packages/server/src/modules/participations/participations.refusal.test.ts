import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { buildParticipation } from '../../../test/factories.rounds.ts';
import { asRole, buildWorld, type World } from '../../../test/world.ts';

describeWithApp('why an action on a participation is refused, in words for a person', (t) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
  });

  it('says the organisation is already registered, and a registration already complete, on the action and on submission', async () => {
    const id = await buildParticipation(t.db, {
      roundId: world.openRound.id,
      organisationId: world.members.participant.organisation.id,
      status: 'Registered',
    });
    const shown = await asRole(t.app, world, 'admin', 'GET', `/api/participation/${id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    const reasons = Object.fromEntries(
      shown.json().actions.map((action: { id: string; reason?: string }) => [action.id, action.reason]),
    );
    expect(reasons.Register).toBe('This organisation is already registered for this round');
    expect(reasons.CompleteRegistration).toBe('This registration is already complete');
    expect(reasons.Reinstate).toBe('Only a withdrawn registration can be reinstated');
    const register = await asRole(
      t.app,
      world,
      'admin',
      'POST',
      `/api/participation/${id}/action/Register`,
      {},
    );
    expect(register.statusCode).toBe(409);
    expect(register.json().message).toBe('This organisation is already registered for this round');
  });

  it('says a withdrawn registration must be reinstated first', async () => {
    const id = await buildParticipation(t.db, { roundId: world.openRound.id, status: 'Withdrawn' });
    const complete = await asRole(
      t.app,
      world,
      'admin',
      'POST',
      `/api/participation/${id}/action/CompleteRegistration`,
      {},
    );
    expect(complete.statusCode).toBe(409);
    expect(complete.json().message).toBe(
      'This registration was withdrawn: reinstate it before completing it',
    );
  });
});
