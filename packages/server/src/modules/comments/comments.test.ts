import { type CommentPage, INVALID_RICH_TEXT_MESSAGE, type MentionCandidate } from '@curlew/domain';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { signIn } from '../../../test/auth.ts';
import { buildOrganisation, buildUser, type OrganisationRow, type UserRow } from '../../../test/factories.ts';
import { mailOutbox } from '../../platform/mail.tables.ts';
import { registerTestSubject, TEST_SUBJECT_TYPE } from '../activity/subject-access.testing.ts';
import { addComment } from './comments.service.ts';
import { sendMentionMails } from './mentions.ts';

registerTestSubject();

const text = (value: string) => ({
  type: 'text',
  text: value,
  format: 0,
  detail: 0,
  mode: 'normal',
  style: '',
  version: 1,
});
const mention = (user: UserRow) => ({
  type: 'mention',
  text: `@${user.displayName}`,
  userId: user.id,
  version: 1,
});
const content = (...inline: unknown[]) => {
  const json = JSON.stringify({
    root: { type: 'root', version: 1, children: [{ type: 'paragraph', version: 1, children: inline }] },
  });
  return { json, text: 'ignored: the server derives the text' };
};

describeWithApp('comments', (t) => {
  let wetland: OrganisationRow;
  let other: OrganisationRow;
  let author: UserRow;
  let colleague: UserRow;
  let outsider: UserRow;
  let operator: UserRow;
  let disabled: UserRow;
  let authorCookie: string;
  let outsiderCookie: string;

  const subjectQuery = (organisationId: string) =>
    `subjectType=${TEST_SUBJECT_TYPE}&subjectId=${organisationId}`;

  /** Adds a comment the way the Comment action does: in a transaction, e-mails after commit. */
  const comment = async (by: UserRow, on: string, value: { json: string; text: string }) => {
    const { comment: row, mentionMails } = await t.db.transaction((tx) =>
      addComment(tx, {
        subjectType: TEST_SUBJECT_TYPE,
        subjectId: on,
        authorId: by.id,
        content: value,
        createdAt: t.clock.now(),
        publicUrl: t.config.publicUrl,
      }),
    );
    await sendMentionMails(t.app.deps.mailer, mentionMails);
    t.clock.advance(1000);
    return row;
  };

  const mailsTo = (user: UserRow) =>
    t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email)).orderBy(desc(mailOutbox.id));

  beforeAll(async () => {
    wetland = await buildOrganisation(t.db, { name: 'Wetland Trust' });
    other = await buildOrganisation(t.db, { name: 'Other Estates' });
    const operatorOrganisation = await buildOrganisation(t.db, { type: 'OPER', name: 'Market Operator' });
    author = (await buildUser(t.db, { organisationId: wetland.id, displayName: 'Avery Author' })).user;
    colleague = (await buildUser(t.db, { organisationId: wetland.id, displayName: 'Casey Colleague' })).user;
    outsider = (await buildUser(t.db, { organisationId: other.id, displayName: 'Olly Outsider' })).user;
    disabled = (
      await buildUser(t.db, { organisationId: wetland.id, displayName: 'Dana Disabled', disabled: true })
    ).user;
    operator = (
      await buildUser(t.db, {
        organisationId: operatorOrganisation.id,
        groups: ['admin'],
        displayName: 'Opal Operator',
      })
    ).user;
    authorCookie = await signIn(t.app, author.username, 'wading-bird-estuary-41');
    outsiderCookie = await signIn(t.app, outsider.username, 'wading-bird-estuary-41');
  });

  it('answers 401 without a session and 400 without the subject', async () => {
    expect((await requestJson(t.app, 'GET', `/api/comments?${subjectQuery(wetland.id)}`)).statusCode).toBe(
      401,
    );
    const missing = await requestJson(
      t.app,
      'GET',
      '/api/comments?subjectType=test-organisation',
      undefined,
      {
        cookie: authorCookie,
      },
    );
    expect(missing.statusCode).toBe(400);
  });

  it('stores a comment and lists it newest first with its author and the text derived from the JSON', async () => {
    await comment(author, wetland.id, content(text('First note')));
    await comment(colleague, wetland.id, content(text('Second '), text('note')));
    const response = await requestJson(t.app, 'GET', `/api/comments?${subjectQuery(wetland.id)}`, undefined, {
      cookie: authorCookie,
    });
    expect(response.statusCode).toBe(200);
    const page = response.json<CommentPage>();
    expect(page.total).toBe(2);
    expect(
      page.items.map((item) => [item.text, item.author.displayName, item.author.organisationName]),
    ).toEqual([
      ['Second note', 'Casey Colleague', 'Wetland Trust'],
      ['First note', 'Avery Author', 'Wetland Trust'],
    ]);
    expect(JSON.parse(page.items[1]?.json ?? '')).toMatchObject({ root: { type: 'root' } });
  });

  it('pages the list', async () => {
    const response = await requestJson(
      t.app,
      'GET',
      `/api/comments?${subjectQuery(wetland.id)}&page=2&pageSize=1`,
      undefined,
      { cookie: authorCookie },
    );
    const page = response.json<CommentPage>();
    expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page.items.map((item) => item.text)).toEqual(['First note']);
  });

  it("answers 404 for another organisation's subject, an unknown kind or a malformed id", async () => {
    for (const query of [
      subjectQuery(wetland.id),
      `subjectType=unknown-kind&subjectId=${wetland.id}`,
      `subjectType=${TEST_SUBJECT_TYPE}&subjectId=not-a-uuid`,
      `subjectType=Bad%20Kind&subjectId=${wetland.id}`,
    ]) {
      const response = await requestJson(t.app, 'GET', `/api/comments?${query}`, undefined, {
        cookie: outsiderCookie,
      });
      expect(response.statusCode, query).toBe(404);
      expect(response.body).not.toContain('First note');
    }
  });

  it('e-mails mentioned users who may see the subject, and nobody else', async () => {
    const before = {
      colleague: (await mailsTo(colleague)).length,
      outsider: (await mailsTo(outsider)).length,
      disabled: (await mailsTo(disabled)).length,
      author: (await mailsTo(author)).length,
    };
    await comment(
      author,
      wetland.id,
      content(
        text('Please check, '),
        mention(colleague),
        text(' '),
        mention(outsider),
        mention(disabled),
        mention(author),
        mention(operator),
      ),
    );
    const [toColleague] = await mailsTo(colleague);
    expect((await mailsTo(colleague)).length).toBe(before.colleague + 1);
    expect(toColleague?.subject).toBe('Avery Author mentioned you in a comment');
    expect(toColleague?.text).toContain('Avery Author mentioned you in a comment on Wetland Trust:');
    expect(toColleague?.text).toContain('Please check, @Casey Colleague @Olly Outsider');
    expect(toColleague?.text).toContain(t.config.publicUrl);
    expect((await mailsTo(operator)).length).toBe(1);
    expect((await mailsTo(outsider)).length).toBe(before.outsider);
    expect((await mailsTo(disabled)).length).toBe(before.disabled);
    expect((await mailsTo(author)).length).toBe(before.author);
  });

  it('refuses JSON with unsupported nodes with a 422 on content', async () => {
    const hostile = content({ type: 'html', html: '<img src=x onerror=alert(1)>' });
    await expect(comment(author, wetland.id, hostile)).rejects.toMatchObject({
      code: 'validation',
      details: { errors: [{ path: 'content', message: INVALID_RICH_TEXT_MESSAGE }] },
    });
  });

  describe('mention typeahead', () => {
    const candidates = async (cookie: string, organisationId: string, q = '') =>
      requestJson(
        t.app,
        'GET',
        `/api/comments/mentionable?${subjectQuery(organisationId)}&q=${encodeURIComponent(q)}`,
        undefined,
        { cookie },
      );

    it('offers enabled users of the organisation and the operator, matching the typed text, never the asker', async () => {
      const all = await candidates(authorCookie, wetland.id);
      expect(all.statusCode).toBe(200);
      const names = all.json<MentionCandidate[]>().map((candidate) => candidate.displayName);
      expect(names).toEqual(['Casey Colleague', 'Opal Operator']);
      const filtered = (await candidates(authorCookie, wetland.id, 'cas')).json<MentionCandidate[]>();
      expect(filtered).toEqual([
        { id: colleague.id, displayName: 'Casey Colleague', organisationName: 'Wetland Trust' },
      ]);
      expect((await candidates(authorCookie, wetland.id, '%')).json<MentionCandidate[]>()).toEqual([]);
    });

    it("answers 404 on another organisation's subject", async () => {
      expect((await candidates(outsiderCookie, wetland.id)).statusCode).toBe(404);
    });
  });
});
