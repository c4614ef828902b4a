import { sql } from 'drizzle-orm';
import type { Queryable } from './database';
import type { JobDefinition } from '../jobs';

// The planner's statistics on the embedded database. PostgreSQL's autovacuum daemon analyses a table
// once a tenth of it has changed; PGlite runs no daemon, so its tables would keep the planner's
// defaults for ever, and a query over a grown table is planned as if it were empty or huge (issue 15:
// a billing run's second pass read every account per payer, a revenue report took seconds).

export const DATABASE_STATISTICS_JOB = 'database.statistics';

/** Tables below this many pages are left to the planner's own assumption (see refreshStatistics). */
const SMALL_TABLE_PAGES = 10;

/**
 * Samples every table of at least SMALL_TABLE_PAGES pages (about 30,000 rows each, whatever its size).
 * A smaller one keeps "never analysed", for which the planner assumes ten pages and looks rows up by
 * index: measured while it held a handful of rows, a table that a billing run then fills (invoices)
 * had its foreign-key checks planned — and cached for the connection — as scans of the whole table,
 * once per line written (issue 15: a run twice as slow).
 */
export async function refreshStatistics(db: Queryable): Promise<void> {
  const result = await db.execute(
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'r' and pg_relation_size(c.oid) >= ${SMALL_TABLE_PAGES} * current_setting('block_size')::int
        order by 1`,
  );
  const tables = (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
  if (tables.length) await db.execute(sql`analyze ${sql.join(tables.map((name) => sql.identifier(name)), sql`, `)}`);
}

export const statisticsJobs: JobDefinition[] = [
  {
    name: DATABASE_STATISTICS_JOB,
    // Hourly: what autovacuum does on PostgreSQL, for PGlite only.
    cron: '43 * * * *',
    pollingIntervalSeconds: 60,
    async handler(_data, { db, databaseKind, log }) {
      if (databaseKind !== 'pglite') return;
      const started = performance.now();
      await refreshStatistics(db);
      log.info({ ms: Math.round(performance.now() - started) }, 'database statistics refreshed');
    },
  },
];
