// A scratch PostgreSQL database for one benchmark run: made fresh on the server at an admin URL, dropped afterwards.
import pg from 'pg';

/** A database made for one run: its URL, and `drop()` to remove it (its connections are ended first). */
export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

const dropSql = (name: string): string => `drop database if exists ${name} with (force)`;

/**
 * Makes the database `name` afresh (dropping one left by an interrupted run) on the server at `adminUrl` (a URL of
 * any database there, e.g. postgres://postgres@127.0.0.1:5432/postgres); undefined when that server does not let
 * us in.
 */
export async function scratchDatabase(adminUrl: string, name: string): Promise<ScratchDatabase | undefined> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  try {
    await admin.query(dropSql(name));
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(dropSql(name));
      } finally {
        await dropper.end();
      }
    },
  };
}
