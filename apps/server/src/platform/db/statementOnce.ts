import { is, Param, Placeholder, SQL, sql as sqlTag, type Query } from 'drizzle-orm';
import { PgDialect, type PgTable, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Queryable } from './database';

// Statements built once per process (issue 14: under `npm run bench orders` drizzle spent about half
// of the server's CPU of an order building SQL text from query builders — 100 to 500 µs for each of
// an order's statements, against some 20 µs for a hand-written template). A statement of the hot path
// whose shape never changes is built once, with `sql.placeholder(name)` wherever a value goes, and
// each run only binds the values: on the database or in any transaction, rows mapped as drizzle maps
// them. Define such statements at module level: the builder must not capture a caller's values (it
// runs once, for the first caller). A column's `$defaultFn` or `$onUpdate` would be evaluated once
// too, when the statement is built: the schema has none (statementOnce.test.ts keeps it so).
//
// drizzle's own `.prepare()` does the same but binds the statement to one connection or transaction,
// so it cannot serve a statement run in every PlaceOrder's transaction.

type Values = Record<string, unknown>;

/** A query builder (select, insert … returning, update … returning) as `.prepare()` gives it. */
interface Preparable<R> {
  prepare(name: string): { execute(values?: Values): Promise<R> };
}

/**
 * What drizzle keeps of a prepared builder: the text, its parameters (placeholders or fixed values),
 * the fields its rows map to. The node-postgres and PGlite drivers name them alike; the tests of
 * statementOnce run on both and fail should an upgrade of drizzle rename them.
 */
interface PreparedParts {
  queryString: string;
  params: unknown[];
  fields?: unknown;
  _isResponseInArrayMode: boolean;
  customResultMapper?: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
}

function preparedParts(prepared: unknown): PreparedParts {
  const parts = prepared as Partial<PreparedParts>;
  if (typeof parts.queryString !== 'string' || !Array.isArray(parts.params)) {
    throw new Error('statementOnce: drizzle’s prepared query no longer has queryString and params (was drizzle-orm upgraded?)');
  }
  return parts as PreparedParts;
}

function valueOf(values: Values, name: string): unknown {
  if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
  return values[name];
}

/**
 * The statement's parameters with the values in: a column's value as drizzle writes it (its encoder),
 * a null (or undefined) as NULL (drizzle's own fillPlaceholders hands a null to the encoder, which
 * fails on dates).
 */
function filled(params: unknown[], values: Values): unknown[] {
  return params.map((param) => {
    if (is(param, Placeholder)) return valueOf(values, param.name);
    if (is(param, Param) && is(param.value, Placeholder)) {
      const value = valueOf(values, param.value.name);
      return value === null || value === undefined ? null : param.encoder.mapToDriverValue(value);
    }
    return param;
  });
}

/** Runs built parts on a database or transaction with the placeholders' values. */
function run(q: Queryable, parts: PreparedParts, values: Values): Promise<unknown> {
  const query: Query = { sql: parts.queryString, params: filled(parts.params, values) };
  const session = q._.session as unknown as {
    prepareQuery(query: Query, fields: unknown, name: undefined, isResponseInArrayMode: boolean, customResultMapper?: unknown): { execute(values: Values): Promise<unknown>; joinsNotNullableMap?: unknown };
  };
  const prepared = session.prepareQuery(query, parts.fields, undefined, parts._isResponseInArrayMode, parts.customResultMapper);
  prepared.joinsNotNullableMap = parts.joinsNotNullableMap;
  return prepared.execute({});
}

/**
 * A query builder's statement, built the first time it runs; each run binds `values` to its
 * placeholders and answers what the builder's `execute` would.
 */
export function statementOnce<R>(build: (q: Queryable) => Preparable<R>): (q: Queryable, values: Values) => Promise<R> {
  let parts: PreparedParts | undefined;
  return async (q, values) => {
    // prepare() only builds: the statement it would name is never sent.
    parts ??= preparedParts(build(q).prepare('statement_once'));
    return (await run(q, parts, values)) as R;
  };
}

const dialect = new PgDialect();

/** A hand-written statement (a template with placeholders), built once; answers its rows as the driver gives them. */
export function sqlOnce<T>(build: (q: Queryable) => SQL): (q: Queryable, values: Values) => Promise<T[]> {
  let parts: PreparedParts | undefined;
  return async (q, values) => {
    if (!parts) {
      const { sql, params } = dialect.sqlToQuery(build(q));
      parts = { queryString: sql, params, _isResponseInArrayMode: false };
    }
    return ((await run(q, parts, values)) as { rows: T[] }).rows;
  };
}

/**
 * A statement whose shape varies among a few (which columns a step sets, whether an order needs
 * approval): `shapeOf` names the shape of a call's arguments, `build` makes the shape's statement the
 * first time it is seen, and every later call of that shape gets the same one.
 */
export function oncePerShape<A extends unknown[], S>(shapeOf: (...args: A) => string, build: (...args: A) => S): (...args: A) => S {
  const statements = new Map<string, S>();
  return (...args) => {
    const shape = shapeOf(...args);
    let statement = statements.get(shape);
    if (statement === undefined) statements.set(shape, (statement = build(...args)));
    return statement;
  };
}

/**
 * An update's `set` of these columns, each value the placeholder of the column's name (drizzle takes
 * placeholders there, and writes them through the column's encoder, but its type leaves them out).
 */
export function placeholderSet<T extends PgTable>(_table: T, columns: readonly (keyof T['$inferInsert'] & string)[]): PgUpdateSetSource<T> {
  return Object.fromEntries(columns.map((column) => [column, sqlTag.placeholder(column)])) as unknown as PgUpdateSetSource<T>;
}

/**
 * Values of a statement built once (an insert's row) as placeholders named `${prefix}.${key}`; a
 * value that is SQL stays in the statement as it is, so it must be the same SQL in every run.
 * bindingsOf gives the values for those names.
 */
export function placeholdersOf<V extends Record<string, unknown>>(prefix: string, values: V): { [K in keyof V]: V[K] | Placeholder } {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, is(value, SQL) ? value : sqlTag.placeholder(`${prefix}.${key}`)])) as { [K in keyof V]: V[K] | Placeholder };
}

export function bindingsOf(prefix: string, values: Record<string, unknown>): Values {
  const bindings: Values = {};
  for (const [key, value] of Object.entries(values)) if (!is(value, SQL)) bindings[`${prefix}.${key}`] = value;
  return bindings;
}
