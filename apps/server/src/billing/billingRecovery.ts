import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle, Queryable } from '../platform/db/database';
import { billingRuns } from '../platform/db/schema';
import type { SendOptions } from '../platform/jobs';
import { rowsOf } from '../platform/db/rowsOf';

// A billing run's state follows its job (issue 30, item 7). The job working a run refreshes the run's
// heartbeat every few seconds and after each batch; a run still Running whose heartbeat stopped lost
// its job (a node killed with `kill -9`, a crash, a restart) and would otherwise say Running for ever
// on PGlite, or until pg-boss expires the job (~20 min) on PostgreSQL. The sweeper (each minute) and a
// node's start mark such a run Interrupted and send its job again: the job is idempotent (each payer's
// month is billed once, under a unique constraint), so the resumed run bills only what is left.

/** How often a working job refreshes its run's heartbeat (besides after each batch). */
export const HEARTBEAT_INTERVAL_MS = 5_000;
/** A Running run whose heartbeat is older than this has lost its job: twelve missed beats, so a slow batch is no false alarm. */
export const HEARTBEAT_STALE_MS = 60_000;
/** The active states: at most one run per scope and month in them (billing_runs_one_active_idx). */
export const ACTIVE_RUN_STATUSES = ['Running', 'Interrupted'] as const;

export type SendJob = (name: string, data: object, options?: SendOptions) => Promise<void>;

/** The job of a run: one waiting job per run at most (a re-send while one waits adds nothing). */
export const billingRunJobKey = (runId: number) => `billing-run-${runId}`;

/**
 * The job has the run: Running again (no longer Interrupted), heartbeat now. False when the run
 * has ended meanwhile (another delivery of the job completed it): nothing to do.
 */
export async function claimBillingRun(db: Queryable, runId: number): Promise<boolean> {
  const claimed = await db
    .update(billingRuns)
    .set({ status: 'Running', interruptedAt: null, heartbeatAt: sql`now()` })
    .where(and(eq(billingRuns.id, runId), inArray(billingRuns.status, [...ACTIVE_RUN_STATUSES])))
    .returning({ id: billingRuns.id });
  return claimed.length > 0;
}

/** The job is alive: a beat (and Running again, should a slow beat have let the sweeper mark it). */
export async function beat(db: Queryable, runId: number): Promise<void> {
  await db
    .update(billingRuns)
    .set({ status: 'Running', interruptedAt: null, heartbeatAt: sql`now()` })
    .where(and(eq(billingRuns.id, runId), inArray(billingRuns.status, [...ACTIVE_RUN_STATUSES])));
}

/**
 * Beats every HEARTBEAT_INTERVAL_MS until stopped (the job's end). A failed beat is only logged by
 * the next one succeeding: the run's own statements fail the job if the database is gone.
 */
export function startHeartbeat(db: Queryable, runId: number): { stop(): Promise<void> } {
  let pending: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    pending = pending.then(() => beat(db, runId)).catch(() => undefined);
  }, HEARTBEAT_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await pending;
    },
  };
}

/**
 * The moment before which a heartbeat means the run has no job. On PGlite only this process works
 * the database, so a run not beaten since this process started has lost its job by definition —
 * found at once at start, not a minute later.
 */
export function staleBefore(kind: DatabaseHandle['kind'] | undefined, processStartedAt: Date, now = new Date()): Date {
  const byThreshold = new Date(now.getTime() - HEARTBEAT_STALE_MS);
  return kind === 'pglite' && processStartedAt > byThreshold ? processStartedAt : byThreshold;
}

/**
 * Marks every Running run whose heartbeat is older than `before` Interrupted (with the moment), and
 * sends the job of every Interrupted run still without a beat since then and without a job of its own
 * — the ones just marked, and any whose re-sent job was lost (the node died before sending). A job
 * of its own waits (created, retry) or has started since the run's last beat: the killed job started
 * before it, and stays "active" in pg-boss until it expires: it is cancelled, so the exclusive queue
 * (one job per run) takes the new one. Answers the runs sent again.
 */
export async function recoverInterruptedRuns(db: Database, send: SendJob, before: Date, jobName: string): Promise<number[]> {
  await db
    .update(billingRuns)
    .set({ status: 'Interrupted', interruptedAt: sql`now()` })
    .where(and(eq(billingRuns.status, 'Running'), lt(billingRuns.heartbeatAt, before)));
  const orphans = await rowsOf<{ id: number }>(
    db,
    sql`select r.id from billing_runs r
        where r.status = 'Interrupted' and r.heartbeat_at < ${before.toISOString()}
          and not exists (select 1 from pgboss.job j where j.name = ${jobName} and j.singleton_key = 'billing-run-' || r.id
                        and (j.state in ('created', 'retry') or (j.state = 'active' and j.started_on > r.heartbeat_at)))
        order by r.id`,
  );
  if (orphans.length) {
    // The dead node's job still holds the run's key ("active" until pg-boss expires it, 15 minutes):
    // cancelled, it lets the exclusive queue take the run's job again now (issue 31).
    await db.execute(sql`update pgboss.job j set state = 'cancelled', completed_on = now()
      from billing_runs r
      where r.id = any(${sql.param(orphans.map((run) => run.id))}::int[]) and j.name = ${jobName} and j.singleton_key = 'billing-run-' || r.id
        and j.state = 'active' and j.started_on <= r.heartbeat_at`);
  }
  for (const { id } of orphans) await send(jobName, { billingRunId: id }, { singletonKey: billingRunJobKey(id) });
  return orphans.map((run) => run.id);
}
