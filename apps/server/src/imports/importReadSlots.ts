import type { ImportReadingLimits } from '../platform/config';
import { ApiError } from '../platform/errors';

// Issue 30 item 9: three imports unpacked in parallel took 2.3 GB. Unpacking and reading an import
// file (the upload's check, ValidateImport, the job's run) takes one of IMPORT_READ_CONCURRENCY
// slots of this node. A request waits for a free slot while at most IMPORT_READ_QUEUE requests wait,
// and beyond that answers 503 at once ("try again in a minute") rather than holding a connection
// without bound; a job always waits (it is retried by nobody, and its caller is not a person).
// Per node, in memory: each app node bounds its own memory, which is what the slots are for.

let running = 0;
let waitingRequests = 0;
const waiting: (() => void)[] = [];

export type SlotTaker = 'request' | 'job';

/** Runs `work` in an import-reading slot of this node; a request beyond the queue gets 503 import_busy. */
export async function withImportReadSlot<T>(limits: Pick<ImportReadingLimits, 'concurrency' | 'queue'>, taker: SlotTaker, work: () => Promise<T>): Promise<T> {
  if (running < limits.concurrency) running += 1;
  else {
    if (taker === 'request' && waitingRequests >= limits.queue) throw new ApiError(503, 'import_busy');
    if (taker === 'request') waitingRequests += 1;
    // The slot is handed over by the one that leaves it: `running` does not change on the way.
    await new Promise<void>((resolve) => waiting.push(resolve));
    if (taker === 'request') waitingRequests -= 1;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}
