import { getTableColumns, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './database';

/**
 * The rows of a hand-written statement. `execute` answers the driver's result (node-postgres and the
 * embedded database both put the rows under `rows`), which drizzle types loosely; the caller names the row.
 */
export const rowsOf = async <T>(db: Queryable, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * A table's row as drizzle's select answers it (property names, mapped values: numeric as text, jsonb
 * parsed, timestamps as dates) from a hand-written statement's row of its columns (`returning *`).
 */
export function tableRowOf<T extends PgTable>(table: T, row: Record<string, unknown>): T['$inferSelect'] {
  const mapped: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = row[column.name];
    mapped[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return mapped as T['$inferSelect'];
}
