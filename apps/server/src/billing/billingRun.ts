import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../platform/db/database';
import { accounts, billingRuns } from '../platform/db/schema';
import { runBounded, type JobContext, type JobDefinition } from '../platform/jobs';
import { refreshStatistics } from '../platform/db/statisticsJobs';
import { utcDayOf } from '../platform/dates';
import { intervalContaining, intervalOf, previousInterval, type Interval } from './calendar';
import { billPayers, newRunCache } from './payerBilling';
import { payersToBill, type PayerToBill } from './billingPayers';
import { ACTIVE_RUN_STATUSES, billingRunJobKey, claimBillingRun, recoverInterruptedRuns, staleBefore, startHeartbeat, type SendJob } from './billingRecovery';
import { isUniqueViolation } from '../platform/db/dbErrors';
import { rowsOf } from '../platform/db/rowsOf';

// The billing run (issue 15; docs/architecture.md "Billing"): a row in billing_runs, then a pg-boss job that bills
// each payer below its scope in its own transaction (payerBilling.ts). The job may be repeated — a
// retry, a second node, a restart after `kill -9` — and only bills the payers still without their
// month's mark (payers are billed in batches, a transaction each), so a run always completes with exactly one invoice per payer, seller and month.
// Companies come first, then the resellers from the deepest up to the platform owner: a reseller's
// invoice copies the lines it issued (upstreamBilling.ts), so it is billed after its customers.

export const BILLING_RUN_JOB = 'billing.run';
export const BILLING_SWEEP_JOB = 'billing.sweep';
/** Each minute (and at a node's start): runs whose job died are marked Interrupted and resumed (billingRecovery.ts). */
export const BILLING_RECOVERY_JOB = 'billing.recover';

/** Payers billed side by side on PostgreSQL (each its own transaction and connection); PGlite's one connection takes them in turn. */
export const PAYER_CONCURRENCY = 4;

/**
 * The month that ended last in UTC: what a run bills unless told otherwise. A payer west of UTC may
 * still be in it; billPayers leaves such a payer for a later run.
 */
export function lastEndedInterval(now = new Date()): Interval {
  return previousInterval(intervalContaining(utcDayOf(now)));
}


/** The run of a scope and month that is active (Running or Interrupted): a second may not start meanwhile. */
export class ActiveBillingRunError extends Error {
  constructor(readonly run: { id: number; startedAt: Date }) {
    super(`billing run ${run.id} is active`);
  }
}

/**
 * Starts a run (status Running); the job bills it. One run per scope and month at a time (issue 30):
 * the partial unique index billing_runs_one_active_idx decides between racing callers — the insert
 * waits for a racing one's transaction and then does nothing — so the loser throws
 * ActiveBillingRunError naming the run it lost to. `on conflict do nothing` rather than catching the
 * violation: the caller's transaction (the audit entry, the idempotency record) stays usable.
 */
export async function createBillingRun(db: Queryable, input: { intervalId: string; scopeAccountId: number | null; startedByAccountId: number | null }): Promise<number> {
  // A run that ends between the conflict and the look gives way: try again (rarely more than once).
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [created] = await rowsOf<{ id: number }>(
      db,
      sql`insert into billing_runs (interval_id, scope_account_id, started_by_account_id) values (${input.intervalId}, ${input.scopeAccountId}, ${input.startedByAccountId})
          on conflict (coalesce(scope_account_id, 0), interval_id) where status in ('Running', 'Interrupted') do nothing returning id`,
    );
    if (created) return created.id;
    const [active] = await db
      .select({ id: billingRuns.id, startedAt: billingRuns.startedAt })
      .from(billingRuns)
      .where(
        and(
          input.scopeAccountId === null ? sql`${billingRuns.scopeAccountId} is null` : eq(billingRuns.scopeAccountId, input.scopeAccountId),
          eq(billingRuns.intervalId, input.intervalId),
          inArray(billingRuns.status, [...ACTIVE_RUN_STATUSES]),
        ),
      );
    if (active) throw new ActiveBillingRunError(active);
  }
  throw new Error('the billing run could not be started: its scope and month stayed taken');
}

/**
 * Companies billed in one transaction (payerBilling.ts billPayers). A reseller is a batch of its own:
 * its bill holds a line for every subscription below it, so it is a big batch already, and resellers
 * side by side keep the connections busy.
 */
export const COMPANIES_PER_BATCH = 25;

/**
 * The payers in the order they are billed, in levels, each in batches billed side by side: every
 * company, then the resellers one level at a time from the deepest up, each level after the one
 * below it committed. A batch holds payers of one parent (so of one seller), and batches of
 * different parents alternate, so batches billed side by side seldom wait for one seller's invoice
 * counter.
 */
export function billingOrder(payers: readonly PayerToBill[]): number[][][] {
  const companies = payers.filter((p) => p.type !== 'Reseller');
  const depths = [...new Set(payers.filter((p) => p.type === 'Reseller').map((p) => p.depth))].sort((a, b) => b - a);
  const levels = [companies, ...depths.map((depth) => payers.filter((p) => p.type === 'Reseller' && p.depth === depth))].filter((level) => level.length > 0);
  return levels.map((level) => batchesOf(level, level[0]!.type === 'Reseller' ? 1 : COMPANIES_PER_BATCH));
}

function batchesOf(level: readonly PayerToBill[], size: number): number[][] {
  const byParent = new Map<string, number[][]>();
  for (const payer of level) {
    const parent = payer.path.slice(0, payer.path.lastIndexOf('/', payer.path.length - 2) + 1);
    const batches = byParent.get(parent) ?? [];
    const last = batches.at(-1);
    if (last && last.length < size) last.push(payer.id);
    else batches.push([payer.id]);
    byParent.set(parent, batches);
  }
  // Round robin over the parents.
  const queues = [...byParent.values()];
  const total = queues.reduce((n, q) => n + q.length, 0);
  const order: number[][] = [];
  for (let round = 0; order.length < total; round += 1) {
    for (const queue of queues) if (queue[round]) order.push(queue[round]!);
  }
  return order;
}

/** Bills every payer of the run still to bill; marks the run Completed (or Failed with the reason). */
export interface BillingRunOptions {
  now?: Date;
  /** Payers billed side by side (each its own transaction): 1 on PGlite. */
  concurrency?: number;
  /** Told after each payer's transaction committed (the benchmark's and the kill test's progress). */
  onPayerDone?: (payerAccountId: number) => void | Promise<void>;
  /**
   * Sample the tables first (PGlite, which has no autovacuum: platform/db/statisticsJobs.ts): the
   * run reads most of the database, and plans made on default estimates read it once per batch.
   */
  refreshStatistics?: boolean;
}

export async function executeBillingRun(db: Database, runId: number, options: BillingRunOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  const [run] = await db.select().from(billingRuns).where(eq(billingRuns.id, runId));
  if (!run || run.status === 'Completed') return;
  // The job has the run (Running, a fresh heartbeat); a Failed run's retry may not take it while
  // another run of its scope and month is active (the unique index), which then bills the month.
  if (!(await claimFailedOrActive(db, runId, run.status))) return;
  const interval = intervalOf(run.intervalId);
  const heartbeat = startHeartbeat(db, runId);
  try {
    if (options.refreshStatistics) await refreshStatistics(db);
    const [scope] = run.scopeAccountId === null ? [{ path: '/' }] : await db.select({ path: accounts.path }).from(accounts).where(eq(accounts.id, run.scopeAccountId));
    const payers = await payersToBill(db, interval, scope?.path ?? '/');
    // A resumed run counts what it still has to do on top of what it did.
    await db.update(billingRuns).set({ payersTotal: sql`${billingRuns.payersDone} + ${payers.length}`, status: 'Running', error: null }).where(eq(billingRuns.id, runId));
    const cache = newRunCache();
    for (const level of billingOrder(payers)) {
      await runBounded(level, options.concurrency ?? 1, async (batch) => {
        // A month not over yet in a payer's time zone, or a reseller waiting for a customer: a later run bills it; the run counts it as handled.
        // Each batch's transaction also beats the run's heartbeat (payerBilling.ts).
        await billPayers(db, cache, batch, interval, runId, now);
        for (const payerId of batch) await options.onPayerDone?.(payerId);
      });
    }
    await heartbeat.stop();
    await db
      .update(billingRuns)
      .set({ status: 'Completed', finishedAt: new Date(), interruptedAt: null })
      .where(and(eq(billingRuns.id, runId), inArray(billingRuns.status, [...ACTIVE_RUN_STATUSES])));
  } catch (error) {
    await heartbeat.stop();
    await db
      .update(billingRuns)
      .set({ status: 'Failed', finishedAt: new Date(), interruptedAt: null, error: error instanceof Error ? error.message.slice(0, 500) : String(error) })
      .where(eq(billingRuns.id, runId));
    throw error;
  }
}

async function claimFailedOrActive(db: Database, runId: number, status: string): Promise<boolean> {
  if (status !== 'Failed') return claimBillingRun(db, runId);
  const taken = await db
    .update(billingRuns)
    .set({ status: 'Running', interruptedAt: null, heartbeatAt: sql`now()` })
    .where(and(eq(billingRuns.id, runId), eq(billingRuns.status, 'Failed')))
    .returning({ id: billingRuns.id })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return [];
      throw error;
    });
  return taken.length > 0;
}

/**
 * The monthly run, as a daily sweeper: each day it bills the last closed month for every payer not
 * billed yet (a payer west of UTC closes its month hours after the first sweep), and records a run
 * only when there is someone to bill.
 */
export async function sweepBilling(db: Database, options: BillingRunOptions = {}): Promise<number | null> {
  const now = options.now ?? new Date();
  const interval = lastEndedInterval(now);
  if ((await payersToBill(db, interval, '/')).length === 0) return null;
  let runId: number;
  try {
    runId = await createBillingRun(db, { intervalId: interval.id, scopeAccountId: null, startedByAccountId: null });
  } catch (error) {
    // A run over everyone is at it already (or resumes): it bills these payers.
    if (error instanceof ActiveBillingRunError) return null;
    throw error;
  }
  await executeBillingRun(db, runId, options);
  return runId;
}

/** Side by side on PostgreSQL; on PGlite's one connection in turn, after sampling the tables. */
export const runOptionsOn = (kind: JobContext['databaseKind']): BillingRunOptions =>
  kind === 'postgres' ? { concurrency: PAYER_CONCURRENCY } : { concurrency: 1, refreshStatistics: true };

export function billingJobs(settings: { send: SendJob }): JobDefinition[] {
  // This node's start: on PGlite (one process) a run not beaten since then has lost its job.
  const nodeStartedAt = new Date();
  const recover = async ({ db, log, databaseKind }: JobContext) => {
    const resumed = await recoverInterruptedRuns(db, settings.send, staleBefore(databaseKind, nodeStartedAt), BILLING_RUN_JOB);
    if (resumed.length) log.warn({ runIds: resumed }, 'billing runs interrupted: resuming');
  };
  return [
    {
      name: BILLING_RUN_JOB,
      // One job per task (its singletonKey): a second send of the same task is refused by the queue.
      policy: 'exclusive',
      pollingIntervalSeconds: 5,
      async handler(data, { db, databaseKind }) {
        await executeBillingRun(db, (data as { billingRunId: number }).billingRunId, runOptionsOn(databaseKind));
      },
    },
    {
      name: BILLING_SWEEP_JOB,
      // Daily at 00:30 UTC: the first month-end is billed half an hour after it passed in UTC.
      cron: '30 0 * * *',
      pollingIntervalSeconds: 60,
      async handler(_data, { db, log, databaseKind }) {
        const runId = await sweepBilling(db, runOptionsOn(databaseKind));
        if (runId !== null) log.info({ runId }, 'monthly billing run');
      },
    },
    { name: BILLING_RECOVERY_JOB, cron: '* * * * *', pollingIntervalSeconds: 30, handler: (_data, ctx) => recover(ctx), onStart: recover },
  ];
}

/** The job of a run, sent after the transaction that created it committed. */
export const sendBillingRunJob = (send: SendJob, runId: number) => send(BILLING_RUN_JOB, { billingRunId: runId }, { singletonKey: billingRunJobKey(runId) });
