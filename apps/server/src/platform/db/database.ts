import path from 'node:path';
import { mkdirSync, readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';
import { PgliteWorkerClient } from './pgliteWorkerClient';
import { NotificationListener, type ListenHooks, type ListenerHealth } from './notificationListener';
import { namePreparedStatements } from './preparedStatements';
import { serverFile } from '../serverFiles';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Queryable = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * LISTEN on a channel: how app nodes sharing one database tell each other about changes. On
   * PostgreSQL the connection can be lost and is re-opened (notificationListener.ts): `hooks` hear both.
   */
  listen(channel: string, onNotify: (payload: string) => void, hooks?: ListenHooks): Promise<void>;
  /** Each channel listened on and whether it is listening now (/healthz); PGlite's, in-process, cannot be lost. */
  listenerHealth(): ListenerHealth[];
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Raw SQL for a library that brings its own statements (pg-boss, platform/jobs.ts): `$n`
   * parameters with values, or — without values — several statements at once.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PostgreSQL only: the backend of the LISTEN connection (tests end it to play a failover). */
  listenerBackendPid?(): Promise<number | undefined>;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_]+$/;

export const migrationsFolder = serverFile('drizzle');

/**
 * Opens the database of DESIGN.md: PostgreSQL when a URL is given, otherwise embedded PGlite in
 * `dataDir` (or in memory when dataDir is 'memory://', as tests do). Then runs the migrations.
 * `pgliteTemplate` names a PGlite data-folder archive to start from (the API tests' prepared world).
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; pgliteTemplate?: string }): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir, options.pgliteTemplate);
}

async function openPglite(dataDir: string, template: string | undefined): Promise<DatabaseHandle> {
  const inMemory = dataDir === 'memory://';
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // The database's thread starts first and opens while Drizzle's modules and the schema load (issue
  // 12: start-up): main.ts reaches this before anything heavy is loaded.
  const [client, { drizzle }, { migrate }, schema] = await Promise.all([
    startPglite(inMemory ? undefined : path.resolve(dataDir, 'pglite'), template),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('./schema'),
  ]);
  const db = drizzle(client as PGlite, { schema });
  await migrate(db, { migrationsFolder });
  const channels = new Set<string>();
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    async listen(channel, onNotify) {
      await client.listen(channel, onNotify);
      channels.add(channel);
    },
    listenerHealth: () => [...channels].map((channel) => ({ channel, isListening: true })),
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async executeSql(text, values) {
      if (values?.length) return client.query(text, values);
      // A prepared statement takes one statement only: batches go through exec, answering the rows of
      // all their statements, as pg's multi-statement results reach pg-boss 12 (its own PGlite adapter
      // does the same). A batch that fails inside its BEGIN … COMMIT would leave the one connection in
      // an aborted transaction that fails every later statement: it is rolled back at once.
      try {
        const results = await client.exec(text);
        return { rows: results.flatMap((result) => result.rows) };
      } catch (error) {
        await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    close: () => client.close(),
  };
}

/**
 * PGlite runs PostgreSQL synchronously on the thread that calls it, so by default it gets a thread
 * of its own and a slow query never stops the server's event loop (issue 11 item 6);
 * PGLITE_WORKER=0 keeps it on the server's thread.
 */
async function startPglite(dataDir: string | undefined, template?: string): Promise<PGlite | PgliteWorkerClient> {
  if (process.env.PGLITE_WORKER !== '0') return PgliteWorkerClient.start(dataDir, template);
  return startPgliteHere(dataDir, template);
}

/** PGlite on the calling thread, from an archive of a data folder when `template` names one. */
export async function startPgliteHere(dataDir: string | undefined, template?: string): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const loadDataDir = template ? new Blob([readFileSync(template)]) : undefined;
  const client = new PGlite({ dataDir, loadDataDir, extensions: { pg_trgm } });
  await client.waitReady;
  return client;
}

// Several app nodes may start at once against one PostgreSQL: a session advisory lock lets one
// migrate while the others wait (docs/operations.md "several nodes").
const MIGRATION_LOCK = 727_311;

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle }, { migrate }, schema] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
    import('./schema'),
  ]);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  // An idle pooled connection the server ends (restart, failover, a database dropped at the end of a
  // test run: 57P01) is dropped from the pool and the next query opens a new one. Without a listener
  // node-postgres would raise the error as an uncaught exception and take the whole node down.
  pool.on('error', () => undefined);
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  // From here on, statements are sent named (preparedStatements.ts); the migrations' connection was not.
  if (process.env.DATABASE_NAMED_STATEMENTS !== '0') pool.on('connect', namePreparedStatements);
  const db = drizzle(pool, { schema });
  // keepAlive: a peer gone without a word (a failed-over host) is noticed by TCP, not only on the next notification.
  const listener = new NotificationListener(() => new pg.Client({ connectionString: databaseUrl, keepAlive: true }));
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    async listen(channel, onNotify, hooks) {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel ${channel}`);
      await listener.listen(channel, onNotify, hooks);
    },
    listenerHealth: () => listener.health(),
    listenerBackendPid: () => listener.backendPid(),
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    executeSql: (text, values) => pool.query(text, values),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
