import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import {
  type ServerProcess,
  signInOver,
  startServing,
  stopServer,
  tryPasswordOver,
  uploadOver,
} from '../../test/processes.ts';
import { ACCOUNT_RULE } from '../auth/throttle.ts';
import { FILE_CHUNK_BYTES } from '../modules/files/storage.ts';
import { solverTasks } from '../modules/match/match.tables.ts';
import { DEMO_ROUNDS } from '../seed/seed.rounds.ts';

/** A plain PDF longer than one stored chunk, so the other process reads it back from several rows. */
const landholderPdf = (): Buffer => {
  const line = '% landholder information, field boundaries and tenure\n';
  const padding = line.repeat(Math.ceil((FILE_CHUNK_BYTES + 1000) / line.length));
  return Buffer.from(`%PDF-1.4\n${padding}1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`, 'latin1');
};

/** Two real server processes on one PostgreSQL, called alternately (PostgreSQL lane only). */
if (process.env.TEST_DATABASE_URL) {
  describe('two server processes on one PostgreSQL', () => {
    let database: Awaited<ReturnType<typeof openTestDatabase>>;
    const servers: (ServerProcess & { url: string })[] = [];
    const pair = () => servers as [ServerProcess & { url: string }, ServerProcess & { url: string }];

    beforeAll(async () => {
      database = await openTestDatabase('postgres', { migrate: false });
      const environment = { DATABASE_URL: database.url ?? '' };
      // The first migrates and seeds the demo data; the second starts on it.
      servers.push(await startServing(environment));
      servers.push(await startServing(environment));
    }, 300_000);
    afterAll(async () => {
      for (const server of servers) await stopServer(server);
      await database?.close();
    });

    it('serves a session made on one process from the other', async () => {
      const [a, b] = pair();
      const admin = await signInOver(a.url, 'admin');
      expect((await admin.call('GET', `${b.url}/api/rounds`)).status).toBe(200);
      expect((await admin.call('GET', `${a.url}/api/rounds`)).status).toBe(200);
    });

    it('counts wrong passwords sent to both processes against one limit, and both refuse once it is hit', async () => {
      const [a, b] = pair();
      // Alternately A, B, A, ...: each process alone saw at most half of the free failures.
      for (let attempt = 1; attempt <= ACCOUNT_RULE.freeFailures; attempt += 1) {
        const server = attempt % 2 === 1 ? a : b;
        expect(await tryPasswordOver(server.url, 'investor', 'not-the-password')).toEqual({
          status: 401,
          retryAfter: null,
          body: { error: 'invalid_credentials', message: 'Incorrect username or password' },
        });
      }
      const throttled = {
        status: 429,
        retryAfter: '1',
        body: {
          error: 'too_many_attempts',
          message: 'Too many attempts. Try again in 1 second.',
          retryAfterSeconds: 1,
        },
      };
      const [first, second] = ACCOUNT_RULE.freeFailures % 2 === 1 ? [b, a] : [a, b];
      expect(await tryPasswordOver(first.url, 'investor', 'not-the-password')).toEqual(throttled);
      // The wait holds on the other process too, even for the right password.
      expect(await tryPasswordOver(second.url, 'investor')).toEqual(throttled);
    });

    it('downloads a file uploaded through one process from the other, and refuses it to an outsider there', async () => {
      const [a, b] = pair();
      const supplier = await signInOver(a.url, 'supplier');
      const form = await supplier.call('GET', `${b.url}/api/projects/action/CreateProject`);
      expect(form.status).toBe(200);
      const { supplierId } = (form.body as { initialValues: { supplierId: string } }).initialValues;
      const content = landholderPdf();
      const created = await uploadOver(
        supplier.cookie,
        `${a.url}/api/projects`,
        { name: 'Two Process Farm', supplierId, isFixedTerm: false },
        { landholderInfo: { name: 'landholder.pdf', type: 'application/pdf', content } },
      );
      expect(created.status).toBe(201);
      const projectId = (created.body as { context: { id: string } }).context.id;
      const project = await supplier.call('GET', `${b.url}/api/project/${projectId}`);
      const documents = (project.body as { documents: { tag: string; fileId: string; name: string }[] })
        .documents;
      expect(documents.map((document) => [document.tag, document.name])).toEqual([
        ['LandholderInfo', 'landholder.pdf'],
      ]);
      const download = `${b.url}/api/file/${documents[0]?.fileId}/download?ownerType=project&ownerId=${projectId}`;

      const served = await fetch(download, { headers: { cookie: supplier.cookie } });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('application/pdf');
      expect(served.headers.get('content-disposition')).toBe('attachment; filename=landholder.pdf');
      expect(Buffer.from(await served.arrayBuffer()).equals(content)).toBe(true);

      const buyer = await signInOver(a.url, 'buyer');
      expect(await buyer.call('GET', download)).toEqual({
        status: 404,
        body: { error: 'not_found', message: 'This record does not exist or you cannot see it' },
      });
    });

    it('runs Match pressed on both processes once', { timeout: 300_000 }, async () => {
      const [a, b] = pair();
      const admin = await signInOver(a.url, 'admin');
      const list = await admin.call('GET', `${b.url}/api/rounds?status=OpenForBidsAndOffers`);
      const round = (list.body as { items: { id: string; name: string }[] }).items.find(
        (item) => item.name === DEMO_ROUNDS.bidding,
      );
      expect(round).toBeDefined();
      const id = round?.id ?? '';
      expect((await admin.call('POST', `${a.url}/api/round/${id}/action/CloseBidsAndOffers`)).status).toBe(
        200,
      );
      const answers = await Promise.all([
        admin.call('POST', `${a.url}/api/round/${id}/action/Match`),
        admin.call('POST', `${b.url}/api/round/${id}/action/Match`),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const [tasks] = await database.db
        .select({ n: count() })
        .from(solverTasks)
        .where(eq(solverTasks.marketRoundId, id));
      expect(tasks?.n).toBe(1);
    });
  });
} else {
  describe('two server processes on one PostgreSQL', () => {
    it('need TEST_DATABASE_URL: the PostgreSQL lane runs them', () => {
      expect(process.env.TEST_DATABASE_URL).toBeUndefined();
    });
  });
}
