import type { ActivityItemView, FeedPage } from '@curlew/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { signIn } from '../../../test/auth.ts';
import { buildOrganisation, buildUser, type OrganisationRow, type UserRow } from '../../../test/factories.ts';
import { recordActivity } from '../../platform/actions/activity.ts';
import { SUBJECT_REQUIRED_MESSAGE } from '../../platform/read/subject-list.ts';
import { registerTestSubject, TEST_SUBJECT_TYPE } from './subject-access.testing.ts';

registerTestSubject();

describeWithApp('activity', (t) => {
  let wetland: OrganisationRow;
  let other: OrganisationRow;
  let member: UserRow;
  let memberCookie: string;
  let outsiderCookie: string;
  let operatorCookie: string;
  let otherEntryId: string;

  const query = (organisationId: string) => `subjectType=${TEST_SUBJECT_TYPE}&subjectId=${organisationId}`;
  const get = (url: string, cookie?: string) =>
    requestJson(t.app, 'GET', url, undefined, cookie === undefined ? {} : { cookie });

  beforeAll(async () => {
    wetland = await buildOrganisation(t.db, { name: 'Wetland Trust' });
    other = await buildOrganisation(t.db, { name: 'Other Estates' });
    const operatorOrganisation = await buildOrganisation(t.db, { type: 'OPER', name: 'Market Operator' });
    member = (await buildUser(t.db, { organisationId: wetland.id, displayName: 'Mo Member' })).user;
    const outsider = (await buildUser(t.db, { organisationId: other.id })).user;
    const operator = (await buildUser(t.db, { organisationId: operatorOrganisation.id, groups: ['admin'] }))
      .user;
    memberCookie = await signIn(t.app, member.username, 'wading-bird-estuary-41');
    outsiderCookie = await signIn(t.app, outsider.username, 'wading-bird-estuary-41');
    operatorCookie = await signIn(t.app, operator.username, 'wading-bird-estuary-41');
    const actor = { id: member.id, displayName: member.displayName, organisationId: wetland.id };
    const entries = [
      {
        action: 'RegisterAsParticipant',
        title: 'Register as participant',
        statusBefore: null,
        statusAfter: 'Interested',
      },
      { action: 'Update', title: 'Update details', statusBefore: 'Interested', statusAfter: 'Interested' },
      { action: 'Comment', title: 'Comment', statusBefore: null, statusAfter: null },
    ];
    for (const [index, entry] of entries.entries()) {
      await recordActivity(t.db, {
        subjectType: TEST_SUBJECT_TYPE,
        subjectId: wetland.id,
        ...entry,
        actor,
        details: index === 2 ? { commentId: 'c1' } : {},
        at: new Date(Date.UTC(2025, 8, 1 + index, 9, 30)),
      });
    }
    const otherEntry = await recordActivity(t.db, {
      subjectType: TEST_SUBJECT_TYPE,
      subjectId: other.id,
      action: 'Update',
      title: 'Update details',
      actor: null,
      statusBefore: null,
      statusAfter: null,
      at: new Date(Date.UTC(2025, 8, 9)),
    });
    otherEntryId = otherEntry.id;
  });

  it('answers the subject’s activity newest first, with who, what, when and the status change', async () => {
    const response = await get(`/api/activity?${query(wetland.id)}`, memberCookie);
    expect(response.statusCode).toBe(200);
    const page = response.json<FeedPage<ActivityItemView>>();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(
      page.items.map((item) => [item.actionId, item.title, item.statusBefore, item.statusAfter, item.at]),
    ).toEqual([
      ['Comment', 'Comment', null, null, '2025-09-03T09:30:00.000Z'],
      ['Update', 'Update details', 'Interested', 'Interested', '2025-09-02T09:30:00.000Z'],
      ['RegisterAsParticipant', 'Register as participant', null, 'Interested', '2025-09-01T09:30:00.000Z'],
    ]);
    expect(page.items[0]).toMatchObject({
      actor: { id: member.id, displayName: 'Mo Member', organisationName: 'Wetland Trust' },
      details: { commentId: 'c1' },
    });
  });

  it('pages the feed', async () => {
    const page = (await get(`/api/activity?${query(wetland.id)}&page=2&pageSize=2`, memberCookie)).json<
      FeedPage<ActivityItemView>
    >();
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items.map((item) => item.actionId)).toEqual(['RegisterAsParticipant']);
    expect((await get(`/api/activity?${query(wetland.id)}&pageSize=1000`, memberCookie)).statusCode).toBe(
      422,
    );
  });

  it('answers one entry by id to whoever may read its subject', async () => {
    const [first] = (await get(`/api/activity?${query(wetland.id)}`, memberCookie)).json<
      FeedPage<ActivityItemView>
    >().items;
    const one = await get(`/api/activity-item/${first?.id}`, operatorCookie);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(first);
    const system = (await get(`/api/activity-item/${otherEntryId}`, outsiderCookie)).json<ActivityItemView>();
    expect(system.actor).toBeNull();
  });

  it("refuses another organisation's activity with 404, signed-out callers with 401, and asks for the subject", async () => {
    expect((await get(`/api/activity?${query(wetland.id)}`, outsiderCookie)).statusCode).toBe(404);
    expect((await get(`/api/activity-item/${otherEntryId}`, memberCookie)).statusCode).toBe(404);
    expect((await get('/api/activity-item/not-a-uuid', memberCookie)).statusCode).toBe(404);
    expect(
      (await get('/api/activity-item/00000000-0000-4000-8000-000000000000', memberCookie)).statusCode,
    ).toBe(404);
    expect((await get(`/api/activity?${query(wetland.id)}`)).statusCode).toBe(401);
    expect((await get(`/api/activity-item/${otherEntryId}`)).statusCode).toBe(401);
    const missing = await get(`/api/activity?subjectType=${TEST_SUBJECT_TYPE}`, memberCookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: SUBJECT_REQUIRED_MESSAGE });
  });
});
