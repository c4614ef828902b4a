import type { JobDefinition } from '../platform/jobs';

// Subscription jobs (issue 14): the renewal at term end.
export const subscriptionJobs: JobDefinition[] = [];
