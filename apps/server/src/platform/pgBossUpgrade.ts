import { randomUUID } from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import type { DatabaseHandle } from './db/database';

// pg-boss 10 → 12 (issue 31). pg-boss 12 cannot migrate pg-boss 10's schema (its version 24; 12
// migrates from 25 on, and 11.0 shipped none), so a database that ran pg-boss 10 is cut over once:
// the old schema is set aside before pg-boss 12 starts (it then creates its own `pgboss`), and once
// the queues exist the jobs that still waited there are sent again and the old schema is dropped.
// Every node of a deployment must run the new version: a pg-boss 10 node would run its statements
// on the new schema. The sweepers (terminations, imports, billing, provisioning) find whatever a lost
// job left anyway; the copy spares a reset or resend mail and an invoice ZIP.

const OLD_SCHEMA = 'pgboss_v10';

/** Sets pg-boss 10's schema aside, once, in one statement (nodes starting together do it once). */
export async function retirePgBoss10(database: Pick<DatabaseHandle, 'executeSql'>): Promise<void> {
  await database.executeSql(`do $$
    declare schema_version int;
    begin
      perform pg_advisory_xact_lock(hashtext('cmp:pg-boss-12-cutover'));
      if to_regclass('pgboss.version') is null or to_regnamespace('${OLD_SCHEMA}') is not null then return; end if;
      execute 'select version from pgboss.version limit 1' into schema_version;
      if schema_version < 25 then alter schema pgboss rename to ${OLD_SCHEMA}; end if;
    end $$`);
}

interface OldJob {
  name: string;
  data: object | null;
  singleton_key: string | null;
  start_after: Date | string | null;
}

/**
 * Sends again the jobs pg-boss 10 still held for the queues this node runs (waiting, retrying, or
 * running when it stopped), then drops the old schema; answers the queues sent to. `keyed` names the queues whose jobs keep their singletonKey.
 */
export async function carryOverPgBoss10Jobs(database: Pick<DatabaseHandle, 'executeSql'>, boss: PgBoss, queues: string[], keyed: Set<string>): Promise<string[]> {
  // Claimed by renaming it to a name of this node's: of nodes starting together one copies.
  const copying = `${OLD_SCHEMA}_copy_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await database.executeSql(`do $$ begin
      perform pg_advisory_xact_lock(hashtext('cmp:pg-boss-12-cutover'));
      if to_regnamespace('${OLD_SCHEMA}') is not null then alter schema ${OLD_SCHEMA} rename to ${copying}; end if;
    end $$`);
  const present = (await database.executeSql(`select to_regclass('${copying}.job') is not null as present`)).rows[0] as { present: boolean } | undefined;
  if (!present?.present) return [];
  const { rows } = (await database.executeSql(
    `select name, data, singleton_key, start_after from ${copying}.job where state in ('created', 'retry', 'active') and name = any($1::text[]) order by created_on`,
    [queues],
  )) as { rows: OldJob[] };
  const byQueue = new Map<string, OldJob[]>();
  for (const job of rows) byQueue.set(job.name, [...(byQueue.get(job.name) ?? []), job]);
  for (const [name, jobs] of byQueue) {
    await boss.insert(
      name,
      jobs.map((job) => ({
        data: job.data ?? {},
        ...(job.start_after && { startAfter: new Date(job.start_after) }),
        ...(keyed.has(name) && job.singleton_key && { singletonKey: job.singleton_key }),
      })),
    );
  }
  await database.executeSql(`drop schema ${copying} cascade`);
  return [...byQueue.keys()];
}
