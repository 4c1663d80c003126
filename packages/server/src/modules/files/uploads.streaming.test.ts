import { readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';
import { asRole, buildWorld, PDF_BYTES, postMultipart, type World } from '../../../test/world.ts';
import { stagingFolder } from '../../platform/actions/uploads.ts';

const MB = 1024 * 1024;
const BOUNDARY = 'curlew-streaming-test';

/**
 * A multipart body whose file part is `fileBytes` long, produced only as it is read; `pulled` counts the file bytes
 * the server asked for.
 */
function streamingBody(values: Record<string, unknown>, fieldId: string, fileBytes: number) {
  const progress = { pulled: 0 };
  const head =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="submission"\r\n\r\n${JSON.stringify(values)}\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fieldId}"; filename="big.pdf"\r\n` +
    'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n';
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  async function* parts() {
    yield Buffer.from(head);
    while (progress.pulled < fileBytes) {
      progress.pulled += chunk.length;
      yield chunk;
    }
    yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  }
  return { body: Readable.from(parts(), { objectMode: false, highWaterMark: 64 * 1024 }), progress };
}

describeWithApp('multipart submissions are authorised before their body is read', (t) => {
  let world: World;
  let authorityId: string;
  const previousLimit = process.env.UPLOAD_MAX_MB;

  const send = (url: string, cookie: string, stream: Readable) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: stream,
    });
  const staged = () => {
    try {
      return readdirSync(stagingFolder(t.config.dataDir));
    } catch {
      return [];
    }
  };

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

  afterEach(() => {
    if (previousLimit === undefined) delete process.env.UPLOAD_MAX_MB;
    else process.env.UPLOAD_MAX_MB = previousLimit;
  });

  it('refuses a 100 MB upload to a record outside the user’s scope with 404 before reading the file', async () => {
    const { body, progress } = streamingBody({ tag: 'AuthorityToAct', reason: 'x' }, 'file', 100 * MB);
    const response = await send(
      `/api/agent-authority/${authorityId}/action/ReplaceDocument`,
      world.otherParticipant.cookie,
      body,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: 'not_found',
      message: 'This agent authority does not exist or you cannot see it',
    });
    // The server answered without asking for the file: at most the stream's first buffers were produced.
    expect(progress.pulled).toBeLessThan(MB);
    expect(staged()).toEqual([]);
  });

  it('refuses an upload the policy forbids (403) and one to an action without files (400) before reading', async () => {
    const approve = await asRole(
      t.app,
      world,
      'admin',
      'POST',
      `/api/agent-authority/${authorityId}/action/SetApproval`,
      {
        approved: true,
        permissions: ['RegisterForRound'],
      },
    );
    expect(approve.statusCode, approve.body).toBe(200);
    const decided = streamingBody({ tag: 'AuthorityToAct', reason: 'x' }, 'file', 100 * MB);
    const refused = await send(
      `/api/agent-authority/${authorityId}/action/ReplaceDocument`,
      world.members.participant.cookie,
      decided.body,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Only the market operator can replace the documents of a decided authority',
    );
    expect(decided.progress.pulled).toBeLessThan(MB);
    const noFiles = streamingBody({ permissions: ['RegisterForRound'] }, 'file', 100 * MB);
    const wrong = await send(
      `/api/agent-authority/${authorityId}/action/EditPermissions`,
      world.members.admin.cookie,
      noFiles.body,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('This action does not take files');
    expect(noFiles.progress.pulled).toBeLessThan(MB);
  });

  it('refuses a file over UPLOAD_MAX_MB with 413 while it streams, keeping nothing of it', async () => {
    process.env.UPLOAD_MAX_MB = '1';
    const { body } = streamingBody({ tag: 'AuthorityToAct', reason: 'Too big' }, 'file', 100 * MB);
    // Watch the memory held in buffers while the 100 MB pass: a whole-body buffer would show as ~100 MB more.
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    }, 2);
    const response = await send(
      `/api/agent-authority/${authorityId}/action/ReplaceDocument`,
      world.members.admin.cookie,
      body,
    ).finally(() => clearInterval(sampler));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'payload_too_large',
      message: 'The file is larger than 1.00 Mb, the largest that can be uploaded',
    });
    // The rest of the body is read and thrown away (HTTP needs it drained), never held or stored.
    expect(peak - before).toBeLessThan(32 * MB);
    expect(staged()).toEqual([]);
  });
});
