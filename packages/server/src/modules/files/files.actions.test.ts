import { BLOCKED_FILE_MESSAGE, type FileView } from '@curlew/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp, requestJson } from '../../../test/app.ts';
import {
  asRole,
  buildWorld,
  PDF_BYTES,
  postMultipart,
  type World,
} from '../../platform/actions/testing/world.ts';

const EXE_BYTES = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]),
]);

describeWithApp('files uploaded through actions', (t) => {
  let world: World;
  let authorityId: string;
  const files = (history = false) =>
    `/api/files?ownerType=agent-authority&ownerId=${authorityId}${history ? '&history=true' : ''}`;
  const replace = () => `/api/agent-authority/${authorityId}/action/ReplaceDocument`;

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
      expect(download.headers['content-disposition']).toContain('attachment; filename="authority.pdf"');
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

  it('refuses an executable renamed to .pdf, by its bytes', async () => {
    const response = await postMultipart(
      t.app,
      replace(),
      { tag: 'AuthorityToAct', reason: 'Signed again' },
      { file: { name: 'authority.pdf', type: 'application/pdf', content: EXE_BYTES } },
      world.members.participant.cookie,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ path: 'file', message: BLOCKED_FILE_MESSAGE }]);
  });

  it('answers 413 for a file over the upload limit', async () => {
    const big = Buffer.concat([Buffer.from(PDF_BYTES), Buffer.alloc(20 * 1024 * 1024 + 1, 0x20)]);
    const response = await postMultipart(
      t.app,
      replace(),
      { tag: 'AuthorityToAct', reason: 'Signed again' },
      { file: { name: 'authority.pdf', type: 'application/pdf', content: big } },
      world.members.participant.cookie,
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it('replaces the document and keeps the old version in the history', async () => {
    const second = `${PDF_BYTES}% countersigned\n`;
    const response = await postMultipart(
      t.app,
      replace(),
      { tag: 'AuthorityToAct', reason: 'Countersigned copy' },
      { file: { name: 'authority-v2.pdf', type: 'application/pdf', content: second } },
      world.members.participant.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    const current = (await asRole(t.app, world, 'agent', 'GET', files())).json<{ items: FileView[] }>().items;
    expect(current.map((file) => file.filename)).toEqual(['authority-v2.pdf']);
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
  });
});
