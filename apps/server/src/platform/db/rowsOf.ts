import type { SQL } from 'drizzle-orm';
import type { Queryable } from './database';

/**
 * The rows of a hand-written statement. `execute` answers the driver's result (node-postgres and the
 * embedded database both put the rows under `rows`), which drizzle types loosely; the caller names the row.
 */
export const rowsOf = async <T>(db: Queryable, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
