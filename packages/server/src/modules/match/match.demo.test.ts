import { expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { signIn } from '../../../test/auth.ts';
import { systemClock } from '../../platform/clock.ts';
import { DEMO_ROUNDS } from '../../seed.rounds.ts';
import { seedDemoData } from '../../seed.ts';
import { seedReferenceData } from '../refdata/index.ts';

describeWithApp('Match on the demo data', (t) => {
  it('closes bids on Round 3 2025; Match says what is missing while no requirement has a bid', async () => {
    await seedReferenceData(t.db);
    await seedDemoData(t.db, { password: 'demo-password-for-tests', clock: systemClock });
    const cookie = await signIn(t.app, 'admin', 'demo-password-for-tests');
    const as = (method: 'GET' | 'POST', url: string) =>
      requestJson(t.app, method, url, method === 'POST' ? {} : undefined, { cookie });
    const list = (await as('GET', '/api/rounds?status=OpenForBidsAndOffers')).json();
    const round = list.items.find((item: { name: string }) => item.name === DEMO_ROUNDS.bidding);
    expect(round).toBeDefined();

    expect((await as('POST', `/api/round/${round.id}/action/CloseBidsAndOffers`)).statusCode).toBe(200);
    // The demo data holds offered projects in this round but no credit requirement with a bid yet.
    const refused = await as('POST', `/api/round/${round.id}/action/Match`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'There are no bids to clear: no credit requirement of this round has a bid',
    );
    const closed = (await as('GET', `/api/round/${round.id}`)).json();
    expect(closed.status).toBe('ClosedForBidsAndOffers');
    expect(closed.latestTask).toBeNull();
  });
});
