import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './database';

// Inserting many rows in one statement with one parameter per column (arrays unnested), not one per
// value: drizzle builds a multi-row VALUES statement value by value, which cost a billing run more
// than its database did (issue 15: 160 µs a line), and a VALUES list is capped at 65,535 parameters.

type Element = string | number | boolean | Date | null | undefined;

const quoted = (text: string) => `"${text.replace(/[\\"]/g, (character) => `\\${character}`)}"`;

/** A one-dimensional PostgreSQL array literal: every element quoted, null as NULL. */
export function arrayLiteral(values: readonly Element[]): string {
  const elements = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    if (value instanceof Date) return quoted(value.toISOString());
    if (typeof value === 'boolean') return value ? 't' : 'f';
    if (typeof value === 'object') throw new TypeError('arrayLiteral takes scalars: an array column needs a two-dimensional literal');
    return quoted(String(value));
  });
  return `{${elements.join(',')}}`;
}

/**
 * Inserts the rows (drizzle's insert shape, the same keys in each) with `insert … select * from
 * unnest(…)`. Columns left out of every row take their defaults (one row cannot leave out what
 * another gives: a default is per statement here, so that throws); values go through the columns' own mapping
 * (jsonb, numeric), so a row reads back as if drizzle had written it. With `returning`, answers those
 * columns of the new rows (in no promised order: match them by a key).
 */
export async function insertMany<T extends PgTable>(db: Queryable, table: T, rows: readonly T['$inferInsert'][]): Promise<void>;
export async function insertMany<T extends PgTable, R extends Record<string, PgColumn>>(
  db: Queryable,
  table: T,
  rows: readonly T['$inferInsert'][],
  returning: R,
): Promise<{ [K in keyof R]: R[K]['_']['data'] }[]>;
export async function insertMany(db: Queryable, table: PgTable, rows: readonly Record<string, unknown>[], returning?: Record<string, PgColumn>): Promise<unknown[] | void> {
  if (rows.length === 0) return returning ? [] : undefined;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in rows[0]!);
  const names = sql.join(columns.map(([, column]) => sql.identifier(column.name)), sql`, `);
  const arrays = sql.join(
    columns.map(([key, column]) => {
      const values = rows.map((row) => {
        const value = row[key];
        if (value === undefined) throw new TypeError(`insertMany: a row leaves out ${key}, which the first row gives`);
        return value === null || value === undefined ? null : (column.mapToDriverValue(value) as Element);
      });
      return sql`${arrayLiteral(values)}::${sql.raw(column.getSQLType())}[]`;
    }),
    sql`, `,
  );
  const insert = sql`insert into ${sql.identifier(getTableName(table))} (${names}) select * from unnest(${arrays})`;
  if (!returning) {
    await db.execute(insert);
    return;
  }
  const outputs = sql.join(Object.entries(returning).map(([key, column]) => sql`${sql.identifier(column.name)} as ${sql.identifier(key)}`), sql`, `);
  const result = await db.execute(sql`${insert} returning ${outputs}`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) =>
    Object.fromEntries(Object.entries(returning).map(([key, column]) => [key, row[key] === null ? null : column.mapFromDriverValue(row[key])])),
  );
}
