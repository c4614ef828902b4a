import type { provisioningRequests } from '../platform/db/schema';
import type { SendOptions } from '../platform/jobs';

/**
 * How the rest of the server hands a provisioning request to the vendor: by sending its job, after
 * the transaction that created or reset the request has committed. Orders, quotes, subscriptions
 * and terminations import this, not the job itself (provisioningJob.ts), which needs them in turn.
 */

export const PROVISIONING_JOB = 'provisioning.process';

/** Enqueues a job: the server's JobRunner.send. */
export type SendJob = (name: string, data: object, options?: SendOptions) => Promise<void>;

/** A poll's job carries the request as its step left it (`known`), which spares the next step its read. */
export async function enqueueProvisioning(send: SendJob, requestId: number, startAfter?: Date, known?: object): Promise<void> {
  await send(PROVISIONING_JOB, known ? { requestId, known } : { requestId }, startAfter ? { startAfter } : {});
}

/** Sends the job of each request, one after the other, with the server's job runner. */
export async function sendProvisioning(jobs: { send: SendJob }, requestIds: Iterable<number>): Promise<void> {
  for (const requestId of requestIds) await enqueueProvisioning((name, data, options) => jobs.send(name, data, options), requestId);
}

/**
 * The values that put a Failed request back to work (for the retry and resubmit actions; send its
 * job after the commit):
 *   retry    — the same submission, the same key: a request the vendor never accepted is sent again
 *              (the vendor answers the one it may have accepted already), one it accepted is polled
 *              again. For failures of the way (timeouts, 503s until the attempts ran out).
 *   resubmit — a new submission with a new key (the vendor acts afresh): for a request the vendor
 *              refused, once its cause is fixed (e.g. a lower quantity).
 */
export function provisioningRequeueValues(request: Pick<typeof provisioningRequests.$inferSelect, 'vendorRequestId'>, kind: 'retry' | 'resubmit', now = new Date()) {
  const common = { productStatus: 'Pending', isFinalStatus: false, errorMessage: null, attempts: 0, nextAttemptAt: now, updatedAt: now };
  return kind === 'retry'
    ? { ...common, orderStatus: request.vendorRequestId ? ('InProgress' as const) : ('Submitted' as const) }
    : { ...common, orderStatus: 'Submitted' as const, vendorIdempotencyKey: null, vendorRequestId: null, sendDate: null };
}
