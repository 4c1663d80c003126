// `npm run files:import`: moves the files a data folder holds (`{DATA_DIR}/files`) into the database named by
// DATABASE_URL, so every server process serves them. Run once when moving from one process to several.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { fileChunks, storedFiles } from '../modules/files/files.tables.ts';
import { databaseFileStorage } from '../modules/files/storage.ts';
import { loadConfig } from '../platform/config.ts';
import { connectPostgres } from '../platform/db/connect.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('Set DATABASE_URL to the database the files move into.');
  const connection = await connectPostgres(config.databaseUrl, { max: 2 });
  const { db } = connection;
  const storage = databaseFileStorage(db);
  const tally = { moved: 0, alreadyIn: 0, missing: 0 };
  try {
    await connection.migrate();
    const rows = await db
      .select({ key: storedFiles.storageKey, sha256: storedFiles.sha256 })
      .from(storedFiles);
    for (const { key, sha256 } of rows) {
      const [held] = await db.select({ n: count() }).from(fileChunks).where(eq(fileChunks.storageKey, key));
      const local = path.resolve(config.dataDir, 'files', key.slice(0, 2), key);
      if ((held?.n ?? 0) > 0) {
        tally.alreadyIn += 1;
      } else if (!existsSync(local)) {
        tally.missing += 1;
        console.warn(`No bytes for stored file ${key} in ${path.dirname(local)}`);
        continue;
      } else {
        await db.transaction((tx) => storage.putFile(key, local, tx));
        tally.moved += 1;
      }
      // Read back before the local copy goes: the database must hold exactly the uploaded bytes.
      const hash = createHash('sha256');
      for await (const chunk of await storage.get(key)) hash.update(chunk as Buffer);
      if (hash.digest('hex') !== sha256) throw new Error(`Stored file ${key} does not match its hash`);
      await rm(local, { force: true });
    }
  } finally {
    await connection.close();
  }
  console.log(
    `Files moved into the database: ${tally.moved}; already there: ${tally.alreadyIn}; missing on disk: ${tally.missing}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
