import { sql } from 'drizzle-orm';
import { getBackgroundJobsResponseSchema, JOB_STATES, retryJobRequestSchema, type JobState } from '@cmp/contracts/adminConsole';
import { emptyRequestSchema, okResponseSchema } from '@cmp/contracts/auth';
import { writeAudit, requestMeta } from '../platform/audit';
import type { Queryable } from '../platform/db/database';
import { isUniqueViolation } from '../platform/db/dbErrors';
import { ApiError } from '../platform/errors';
import { defineOperation } from '../platform/operations';
import { ADMIN_CONSOLE_EXECUTE, ADMIN_CONSOLE_READ, ADMIN_CONSOLE_SERVICE, isoOf, requirePlatformOwner } from './adminConsoleAccess';

// Background jobs (DESIGN.md "jobs": pg-boss 12 on the same database). Read straight from pg-boss's
// own tables: any node answers, also one whose job runner has not started yet.

const FAILED_JOBS_SHOWN = 200;

const rowsOf = async <T>(db: Queryable, query: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** pg-boss's schema exists once the job runner has started on this database. */
async function hasJobTables(db: Queryable): Promise<boolean> {
  const [row] = await rowsOf<{ present: boolean }>(db, sql`select to_regclass('pgboss.job') is not null as present`);
  return Boolean(row?.present);
}

const getBackgroundJobs = defineOperation({
  service: ADMIN_CONSOLE_SERVICE,
  operation: 'GetBackgroundJobs',
  readOnly: true,
  summary: 'The background job queues with their jobs per state (created, retry, active, completed, cancelled, failed), and the newest failed jobs with the error their last attempt ended with. Platform owner only.',
  request: emptyRequestSchema,
  response: getBackgroundJobsResponseSchema,
  rule: ADMIN_CONSOLE_READ,
  async handler(_input, { db, caller }) {
    requirePlatformOwner(caller);
    if (!(await hasJobTables(db))) return { Queues: [], FailedJobs: [] };
    const counts = await rowsOf<{ queue: string; state: JobState | null; n: number }>(
      db,
      sql`select q.name as queue, j.state::text as state, count(j.id)::int as n
          from pgboss.queue q left join pgboss.job j on j.name = q.name
          group by q.name, j.state order by q.name`,
    );
    const queues = new Map<string, Record<JobState, number>>();
    for (const row of counts) {
      const states = queues.get(row.queue) ?? (Object.fromEntries(JOB_STATES.map((state) => [state, 0])) as Record<JobState, number>);
      if (row.state) states[row.state] = Number(row.n);
      queues.set(row.queue, states);
    }
    const failed = await rowsOf<{ id: string; name: string; message: string | null; retry_count: number; created_on: Date | string; completed_on: Date | string | null }>(
      db,
      sql`select id::text as id, name, coalesce(output->>'message', output->'value'->>'message', output::text) as message,
                 retry_count, created_on, completed_on
          from pgboss.job where state = 'failed'
          order by completed_on desc nulls last, created_on desc limit ${FAILED_JOBS_SHOWN}`,
    );
    return {
      Queues: [...queues].map(([Name, Counts]) => ({ Name, Counts })),
      // The message only: a stack trace is for the server's log, not a screen (STYLE.md).
      FailedJobs: failed.map((job) => ({
        JobId: job.id,
        Queue: job.name,
        Error: job.message ?? '',
        RetryCount: Number(job.retry_count),
        CreatedAt: isoOf(job.created_on)!,
        FailedAt: isoOf(job.completed_on),
      })),
    };
  },
});

const retryBackgroundJob = defineOperation({
  service: ADMIN_CONSOLE_SERVICE,
  operation: 'RetryBackgroundJob',
  keepsSessions: true,
  summary: 'Runs a failed background job once more (pg-boss retry: the job goes back to the queue with one more attempt allowed). 409 when the job is not failed (any more), or when its task already has another job waiting or running (a queue of one job per task). Platform owner only.',
  request: retryJobRequestSchema,
  response: okResponseSchema,
  rule: ADMIN_CONSOLE_EXECUTE,
  async handler(input, ctx) {
    requirePlatformOwner(ctx.caller);
    if (!(await hasJobTables(ctx.db))) throw new ApiError(404, 'not_found');
    const owner = ctx.caller.companyAccount;
    await ctx.db.transaction(async (tx) => {
      // pg-boss 12's retry (plans.js retryJobs), made conditional so two clicks retry once.
      const retried = await rowsOf<{ id: string }>(
        tx,
        sql`update pgboss.job set state = 'retry', retry_limit = retry_limit + 1, completed_on = null, start_after = greatest(start_after, now())
            where name = ${input.queue} and id = ${input.jobId}::uuid and state = 'failed' returning id::text as id`,
      );
      if (!retried.length) {
        const [exists] = await rowsOf<{ id: string }>(tx, sql`select id::text as id from pgboss.job where name = ${input.queue} and id = ${input.jobId}::uuid`);
        throw exists ? new ApiError(409, 'job_not_failed') : new ApiError(404, 'not_found');
      }
      await writeAudit(tx, ctx.caller, { action: 'BackgroundJobRetried', accountId: owner.id, accountPath: owner.path, details: { Queue: input.queue, JobId: input.jobId } }, requestMeta(ctx.request));
    }).catch((error: unknown) => {
      // An exclusive queue holds one waiting-or-running job per task: the same task was sent again
      // after this job failed, and that job is the one to wait for.
      throw isUniqueViolation(error) ? new ApiError(409, 'job_task_busy') : error;
    });
    return { Success: true };
  },
});

export const backgroundJobOperations = [getBackgroundJobs, retryBackgroundJob];
