import type { JobDefinition } from '../platform/jobs';
import { pendingRunIds, PROPAGATION_JOB, runPropagation } from './propagation';

/**
 * The propagation job (issue 13): pushes a pricelist's prices down to its customer resellers'
 * pricelists, one job per run (Propagate enqueues it), plus a sweeper each minute for a run whose
 * job was lost between commit and enqueue. Both are idempotent: a finished run is not run again,
 * and a cost already right is not written again.
 */
export const propagationJobs: JobDefinition[] = [
  {
    name: PROPAGATION_JOB,
    // One job per task (its singletonKey): a second send of the same task is refused by the queue.
    policy: 'exclusive',
    pollingIntervalSeconds: 1,
    async handler(data, { db }) {
      const { runId } = data as { runId?: unknown };
      if (typeof runId === 'number') await runPropagation(db, runId);
    },
  },
  {
    name: 'pricing-propagation-sweep',
    cron: '* * * * *',
    async handler(_data, { db, log }) {
      for (const runId of await pendingRunIds(db)) {
        log.info({ runId }, 'the sweeper runs a propagation whose job was lost');
        await runPropagation(db, runId);
      }
    },
  },
];
