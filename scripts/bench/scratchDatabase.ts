import { createScratchDatabase as createOnServer } from '../../apps/server/src/test/scratchDatabase';

/** A fresh PostgreSQL database for one benchmark run, on DATABASE_URL's server (default 127.0.0.1:5432). */
export interface ScratchDatabase {
  /** The server's address as given (its default database). */
  serverUrl: string;
  /** The address of the new database. */
  url: string;
  drop(): Promise<void>;
}

export async function createScratchDatabase(prefix: string, serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'): Promise<ScratchDatabase> {
  return { serverUrl, ...(await createOnServer(serverUrl, `cmp_bench_${prefix}`)) };
}
