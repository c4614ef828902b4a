import type { JobDefinition } from '../platform/jobs';

// The propagation job (issue 13): pushes a pricelist's prices down to its customer resellers' pricelists.
export const propagationJobs: JobDefinition[] = [];
