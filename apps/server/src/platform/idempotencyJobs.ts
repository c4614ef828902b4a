import { deleteExpiredIdempotencyKeys } from './idempotency';
import type { JobDefinition } from './jobs';

export const IDEMPOTENCY_KEY_SWEEP_JOB = 'idempotency-key-sweep';

/**
 * Idempotency keys are replayed for KEY_RETENTION_MS (24 h) and then ignored; this hourly sweeper
 * deletes them so the table does not grow for ever. Idempotent: a repeat finds nothing more to delete.
 */
export const idempotencyJobs: JobDefinition[] = [
  {
    name: IDEMPOTENCY_KEY_SWEEP_JOB,
    cron: '17 * * * *',
    async handler(_data, { db, log }) {
      const deleted = await deleteExpiredIdempotencyKeys(db);
      if (deleted > 0) log.info({ deleted }, 'expired idempotency keys deleted');
    },
  },
];
