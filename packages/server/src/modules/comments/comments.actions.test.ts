import type { ActivityItemView, CommentPage, FeedPage, MentionCandidate } from '@curlew/domain';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { buildUser, type UserRow } from '../../../test/factories.ts';
import { asRole, buildWorld, type World } from '../../../test/world.ts';
import { mailOutbox } from '../../platform/mail.tables.ts';

const mentionOf = (user: UserRow) => ({
  type: 'mention',
  text: `@${user.displayName}`,
  userId: user.id,
  version: 1,
});
const commentWith = (...inline: unknown[]) => ({
  content: {
    json: JSON.stringify({
      root: { type: 'root', version: 1, children: [{ type: 'paragraph', version: 1, children: inline }] },
    }),
    text: 'as typed',
  },
});
const text = (value: string) => ({ type: 'text', text: value, format: 0, version: 1 });

describeWithApp('comments through the Comment action of organisations', (t) => {
  let world: World;
  let colleague: UserRow;
  let ownId: string;
  const subject = () => `subjectType=organisation&subjectId=${ownId}`;
  const mailsTo = (user: UserRow) =>
    t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email)).orderBy(desc(mailOutbox.id));

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    ownId = world.members.participant.organisation.id;
    colleague = (await buildUser(t.db, { organisationId: ownId, displayName: 'Casey Colleague' })).user;
  });

  it('stores the comment, e-mails the mentioned users who may see the organisation, and records the activity', async () => {
    const outsider = world.otherParticipant.user;
    const operator = world.members.admin.user;
    const response = await asRole(
      t.app,
      world,
      'participant',
      'POST',
      `/api/organisation/${ownId}/action/Comment`,
      commentWith(
        text('Survey booked, '),
        mentionOf(colleague),
        text(' '),
        mentionOf(outsider),
        mentionOf(operator),
      ),
    );
    expect(response.statusCode, response.body).toBe(200);

    const [toColleague] = await mailsTo(colleague);
    expect(toColleague?.subject).toBe(
      `${world.members.participant.user.displayName} mentioned you in a comment`,
    );
    expect(toColleague?.text).toContain(`on ${world.members.participant.organisation.name}:`);
    expect(toColleague?.text).toContain('Survey booked, @Casey Colleague');
    expect(await mailsTo(operator)).toHaveLength(1);
    expect(await mailsTo(outsider)).toHaveLength(0);

    const comments = await asRole(t.app, world, 'participant', 'GET', `/api/comments?${subject()}`);
    expect(comments.json<CommentPage>().items.map((item) => item.text)).toEqual([
      `Survey booked, @Casey Colleague @${outsider.displayName}@${operator.displayName}`,
    ]);
    const feed = await asRole(t.app, world, 'admin', 'GET', `/api/activity?${subject()}`);
    expect(feed.json<FeedPage<ActivityItemView>>().items[0]).toMatchObject({
      actionId: 'Comment',
      title: 'Comment',
      actor: { id: world.members.participant.user.id },
    });
  });

  it("keeps another organisation's users out: 404 to read comments or activity, or to comment", async () => {
    const cookie = world.otherParticipant.cookie;
    for (const url of [
      `/api/comments?${subject()}`,
      `/api/activity?${subject()}`,
      `/api/comments/mentionable?${subject()}`,
    ]) {
      const response = await requestJson(t.app, 'GET', url, undefined, { cookie });
      expect(response.statusCode, url).toBe(404);
    }
    const posted = await requestJson(
      t.app,
      'POST',
      `/api/organisation/${ownId}/action/Comment`,
      commentWith(text('Let me in')),
      { cookie },
    );
    expect(posted.statusCode).toBe(404);
  });

  it("offers the organisation's users and the operator in the mention typeahead", async () => {
    const response = await asRole(
      t.app,
      world,
      'participant',
      'GET',
      `/api/comments/mentionable?${subject()}`,
    );
    const ids = response.json<MentionCandidate[]>().map((candidate) => candidate.id);
    expect(ids).toEqual(expect.arrayContaining([colleague.id, world.members.admin.user.id]));
    expect(ids).not.toContain(world.otherParticipant.user.id);
    expect(ids).not.toContain(world.members.participant.user.id);
  });
});
