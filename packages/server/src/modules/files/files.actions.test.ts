import {
  type ActionFormData,
  BLOCKED_FILE_MESSAGE,
  documentKindLabel,
  type FileView,
  MESSAGES,
} from '@curlew/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import { asRole, buildWorld, PDF_BYTES, postMultipart, type World } from '../../../test/world.ts';
import { activity } from '../../platform/actions/activity.tables.ts';
import { keysInStorage } from './storage.testing.ts';

const EXE_BYTES = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]),
]);

describeWithApp('files uploaded through actions', (t) => {
  let world: World;
  let authorityId: string;
  const files = (history = false) =>
    `/api/files?ownerType=agent-authority&ownerId=${authorityId}${history ? '&history=true' : ''}`;
  /** The client replaces the authority document with `content` under `name`, giving `reason`. */
  const replaceWith = (reason: string, name: string, content: string | Buffer) =>
    postMultipart(
      t.app,
      `/api/agent-authority/${authorityId}/action/ReplaceDocument`,
      { tag: 'AuthorityToAct', reason },
      { file: { name, type: 'application/pdf', content } },
      world.members.participant.cookie,
    );

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    const provided = await postMultipart(
      t.app,
      `/api/organisation/${world.members.participant.organisation.id}/action/ProvideAgentAuthority`,
      {
        marketRoundId: world.openRound.id,
        agentId: world.members.agent.organisation.id,
        permissions: ['RegisterForRound'],
      },
      { authorityToAct: { name: 'authority.pdf', type: 'application/pdf', content: PDF_BYTES } },
      world.members.participant.cookie,
    );
    expect(provided.statusCode, provided.body).toBe(200);
    authorityId = provided.json().context.id;
  });

  it('lets the client, the agent and the operator list and download the upload, and nobody else', async () => {
    for (const role of ['participant', 'agent', 'admin'] as const) {
      const listed = await asRole(t.app, world, role, 'GET', files());
      expect(listed.statusCode, role).toBe(200);
      const [file] = listed.json<{ items: FileView[] }>().items;
      expect(file).toMatchObject({ filename: 'authority.pdf', fileType: 'PDF', tag: 'AuthorityToAct' });
      const download = await asRole(
        t.app,
        world,
        role,
        'GET',
        `/api/file/${file?.id}/download?ownerType=agent-authority&ownerId=${authorityId}`,
      );
      expect(download.statusCode, role).toBe(200);
      expect(download.body).toBe(PDF_BYTES);
      expect(download.headers['content-disposition']).toBe('attachment; filename=authority.pdf');
    }
    const [file] = (await asRole(t.app, world, 'participant', 'GET', files())).json<{ items: FileView[] }>()
      .items;
    const cookie = world.otherParticipant.cookie;
    for (const url of [
      files(),
      `/api/file/${file?.id}/download?ownerType=agent-authority&ownerId=${authorityId}`,
    ]) {
      expect((await requestJson(t.app, 'GET', url, undefined, { cookie })).statusCode, url).toBe(404);
    }
    expect((await asRole(t.app, world, 'lpa', 'GET', files())).statusCode).toBe(404);
  });

  it('refuses an executable renamed to .pdf, by its bytes, and keeps none of it', async () => {
    const before = keysInStorage(t.config);
    const response = await replaceWith('Signed again', 'authority.pdf', EXE_BYTES);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ path: 'file', message: BLOCKED_FILE_MESSAGE }]);
    expect(keysInStorage(t.config)).toEqual(before);
  });

  it('keeps no bytes of a file sent with a submission that fails validation', async () => {
    const before = keysInStorage(t.config);
    const response = await replaceWith('', 'authority.pdf', PDF_BYTES);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ path: 'reason', message: MESSAGES.required }]);
    expect(keysInStorage(t.config)).toEqual(before);
  });

  it('removes the stored bytes when the action fails after storing them', async () => {
    // The database refuses the action's activity entry: the last write of the transaction, after the file is stored.
    await t.db.execute(
      sql.raw(`CREATE FUNCTION refuse_marked_activity() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.details->>'reason' = 'Refused by the database' THEN RAISE EXCEPTION 'activity refused'; END IF;
          RETURN NEW;
        END $$`),
    );
    await t.db.execute(
      sql.raw(`CREATE TRIGGER refuse_marked_activity BEFORE INSERT ON activity
        FOR EACH ROW EXECUTE FUNCTION refuse_marked_activity()`),
    );
    const before = keysInStorage(t.config);
    const response = await replaceWith('Refused by the database', 'authority-refused.pdf', PDF_BYTES);
    expect(response.statusCode).toBe(500);
    expect(keysInStorage(t.config)).toEqual(before);
    const current = (await asRole(t.app, world, 'agent', 'GET', files())).json<{ items: FileView[] }>().items;
    expect(current.map((file) => file.filename)).not.toContain('authority-refused.pdf');
  });

  it('answers 413 for a file over the upload limit, and keeps none of it', async () => {
    const before = keysInStorage(t.config);
    const big = Buffer.concat([Buffer.from(PDF_BYTES), Buffer.alloc(20 * 1024 * 1024 + 1, 0x20)]);
    const response = await replaceWith('Signed again', 'authority.pdf', big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'payload_too_large' });
    expect(keysInStorage(t.config)).toEqual(before);
  });

  it('replaces the document, keeps its bytes and the old version in the history', async () => {
    const before = keysInStorage(t.config);
    const second = `${PDF_BYTES}% countersigned\n`;
    // The countersigned copy comes a minute after the original: the history lists the newest first.
    t.clock.advance(60_000);
    const response = await replaceWith('Countersigned copy', 'authority-v2.pdf', second);
    expect(response.statusCode, response.body).toBe(200);
    expect(keysInStorage(t.config)).toEqual(expect.arrayContaining(before));
    expect(keysInStorage(t.config)).toHaveLength(before.length + 1);
    const current = (await asRole(t.app, world, 'agent', 'GET', files())).json<{ items: FileView[] }>().items;
    expect(current.map((file) => file.filename)).toEqual(['authority-v2.pdf']);
    const download = await asRole(
      t.app,
      world,
      'agent',
      'GET',
      `/api/file/${current[0]?.id}/download?ownerType=agent-authority&ownerId=${authorityId}`,
    );
    expect(download.body).toBe(second);
    const history = (await asRole(t.app, world, 'agent', 'GET', files(true))).json<{ items: FileView[] }>()
      .items;
    const [newest, oldest] = history;
    expect(history).toHaveLength(2);
    expect(newest).toMatchObject({
      filename: 'authority-v2.pdf',
      current: true,
      replacedReason: 'Countersigned copy',
    });
    expect(oldest).toMatchObject({ filename: 'authority.pdf', current: false, replacedById: newest?.id });
    expect(newest?.replacesId).toBe(oldest?.id);
    const [entry] = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.subjectId, authorityId), eq(activity.action, 'ReplaceDocument')));
    expect(entry?.details).toEqual({
      document: { tag: 'AuthorityToAct', label: documentKindLabel('AuthorityToAct') },
      replaced: { id: oldest?.id, filename: 'authority.pdf' },
      replacement: { id: newest?.id, filename: 'authority-v2.pdf' },
      reason: 'Countersigned copy',
      changes: [
        {
          field: 'authorityToActFileId',
          label: 'Signed authority to act',
          before: oldest?.id,
          after: newest?.id,
        },
      ],
    });
  });

  it('keeps a replaced authority to act a pdf, as its first upload was: the form says so and the server holds to it', async () => {
    const form = await asRole(
      t.app,
      world,
      'participant',
      'GET',
      `/api/agent-authority/${authorityId}/action/ReplaceDocument`,
    );
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json<ActionFormData>().options.tag).toEqual([
      { value: 'AuthorityToAct', label: 'Authority to act', accept: ['pdf'] },
    ]);
    const csv = { name: 'authority.csv', type: 'text/csv', content: 'client,agent\nNorth Farm,Agents Ltd\n' };
    const original = await postMultipart(
      t.app,
      `/api/organisation/${world.members.participant.organisation.id}/action/ProvideAgentAuthority`,
      {
        marketRoundId: world.openRound.id,
        agentId: world.members.agent.organisation.id,
        permissions: ['RegisterForRound'],
      },
      { authorityToAct: csv },
      world.members.participant.cookie,
    );
    expect(original.statusCode).toBe(422);
    const [originalError] = original.json().errors;
    expect(originalError).toEqual({ path: 'authorityToAct', message: 'Only pdf files are allowed' });
    const before = keysInStorage(t.config);
    const refused = await postMultipart(
      t.app,
      `/api/agent-authority/${authorityId}/action/ReplaceDocument`,
      { tag: 'AuthorityToAct', reason: 'Signed as a spreadsheet' },
      { file: csv },
      world.members.participant.cookie,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([{ path: 'file', message: originalError.message }]);
    expect(keysInStorage(t.config)).toEqual(before);
    const accepted = await replaceWith('Signed again', 'authority-v3.pdf', PDF_BYTES);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
