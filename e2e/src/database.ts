import pg from 'pg';

/** The database a server started by the end-to-end tests runs on: its environment, and `drop()` once it stops. */
export interface ServerDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

/**
 * PostgreSQL when TEST_DATABASE_URL is set (a database `curlew_<label>_<pid>` made afresh on that server, dropped
 * afterwards), else PGlite in `dataDir`.
 */
export async function serverDatabase(label: string, dataDir: string): Promise<ServerDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, drop: async () => {} };
  const name = `curlew_${label}_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
