import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { asRole, type World } from '../../../test/world.ts';
import { postAction, type prepareReferences, setUpRequirementActions } from './requirements.testing.ts';

// A chosen option that cannot be a record id is not a valid option (422), answered without asking the database.
describeWithApp('credit requirements: options that are not record ids', (t) => {
  let world: World;
  let places: Awaited<ReturnType<typeof prepareReferences>>;
  beforeAll(async () => {
    ({ world, places } = await setUpRequirementActions(t));
  });
  const create = (values: Record<string, unknown>) =>
    asRole(t.app, world, 'participant', 'POST', '/api/requirements', {
      name: 'Harbour View homes',
      type: 'Buyer',
      ...values,
    });

  it('refuses an owner, an agent or an LPA that is not a record id, naming the field', async () => {
    const owner = await create({ buyerId: 'not-an-id' });
    expect(owner.statusCode).toBe(422);
    expect(owner.json().errors).toEqual([{ path: 'buyerId', message: 'Not a valid option' }]);
    const agent = await create({ buyerId: world.members.participant.organisation.id, agentId: 'not-an-id' });
    expect(agent.statusCode).toBe(422);
    expect(agent.json().errors).toEqual([{ path: 'agentId', message: 'Not a valid option' }]);

    const created = await create({ buyerId: world.members.participant.organisation.id });
    expect(created.statusCode).toBe(201);
    const development = await postAction(
      t.app,
      `/api/requirement/${created.json().context.id}/action/SetBuyerDevelopment`,
      {
        planningRef: '24/0001/FUL',
        lpaId: 'not-an-id',
        nearAddress: '1 High St',
        creditType: 'Biodiversity',
        redemptionDate: '2027-01-31',
        ncaId: places.ncaId,
      },
      world.members.participant.cookie,
    );
    expect(development.statusCode).toBe(422);
    expect(development.json().errors).toEqual([{ path: 'lpaId', message: 'Not a valid option' }]);
  });
});
