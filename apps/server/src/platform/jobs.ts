import type { JobInsert, PgBoss } from 'pg-boss';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from './db/database';
import { carryOverPgBoss10Jobs, retirePgBoss10 } from './pgBossUpgrade';

/** What a job handler works with: the same database as the operations. */
export interface JobContext {
  db: Database;
  log: FastifyBaseLogger;
  /** PostgreSQL pools connections, so work may run side by side; PGlite has one connection. */
  databaseKind?: DatabaseHandle['kind'];
}

/**
 * A kind of background work (DESIGN.md "jobs": scheduled terminations, billing run …). Handlers
 * must be idempotent: pg-boss delivers at least once, and a retry or a second node may repeat one.
 */
export interface JobDefinition<Data extends object = object> {
  /** The pg-boss queue: letters, digits, '-', '_', '.'. */
  name: string;
  /** Also enqueue one job per cron tick (UTC): a sweeper that catches up whatever a lost job missed. */
  cron?: string;
  /** How often an idle node looks for work; precise start times need a short interval. */
  pollingIntervalSeconds?: number;
  /**
   * Jobs taken per look (default 1): pg-boss waits the interval between looks, so a queue that can
   * fill quickly (reset mails) needs more. A handler that throws fails the jobs of its batch.
   */
  batchSize?: number;
  /**
   * Jobs of a batch handled at once (default 1: one after the other). A queue whose handler waits on
   * another system (the vendor's API) gets through a batch in the time of its slowest job, not the sum.
   */
  concurrency?: number;
  handler(data: Data, ctx: JobContext): Promise<void>;
  /**
   * Handles a batch as one, instead of `handler` per job (with `concurrency`): a queue whose jobs share
   * reads and sends (provisioning: the batch's requests read in one statement, their next steps sent
   * in one). Throwing fails the whole batch, as a failing `handler` does.
   */
  batchHandler?(datas: Data[], ctx: JobContext): Promise<void>;
  /**
   * Once when this node's runner has started (its workers polling): catch up on what a node that
   * died left behind (issue 30: a billing run whose job was killed), without waiting for the cron.
   * A failure is logged; the cron tick tries again.
   */
  onStart?(ctx: JobContext): Promise<void>;
  /**
   * 'exclusive' (issue 31): at most one job per singletonKey is waiting, retrying or running — a
   * second send of the same task is refused by the queue, not by luck; every send must name its key.
   * 'standard' (the default) keeps every job sent: a key there would deduplicate nothing, so it is
   * refused. A queue's policy is fixed when the queue is first created.
   */
  policy?: 'standard' | 'exclusive';
}

export interface SendOptions {
  /** Not before this moment (a scheduled termination's date). */
  startAfter?: Date;
  /** On an 'exclusive' queue (JobDefinition.policy): at most one waiting, retrying or running job with this key. */
  singletonKey?: string;
}

/** A job sent here for later than this is left to the pollers (no timer kept for it). */
const WAKE_AHEAD_MS = 60_000;
/**
 * Wake-ups are gathered on this grid: the jobs a queue is sent within one step (an order's
 * provisioning, at a hundred orders a second) are fetched, and completed, by one look instead of a
 * look each (issue 14: pg-boss's statements per order). A job starts at most this much later.
 */
const WAKE_STEP_MS = 50;
/** Jobs in one insert at most (JobRunner.send). */
const MAX_JOBS_PER_INSERT = 200;

/**
 * Runs `handle` over `items`, at most `limit` at a time, in their order. After a failure no further
 * item is started; the ones running finish, then the first failure is thrown (the batch fails as a
 * whole — with a limit of 1 exactly as one after the other did).
 */
export async function runBounded<T>(items: readonly T[], limit: number, handle: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const lane = async () => {
    while (next < items.length && failures.length === 0) {
      const item = items[next]!;
      next += 1;
      try {
        await handle(item);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failures.length) throw failures[0];
}

/**
 * pg-boss on the server's own database (DESIGN.md "The machine": on PGlite through its `db`
 * option). Several nodes on one database share the queues: pg-boss hands each job to one of them
 * (SKIP LOCKED) and keeps one cron schedule for all.
 */
export class JobRunner {
  private readonly definitions: JobDefinition[];
  /** Each queue's policy, looked up on every send (an order's provisioning is on the hot path). */
  private readonly policies: Map<string, NonNullable<JobDefinition['policy']>>;
  /** pg-boss once started: queues created, workers polling, schedules kept. */
  private boss: Promise<PgBoss> | null = null;
  /** This node's worker of each queue (pg-boss worker ids), to wake it when a job is sent here. */
  private readonly workers = new Map<string, string>();
  /** Wake-ups of jobs sent here, by queue and moment on the grid (JobRunner.wake). */
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopping = false;
  /**
   * Handlers running and pg-boss's own statements in flight: closing waits for both, so no handler
   * and no completion pg-boss fires without awaiting outlives the database (an unhandled rejection).
   */
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    definitions: JobDefinition[],
  ) {
    this.definitions = definitions;
    this.policies = new Map(definitions.map((def) => [def.name, def.policy ?? 'standard']));
  }

  private startHooks: Promise<void> | null = null;

  async start(): Promise<void> {
    await this.startedBoss();
    // After the runner is up, so a hook may send jobs (send waits for the started runner).
    this.startHooks ??= this.runStartHooks();
    await this.startHooks;
  }

  private async runStartHooks(): Promise<void> {
    const ctx: JobContext = { db: this.database.db, log: this.log, databaseKind: this.database.kind };
    for (const def of this.definitions) {
      if (!def.onStart || this.stopping) continue;
      await this.tracked(def.onStart(ctx)).catch((error: unknown) => this.log.error({ err: error, queue: def.name }, 'a job start hook failed'));
    }
  }

  private startedBoss(): Promise<PgBoss> {
    this.boss ??= this.startBoss();
    return this.boss;
  }

  private async startBoss(): Promise<PgBoss> {
    // pg-boss (and pg with it) loads here, after the server answers, not during its start (issue 12).
    const { PgBoss } = await import('pg-boss');
    await retirePgBoss10(this.database);
    const isEmbedded = this.database.kind === 'pglite';
    const boss = new PgBoss({
      db: { executeSql: (text, values) => this.tracked(this.database.executeSql(text, values)) },
      backend: isEmbedded ? 'pglite' : 'postgres',
      // The embedded database has one connection: no instance registry writing to it every 30 s.
      registerInstance: !isEmbedded,
    });
    boss.on('warning', (warning) => this.log.warn({ warning }, 'job runner warning'));
    // Without a listener an 'error' event would throw; a failed poll is retried on the next one.
    boss.on('error', (error) => this.log.error({ err: error }, 'job runner error'));
    await boss.start();
    try {
      for (const def of this.definitions) {
        // Finished jobs are kept a week (the admin console's job list): the audit log keeps the history.
        await boss.createQueue(def.name, { policy: def.policy ?? 'standard', deleteAfterSeconds: 7 * 86_400 });
        const batchSize = def.batchSize ?? 1;
        const ctx: JobContext = { db: this.database.db, log: this.log, databaseKind: this.database.kind };
        const workerId = await boss.work(def.name, { batchSize, pollingIntervalSeconds: def.pollingIntervalSeconds ?? 2 }, async (jobs) => {
          // A full batch leaves more waiting: the worker looks again at once, not after its interval.
          if (jobs.length >= batchSize) boss.notifyWorker(workerId);
          if (def.batchHandler) await this.tracked(def.batchHandler(jobs.map((job) => job.data as object), ctx));
          else await runBounded(jobs, def.concurrency ?? 1, (job) => this.tracked(def.handler(job.data as object, ctx)));
        });
        this.workers.set(def.name, workerId);
        if (def.cron) await boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
      }
      const exclusive = new Set([...this.policies].filter(([, policy]) => policy === 'exclusive').map(([name]) => name));
      const carried = await carryOverPgBoss10Jobs(this.database, boss, this.definitions.map((def) => def.name), exclusive);
      if (carried.length) this.log.info({ queues: carried }, 'jobs carried over from pg-boss 10');
      // Their workers looked before the jobs were there: they look again now, not at their next poll.
      for (const name of carried) boss.notifyWorker(this.workers.get(name)!);
    } catch (error) {
      // stop() cannot reach a runner that never finished starting: its pollers stop here.
      await boss.stop({ graceful: false, close: false }).catch(() => undefined);
      throw error;
    }
    return boss;
  }

  private tracked<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const forget = () => this.running.delete(work);
    work.then(forget, forget);
    return work;
  }

  /**
   * Enqueues a job; the database keeps it until a node has done it. It goes in one statement with
   * whatever else this node sends at that moment: while one insert is on its way, the jobs sent
   * meanwhile wait and go together in the next (issue 14: an order's provisioning job, and each step's
   * next, cost a round trip each before). A node sending now and then waits for nothing.
   */
  async send(name: string, data: object, options: SendOptions = {}): Promise<void> {
    await this.sendOnce(name, data, options);
  }

  /** send, answering whether the job was taken: false when an exclusive queue holds the same task. */
  async sendOnce(name: string, data: object, options: SendOptions = {}): Promise<boolean> {
    const policy = this.policies.get(name) ?? 'standard';
    if (policy === 'exclusive' && !options.singletonKey) throw new Error(`job queue ${name} is exclusive: every job names its task (singletonKey)`);
    if (policy === 'standard' && options.singletonKey) throw new Error(`job queue ${name} keeps every job: a singletonKey there deduplicates nothing (make the queue exclusive)`);
    const boss = await this.startedBoss();
    const id = randomUUID();
    const inserted = await new Promise<Set<string>>((resolve, reject) => {
      this.outgoing.push({ name, job: { id, data, ...(options.startAfter && { startAfter: options.startAfter }), ...(options.singletonKey && { singletonKey: options.singletonKey }) }, resolve, reject });
      this.flushOutgoing(boss);
    });
    // Refused by the queue's policy: the same task already waits or runs.
    if (!inserted.has(id)) return false;
    this.wake(boss, name, options.startAfter);
    return true;
  }

  /** Jobs waiting for the insert on its way (send). */
  private readonly outgoing: { name: string; job: JobInsert; resolve: (inserted: Set<string>) => void; reject: (error: unknown) => void }[] = [];
  private isFlushing = false;

  private flushOutgoing(boss: PgBoss): void {
    if (this.isFlushing) return;
    this.isFlushing = true;
    void (async () => {
      while (this.outgoing.length > 0) {
        // One insert per queue (pg-boss 12 inserts a queue's jobs together), of the jobs waiting now.
        const name = this.outgoing[0]!.name;
        const waiting: typeof this.outgoing = [];
        for (let i = 0; i < this.outgoing.length && waiting.length < MAX_JOBS_PER_INSERT; ) {
          if (this.outgoing[i]!.name === name) waiting.push(...this.outgoing.splice(i, 1));
          else i += 1;
        }
        try {
          const ids = await this.tracked(boss.insert(name, waiting.map(({ job }) => job), { returnId: true }));
          const inserted = new Set(ids ?? []);
          for (const { resolve } of waiting) resolve(inserted);
        } catch (error) {
          for (const { reject } of waiting) reject(error);
        }
      }
      this.isFlushing = false;
    })();
  }

  /**
   * A job sent on this node wakes this node's worker of its queue when it is due (the next step of
   * the grid at or after its start) instead of waiting for the next poll; one wake-up per queue and
   * step. Only a shortcut: the job is in the database, and any node's poll still finds it.
   */
  private wake(boss: PgBoss, name: string, startAfter: Date | undefined): void {
    const workerId = this.workers.get(name);
    if (workerId === undefined || this.stopping) return;
    const now = Date.now();
    // pg-boss compares start_after with the database's clock: a few milliseconds late, not early.
    const due = (startAfter ? Math.max(now, startAfter.getTime()) : now) + 5;
    if (due - now > WAKE_AHEAD_MS) return;
    const step = Math.ceil(due / WAKE_STEP_MS) * WAKE_STEP_MS;
    const key = `${name}@${step}`;
    if (this.timers.has(key)) return;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      if (!this.stopping) boss.notifyWorker(workerId);
    }, step - now);
    timer.unref();
    this.timers.set(key, timer);
  }

  /** Stops polling and waits briefly for running jobs; the server closes the database after. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    const boss = await this.boss?.catch(() => undefined);
    await boss?.stop({ graceful: true, close: false, timeout: 5_000 });
    // A handler slower than pg-boss's wait still ends by its own time limits (the vendor client's).
    // Its completion (or failure) is issued a few promise steps after it settles: a macrotask later
    // every one of them has started, and is then awaited like any statement in flight.
    while (this.running.size > 0) {
      await Promise.allSettled([...this.running]);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's job runner (platform/jobs.ts). */
    jobs: JobRunner;
  }
}
