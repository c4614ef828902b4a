import pg from 'pg';

/** A fresh PostgreSQL database for one benchmark run, on DATABASE_URL's server (default 127.0.0.1:5432). */
export interface ScratchDatabase {
  /** The server's address as given (its default database). */
  serverUrl: string;
  /** The address of the new database. */
  url: string;
  drop(): Promise<void>;
}

export async function createScratchDatabase(prefix: string, serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'): Promise<ScratchDatabase> {
  const name = `cmp_bench_${prefix}_${Date.now()}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { serverUrl, url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
