import type { JobDefinition } from '../platform/jobs';
import { renewDueSubscriptions } from './subscriptionRenewal';

/** The renewal sweeper's queue: each tick renews (or ends) the subscriptions whose term has ended. */
export const SUBSCRIPTION_RENEWAL_JOB = 'subscriptions.renew';

// Subscription jobs (issue 14): the renewal at term end (subscriptionRenewal.ts), every 5 minutes.
// Idempotent: a run repeated or overlapping another changes nothing (conditional on the term end read).
export const subscriptionJobs: JobDefinition[] = [
  {
    name: SUBSCRIPTION_RENEWAL_JOB,
    cron: '*/5 * * * *',
    pollingIntervalSeconds: 30,
    async handler(_data, { db, log }) {
      const outcomes = await renewDueSubscriptions(db);
      if (outcomes.length) log.info({ outcomes }, 'subscriptions renewed or ended at term end');
    },
  },
];
