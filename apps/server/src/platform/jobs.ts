import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from './db/database';

/** What a job handler works with: the same database as the operations. */
export interface JobContext {
  db: Database;
  log: FastifyBaseLogger;
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
  handler(data: Data, ctx: JobContext): Promise<void>;
}

export interface SendOptions {
  /** Not before this moment (a scheduled termination's date). */
  startAfter?: Date;
  /** At most one waiting job with this key per queue. */
  singletonKey?: string;
}

/**
 * pg-boss on the server's own database (DESIGN.md "The machine": on PGlite through its `db`
 * option). Several nodes on one database share the queues: pg-boss hands each job to one of them
 * (SKIP LOCKED) and keeps one cron schedule for all.
 */
export class JobRunner {
  private readonly definitions: JobDefinition[];
  /** pg-boss once started: queues created, workers polling, schedules kept. */
  private boss: Promise<PgBoss> | null = null;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    definitions: JobDefinition[],
  ) {
    this.definitions = definitions;
  }

  async start(): Promise<void> {
    await this.startedBoss();
  }

  private startedBoss(): Promise<PgBoss> {
    this.boss ??= this.startBoss();
    return this.boss;
  }

  private async startBoss(): Promise<PgBoss> {
    // pg-boss (and pg with it) loads here, after the server answers, not during its start (issue 12).
    const { default: PgBoss } = await import('pg-boss');
    const boss = new PgBoss({
      db: { executeSql: (text, values) => this.database.executeSql(text, values) },
      // Old jobs are archived after a day and dropped after a week: the audit log keeps the history.
      archiveCompletedAfterSeconds: 24 * 3600,
      deleteAfterDays: 7,
    });
    // Without a listener an 'error' event would throw; a failed poll is retried on the next one.
    boss.on('error', (error) => this.log.error({ err: error }, 'job runner error'));
    await boss.start();
    try {
      for (const def of this.definitions) {
        await boss.createQueue(def.name);
        await boss.work(def.name, { batchSize: def.batchSize ?? 1, pollingIntervalSeconds: def.pollingIntervalSeconds ?? 2 }, async (jobs) => {
          for (const job of jobs) await def.handler(job.data as object, { db: this.database.db, log: this.log });
        });
        if (def.cron) await boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
      }
    } catch (error) {
      // stop() cannot reach a runner that never finished starting: its pollers stop here.
      await boss.stop({ graceful: false, close: false }).catch(() => undefined);
      throw error;
    }
    return boss;
  }

  /** Enqueues a job; the database keeps it until a node has done it. */
  async send(name: string, data: object, options: SendOptions = {}): Promise<void> {
    const boss = await this.startedBoss();
    await boss.send(name, data, { startAfter: options.startAfter, singletonKey: options.singletonKey });
  }

  /** Stops polling and waits briefly for running jobs; the server closes the database after. */
  async stop(): Promise<void> {
    const boss = await this.boss?.catch(() => undefined);
    await boss?.stop({ graceful: true, wait: true, close: false, timeout: 5_000 });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's job runner (platform/jobs.ts). */
    jobs: JobRunner;
  }
}
