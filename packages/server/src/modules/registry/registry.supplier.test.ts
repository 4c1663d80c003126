import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { asRole, buildWorld, type World } from '../../../test/world.ts';
import { type AcceptedRound, acceptRound, writeRegistryLedger } from './registry.testing.ts';

const names = (page: { items: { requirement: { name: string } }[] }) =>
  page.items.map((item) => item.requirement.name).sort();

describeWithApp("a supplier's credits: those its projects supplied, and the reserve held from them", (t) => {
  let world: World;
  let accepted: AcceptedRound;

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    accepted = await acceptRound(t, world, {
      supplierId: world.members.participant.organisation.id,
      buyerId: world.otherParticipant.organisation.id,
    });
    await writeRegistryLedger(t, accepted, new Date('2027-04-01T09:00:00Z'));
  });

  it('lists the credits its projects supplied, with their owner and source, and traces each', async () => {
    const answer = await asRole(t.app, world, 'participant', 'GET', '/api/credits/registry');
    expect(answer.statusCode).toBe(200);
    const page = answer.json();
    expect(page.total).toBe(3);
    expect(names(page)).toEqual(['Barn conversion', 'Housing at Mill Lane', 'Riverside homes']);
    const housing = page.items.find(
      (item: { requirement: { name: string } }) => item.requirement.name === 'Housing at Mill Lane',
    );
    expect(housing).toMatchObject({
      owner: { id: world.otherParticipant.organisation.id },
      sources: [{ id: accepted.records.biodiversityProjectId, name: 'Meadow restoration' }],
      units: 10,
    });
    const trace = await asRole(t.app, world, 'participant', 'GET', `/api/credits/registry/${housing.id}`);
    expect(trace.statusCode).toBe(200);
    const filtered = await asRole(
      t.app,
      world,
      'participant',
      'GET',
      `/api/credits/registry?projectId=${accepted.records.nitrogenProjectId}`,
    );
    expect(names(filtered.json())).toEqual(['Riverside homes']);
  });

  it('shows the reserve held from its projects, and totals counting what it supplied', async () => {
    const reserve = (await asRole(t.app, world, 'participant', 'GET', '/api/reserved-credits')).json();
    expect(
      reserve.items.map((item: { project: { name: string }; units: number }) => [
        item.project.name,
        item.units,
      ]),
    ).toEqual([['Meadow restoration', 5]]);
    const totals = (await asRole(t.app, world, 'participant', 'GET', '/api/registry/totals')).json();
    expect(totals.now.find((row: { creditType: string }) => row.creditType === 'Biodiversity')).toMatchObject(
      {
        created: 12,
        reserve: 3,
      },
    );
  });

  it('shows nothing to an organisation that neither owns nor supplied them', async () => {
    const agent = (await asRole(t.app, world, 'agent', 'GET', '/api/credits/registry')).json();
    expect(agent.total).toBe(0);
    expect(agent.items).toEqual([]);
    const reserve = (await asRole(t.app, world, 'agent', 'GET', '/api/reserved-credits')).json();
    expect(reserve.items).toEqual([]);
  });
});
