import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeWithApp } from '../test/app.ts';
import { signIn } from '../test/auth.ts';
import { users } from './auth/auth.tables.ts';
import { marketRounds, markets } from './modules/markets/markets.tables.ts';
import { organisations } from './modules/organisations/organisations.tables.ts';
import { systemClock } from './platform/clock.ts';
import { DEMO_MARKET, seedDemoData } from './seed.ts';

describeWithApp('demo data', (t) => {
  it('creates one organisation per role and the seven demo users, who sign in with the demo password', async () => {
    expect(await seedDemoData(t.db, { password: 'demo-password-for-tests', clock: systemClock })).toBe(true);
    const rows = await t.db
      .select({
        username: users.username,
        email: users.email,
        groups: users.groups,
        type: organisations.type,
        organisation: organisations.name,
      })
      .from(users)
      .innerJoin(organisations, eq(organisations.id, users.organisationId))
      .orderBy(asc(users.username));
    expect(rows).toEqual([
      {
        username: 'admin',
        email: 'admin@curlew.example',
        groups: ['admin'],
        type: 'OPER',
        organisation: 'Curlew Market Operator',
      },
      {
        username: 'agent',
        email: 'agent@curlew.example',
        groups: ['agent'],
        type: 'AGENT',
        organisation: 'Estuary Land Agents',
      },
      {
        username: 'buyer',
        email: 'buyer@curlew.example',
        groups: ['participant'],
        type: 'PARTICIPANT',
        organisation: 'Kernow Homes Ltd',
      },
      {
        username: 'investor',
        email: 'investor@curlew.example',
        groups: ['participant'],
        type: 'PARTICIPANT',
        organisation: 'Greenshank Nature Fund',
      },
      {
        username: 'lpa',
        email: 'lpa@curlew.example',
        groups: ['lpa'],
        type: 'LPA',
        organisation: 'Cornwall LPA',
      },
      {
        username: 'supplier',
        email: 'supplier@curlew.example',
        groups: ['participant'],
        type: 'PARTICIPANT',
        organisation: 'Tamar Valley Habitat Bank',
      },
      {
        username: 'sysadmin',
        email: 'sysadmin@curlew.example',
        groups: ['admin', 'sysadmin'],
        type: 'OPER',
        organisation: 'Curlew Market Operator',
      },
    ]);
    for (const { username } of rows) await signIn(t.app, username, 'demo-password-for-tests');
  });

  it('opens one demo market round for registration', async () => {
    const rounds = await t.db
      .select({ market: markets.name, round: marketRounds.name, status: marketRounds.status })
      .from(marketRounds)
      .innerJoin(markets, eq(markets.id, marketRounds.marketId));
    expect(rounds).toEqual([{ market: DEMO_MARKET.name, round: DEMO_MARKET.round, status: 'Open' }]);
  });

  it('seeds only a database without users', async () => {
    const before = await t.db.select({ id: users.id }).from(users);
    expect(await seedDemoData(t.db, { password: 'another-password-1', clock: systemClock })).toBe(false);
    expect(await t.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
    expect(await t.db.select({ id: marketRounds.id }).from(marketRounds)).toHaveLength(1);
  });
});
