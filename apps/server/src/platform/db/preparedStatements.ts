import type pg from 'pg';

// Statements the server sends again and again (an order's twenty-odd, a session's lookup) are given a
// name, so each PostgreSQL connection parses them once and may keep their plan (issue 14: under
// `npm run bench orders`, parsing and planning took about three quarters of the database's time of a
// statement; executing it the rest). drizzle sends every query unnamed, which PostgreSQL parses and
// plans anew each time.
//
// The name stands for the statement's text, the same on every connection of this process. Bounded both
// ways: a process names at most MAX_NAMES texts and a connection prepares at most
// MAX_PER_CONNECTION (each costs the backend some memory for as long as the connection lives), so
// statements whose text varies (a list of n placeholders) fall back to being sent unnamed.
//
// A prepared statement keeps its result's shape: a table changed under a `select *` by another node's
// migration answers "cached plan must not change result type" on this node's older connections. The
// server names columns in its statements, and migrations run before a node serves.

const MAX_NAMES = 5_000;
const MAX_PER_CONNECTION = 500;

const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMES) {
    name = `cmp_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

interface QueryConfig {
  text?: unknown;
  name?: unknown;
  values?: unknown;
}

/** Makes the connection send its parameterised statements named (see above). */
export function namePreparedStatements(client: pg.ClientBase, { maxPerConnection = MAX_PER_CONNECTION } = {}): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const prepared = new Set<string>();
  const named = (config: QueryConfig, values: unknown): QueryConfig => {
    const parameters = Array.isArray(values) ? values : config.values;
    // Without parameters node-postgres sends a simple query (begin, commit), which has nothing to keep.
    if (config.name !== undefined || typeof config.text !== 'string' || !Array.isArray(parameters) || parameters.length === 0) return config;
    const name = nameOf(config.text);
    if (name === undefined) return config;
    if (!prepared.has(name)) {
      if (prepared.size >= maxPerConnection) return config;
      prepared.add(name);
    }
    return { ...config, name };
  };
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    // A Query or cursor object (it has `submit`) goes as it came.
    if (typeof config === 'string') return query(named({ text: config }, rest[0]), ...rest);
    if (config !== null && typeof config === 'object' && !('submit' in config)) return query(named(config as QueryConfig, rest[0]), ...rest);
    return query(config, ...rest);
  };
}
