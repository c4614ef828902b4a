import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './db/database';
import { JobRunner } from './jobs';
import type { FastifyBaseLogger } from 'fastify';

// Issue 31: a database that ran pg-boss 10 (schema version 24, which pg-boss 12 cannot migrate) is
// cut over at the first start: the old schema is set aside, pg-boss 12 creates its own, the jobs that
// still waited are sent again into it and the old schema is dropped.

const silentLogger = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;
let handle: DatabaseHandle;
let runner: JobRunner | undefined;
const handled: string[] = [];

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  // What pg-boss 10 leaves behind, as far as the cut-over reads it.
  await handle.executeSql(`create schema pgboss;
    create table pgboss.version (version int primary key);
    insert into pgboss.version values (24);
    create table pgboss.job (id uuid primary key default gen_random_uuid(), name text not null, data jsonb, state text not null,
      singleton_key text, start_after timestamptz not null default now(), created_on timestamptz not null default now());
    insert into pgboss.job (name, data, state, singleton_key, start_after) values
      ('test.carried', '{"id":"waiting"}', 'created', 'task-1', now() + interval '1 hour'),
      ('test.carried', '{"id":"running"}', 'active', 'task-2', now()),
      ('test.carried', '{"id":"done"}', 'completed', 'task-3', now()),
      ('test.gone', '{"id":"other"}', 'created', null, now());`);
  runner = new JobRunner(handle, silentLogger, [
    {
      name: 'test.carried',
      policy: 'exclusive',
      pollingIntervalSeconds: 30,
      async handler(data) {
        handled.push((data as { id: string }).id);
      },
    },
  ]);
  await runner.start();
}, 120_000);
afterAll(async () => {
  await runner?.stop();
  await handle?.close();
});

describe('the pg-boss 10 → 12 cut-over', () => {
  it("sends again the jobs that still waited or ran, with their keys and starts, and drops pg-boss 10's schema", async () => {
    const { rows } = (await handle.executeSql(`select data ->> 'id' as id, singleton_key, start_after > now() + interval '30 minutes' as later from pgboss.job where name = 'test.carried' order by 1`)) as {
      rows: { id: string; singleton_key: string; later: boolean }[];
    };
    expect(rows).toEqual([
      { id: 'running', singleton_key: 'task-2', later: false },
      { id: 'waiting', singleton_key: 'task-1', later: true },
    ]);
    const schemas = (await handle.executeSql(`select nspname from pg_namespace where nspname like 'pgboss%' order by 1`)) as { rows: { nspname: string }[] };
    expect(schemas.rows.map((row) => row.nspname)).toEqual(['pgboss']);
    const version = (await handle.executeSql('select version from pgboss.version')) as { rows: { version: number }[] };
    expect(version.rows[0]!.version).toBeGreaterThanOrEqual(25);
  });

  it('runs the carried-over job that was due, and a second start finds nothing to cut over', async () => {
    await expect.poll(() => handled, { timeout: 10_000 }).toContain('running');
    expect(handled).not.toContain('waiting');
    await runner!.stop();
    runner = new JobRunner(handle, silentLogger, [{ name: 'test.carried', policy: 'exclusive', pollingIntervalSeconds: 30, handler: async () => undefined }]);
    await runner.start();
    const { rows } = (await handle.executeSql(`select count(*)::int as n from pgboss.job where name = 'test.carried' and data ->> 'id' = 'waiting'`)) as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(1);
  });
});
