import type { ActivityItemView, FeedPage } from '@curlew/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { signIn } from '../../../test/auth.ts';
import { buildProject } from '../../../test/factories.records.ts';
import { buildParticipation, buildRound } from '../../../test/factories.rounds.ts';
import { buildOrganisation, buildUser } from '../../../test/factories.ts';
import { type ActivityEntry, recordActivity } from '../../platform/actions/activity.ts';

const PASSWORD = 'wading-bird-estuary-41';
const HEADER = 'When,Who,Organisation,Record,Action,Status,What changed';

describeWithApp('activity audit trail (CSV)', (t) => {
  const cookies: Record<'operator' | 'supplier' | 'outsider', string> = {
    operator: '',
    supplier: '',
    outsider: '',
  };
  let roundId: string;
  let otherRoundId: string;
  let projectId: string;
  let participationId: string;
  let otherProjectId: string;

  const get = (url: string, who: keyof typeof cookies) =>
    requestJson(t.app, 'GET', url, undefined, { cookie: cookies[who] });
  const lines = (body: string) => body.split('\r\n').filter((line) => line !== '');

  beforeAll(async () => {
    const wetland = await buildOrganisation(t.db, { name: 'Wetland Trust' });
    const other = await buildOrganisation(t.db, { name: 'Other Estates' });
    const operatorOrganisation = await buildOrganisation(t.db, { type: 'OPER', name: 'Market Operator' });
    const supplier = (await buildUser(t.db, { organisationId: wetland.id, displayName: 'Sam Supplier' }))
      .user;
    const outsider = (await buildUser(t.db, { organisationId: other.id })).user;
    const operator = (await buildUser(t.db, { organisationId: operatorOrganisation.id, groups: ['admin'] }))
      .user;
    cookies.operator = await signIn(t.app, operator.username, PASSWORD);
    cookies.supplier = await signIn(t.app, supplier.username, PASSWORD);
    cookies.outsider = await signIn(t.app, outsider.username, PASSWORD);

    roundId = (await buildRound(t.db, 'Open', 'Audit Round')).id;
    otherRoundId = (await buildRound(t.db, 'Open', 'Other Round')).id;
    projectId = (await buildProject(t.db, { roundId, supplierId: wetland.id, name: 'Plover Meadow' })).id;
    participationId = await buildParticipation(t.db, { roundId, organisationId: wetland.id });
    otherProjectId = (await buildProject(t.db, { roundId: otherRoundId, supplierId: other.id })).id;

    const by = { id: supplier.id, displayName: 'Sam Supplier', organisationId: wetland.id };
    const entry = (
      subjectType: string,
      subjectId: string,
      day: number,
      more: Partial<ActivityEntry> = {},
    ): ActivityEntry => ({
      subjectType,
      subjectId,
      action: 'Update',
      title: 'Update details',
      actor: by,
      statusBefore: null,
      statusAfter: null,
      at: new Date(Date.UTC(2025, 8, day, 9, 30)),
      ...more,
    });
    await recordActivity(t.db, entry('round', roundId, 1, { actor: null, title: 'Open round' }));
    await recordActivity(
      t.db,
      entry('project', projectId, 2, {
        details: {
          changes: [
            { field: 'durations', label: 'Mitigation durations offered', before: null, after: [] },
            { field: 'endsOn', label: 'Ends', before: '2027-06-30', after: '2028-01-05' },
          ],
        },
      }),
    );
    await recordActivity(
      t.db,
      entry('project', projectId, 3, {
        action: 'Submit',
        title: '=HYPERLINK("x")',
        statusBefore: 'Draft',
        statusAfter: 'Submitted',
      }),
    );
    await recordActivity(t.db, entry('participation', participationId, 4, { title: 'Register' }));
    await recordActivity(t.db, entry('project', otherProjectId, 5, { title: 'Elsewhere' }));
    await recordActivity(t.db, entry('round', otherRoundId, 6, { actor: null, title: 'Other round opened' }));
  });

  it("exports a record's activity newest first: when (UK time), who, what changed in words, formula-guarded", async () => {
    const answer = await get(
      `/api/activity?subjectType=project&subjectId=${projectId}&format=csv`,
      'supplier',
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename=activity.csv');
    expect(lines(answer.body)).toEqual([
      HEADER,
      `3 Sep 2025 10:30,Sam Supplier,Wetland Trust,Project,"'=HYPERLINK(""x"")",Draft → Submitted,`,
      '2 Sep 2025 10:30,Sam Supplier,Wetland Trust,Project,Update details,,Ends: 30 Jun 2027 → 5 Jan 2028',
    ]);
    expect(answer.body).not.toContain('Mitigation durations offered');
  });

  it("refuses a record outside the reader's scope with 404, and a CSV without its record with 400", async () => {
    const other = await get(
      `/api/activity?subjectType=project&subjectId=${otherProjectId}&format=csv`,
      'supplier',
    );
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Elsewhere');
    expect((await get('/api/activity?subjectType=project&format=csv', 'supplier')).statusCode).toBe(400);
  });

  it("exports a whole round's activity to the operator: the round's and every record's in it, no other round's", async () => {
    const answer = await get(`/api/activity?roundId=${roundId}&format=csv`, 'operator');
    expect(answer.statusCode).toBe(200);
    expect(lines(answer.body)).toEqual([
      HEADER,
      '4 Sep 2025 10:30,Sam Supplier,Wetland Trust,Participation,Register,,',
      `3 Sep 2025 10:30,Sam Supplier,Wetland Trust,Project,"'=HYPERLINK(""x"")",Draft → Submitted,`,
      '2 Sep 2025 10:30,Sam Supplier,Wetland Trust,Project,Update details,,Ends: 30 Jun 2027 → 5 Jan 2028',
      '1 Sep 2025 10:30,System,,Round,Open round,,',
    ]);
    const page = (await get(`/api/activity?roundId=${roundId}`, 'operator')).json<
      FeedPage<ActivityItemView>
    >();
    expect(page.total).toBe(4);
    expect(page.items.map((item) => item.title)).not.toContain('Elsewhere');
    expect(page.items.map((item) => item.title)).not.toContain('Other round opened');
  });

  it("keeps a whole round's activity to the operator (403) and answers 404 for a round that does not exist", async () => {
    expect((await get(`/api/activity?roundId=${roundId}&format=csv`, 'supplier')).statusCode).toBe(403);
    expect((await get(`/api/activity?roundId=${roundId}`, 'outsider')).statusCode).toBe(403);
    expect(
      (await get('/api/activity?roundId=00000000-0000-4000-8000-000000000000&format=csv', 'operator'))
        .statusCode,
    ).toBe(404);
    expect((await get('/api/activity?roundId=not-a-round', 'operator')).statusCode).toBe(404);
  });
});
