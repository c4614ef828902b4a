import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type DatabaseHandle } from './database';
import { DATABASE_STATISTICS_JOB, statisticsJobs } from './statisticsJobs';

// PGlite has no autovacuum: the hourly job is what gives its planner statistics.

const silent = { info: () => undefined } as unknown as FastifyBaseLogger;
const job = statisticsJobs.find((j) => j.name === DATABASE_STATISTICS_JOB)!;

describe('the statistics job', () => {
  let handle: DatabaseHandle;
  const estimate = async (table = 'statistics_probe') => {
    const result = (await handle.db.execute(sql`select reltuples::int as n from pg_class where relname = ${table}`)) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  };

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    await handle.db.execute(sql`create table statistics_probe as select g as id from generate_series(1, 5000) g`);
    await handle.db.execute(sql`create table statistics_probe_small as select g as id from generate_series(1, 20) g`);
  });
  afterAll(async () => handle?.close());

  it('leaves PostgreSQL to its autovacuum, and samples every table of ten pages or more on PGlite', async () => {
    // -1: never analysed, the planner guesses.
    expect(await estimate()).toBe(-1);
    await job.handler({}, { db: handle.db, log: silent, databaseKind: 'postgres' });
    expect(await estimate()).toBe(-1);
    await job.handler({}, { db: handle.db, log: silent, databaseKind: 'pglite' });
    expect(await estimate()).toBe(5000);
    // A table of a page or two keeps the planner's assumption, which keeps its lookups on the index while it grows.
    expect(await estimate('statistics_probe_small')).toBe(-1);
  });
});
