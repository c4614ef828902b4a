import type { JobDefinition } from '../../platform/jobs';
import { TERMINATION_JOB, dueTerminationIds, runScheduledTermination } from './terminateAccounts';

/**
 * Scheduled terminations (issue 6 "executed by a pg-boss job"): one job per termination, due at its
 * date, and a sweeper each minute for any whose job was lost (a node stopped between commit and send).
 * Both are idempotent: a termination runs only while it is still scheduled and due.
 */
export const accountLifecycleJobs: JobDefinition[] = [
  {
    name: TERMINATION_JOB,
    // One job per task (its singletonKey): a second send of the same task is refused by the queue.
    policy: 'exclusive',
    pollingIntervalSeconds: 1,
    async handler(data, { db }) {
      const { terminationId } = data as { terminationId?: unknown };
      if (typeof terminationId === 'number') await runScheduledTermination(db, terminationId);
    },
  },
  {
    name: 'account-termination-sweep',
    cron: '* * * * *',
    async handler(_data, { db, log }) {
      for (const terminationId of await dueTerminationIds(db)) {
        if (await runScheduledTermination(db, terminationId)) log.info({ terminationId }, 'the sweeper executed a due termination');
      }
    },
  },
];
