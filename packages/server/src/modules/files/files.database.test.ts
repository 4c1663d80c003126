import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { FileView } from '@curlew/domain';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJson, testConfig } from '../../../test/app.ts';
import { openTestDatabase, testDrivers } from '../../../test/database.ts';
import { buildWorld, PDF_BYTES, postMultipart, type World } from '../../../test/world.ts';
import { buildApp } from '../../app.ts';
import { connectPostgres, type DatabaseConnection } from '../../platform/db/connect.ts';
import { fileChunks } from './files.tables.ts';
import { databaseFileStorage, FILE_CHUNK_BYTES, fileStorageFor, newStorageKey } from './storage.ts';

const staged = (content: Uint8Array): string => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'curlew-staged-')), 'upload');
  writeFileSync(file, content);
  return file;
};

for (const driver of testDrivers()) {
  describe(`file bytes in the database (${driver})`, () => {
    let connection: DatabaseConnection;
    const chunksOf = async (key: string) =>
      (await connection.db.select({ n: count() }).from(fileChunks).where(eq(fileChunks.storageKey, key)))[0]
        ?.n;

    beforeAll(async () => {
      connection = await openTestDatabase(driver);
    });
    afterAll(async () => {
      await connection?.close();
    });

    it('stores a file in chunks written in the caller transaction and streams it back whole', async () => {
      const storage = databaseFileStorage(connection.db);
      const content = randomBytes(2 * FILE_CHUNK_BYTES + 1234);
      const key = newStorageKey();
      await connection.db.transaction((tx) => storage.putFile(key, staged(content), tx));
      expect(await chunksOf(key)).toBe(3);
      expect((await buffer(await storage.get(key))).equals(content)).toBe(true);

      await storage.delete(key);
      expect(await chunksOf(key)).toBe(0);
      await expect(storage.get(key)).rejects.toMatchObject({ code: 'not_found' });
    });

    it('keeps nothing of a file whose transaction rolled back', async () => {
      const storage = databaseFileStorage(connection.db);
      const key = newStorageKey();
      await expect(
        connection.db.transaction(async (tx) => {
          await storage.putFile(key, staged(randomBytes(1000)), tx);
          throw new Error('the action failed');
        }),
      ).rejects.toThrow('the action failed');
      expect(await chunksOf(key)).toBe(0);
    });

    it('stores an empty file as one empty chunk and answers it empty', async () => {
      const storage = databaseFileStorage(connection.db);
      const key = newStorageKey();
      await storage.put(key, new Uint8Array());
      expect(await chunksOf(key)).toBe(1);
      expect((await buffer(await storage.get(key))).length).toBe(0);
    });

    it('is the storage only when DATABASE_URL is set', () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'curlew-files-'));
      const inDatabase = fileStorageFor({
        config: { dataDir, databaseUrl: 'postgres://x@127.0.0.1/y' },
        db: connection.db,
      });
      expect(inDatabase).toBe(
        fileStorageFor({ config: { dataDir, databaseUrl: 'postgres://x@127.0.0.1/y' }, db: connection.db }),
      );
      expect(fileStorageFor({ config: { dataDir, databaseUrl: undefined }, db: connection.db })).not.toBe(
        inDatabase,
      );
    });
  });
}

if (process.env.TEST_DATABASE_URL) {
  describe('a file uploaded through one server instance downloads from another on the same PostgreSQL', () => {
    let database: DatabaseConnection & { url?: string };
    let second: DatabaseConnection;
    let appA: FastifyInstance;
    let appB: FastifyInstance;
    let world: World;
    const webDistDir = path.join(tmpdir(), 'curlew-test-no-web-build');

    beforeAll(async () => {
      database = await openTestDatabase('postgres');
      const url = database.url ?? '';
      second = await connectPostgres(url, { max: 2 });
      // Each instance has its own data folder: nothing on disk is shared, only the database.
      appA = await buildApp({ config: testConfig({ databaseUrl: url }), db: database.db, webDistDir });
      appB = await buildApp({ config: testConfig({ databaseUrl: url }), db: second.db, webDistDir });
      world = await buildWorld(appA, database.db);
    });
    afterAll(async () => {
      await appA?.close();
      await appB?.close();
      await second?.close();
      await database?.close();
    });

    it('serves the same bytes from the second instance, and 404 for a reader outside the owner', async () => {
      const provided = await postMultipart(
        appA,
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
      const owner = `ownerType=agent-authority&ownerId=${provided.json().context.id}`;
      const cookie = world.members.participant.cookie;
      const listed = await requestJson(appB, 'GET', `/api/files?${owner}`, undefined, { cookie });
      expect(listed.statusCode).toBe(200);
      const [file] = listed.json<{ items: FileView[] }>().items;
      expect(file?.filename).toBe('authority.pdf');
      const download = await requestJson(appB, 'GET', `/api/file/${file?.id}/download?${owner}`, undefined, {
        cookie,
      });
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe(PDF_BYTES);
      const outsider = await requestJson(appB, 'GET', `/api/file/${file?.id}/download?${owner}`, undefined, {
        cookie: world.otherParticipant.cookie,
      });
      expect(outsider.statusCode).toBe(404);
    });
  });
}
