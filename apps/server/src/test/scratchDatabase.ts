import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new database with a random name on the PostgreSQL server of `baseUrl`, dropped by `drop()`
 * (DESIGN.md: runs never see each other's data): empty, or a copy of the database `template`. The
 * prefix tells its owner (tests, bench).
 */
export async function createScratchDatabase(baseUrl: string, prefix: string, template?: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runOnServer(baseUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runOnServer(baseUrl, `drop database if exists ${name} with (force)`) };
}

/** One statement on its own connection: CREATE and DROP DATABASE cannot run inside a pooled transaction. */
export async function runOnServer(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
