import { lt, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/database';
import { requestLimits } from '../platform/db/schema';

/** At most `max` requests of one subject (an address, a user) per window. */
export interface RequestLimit {
  scope: string;
  max: number;
  windowMinutes: number;
}

/** Password reset requests from one address: more answer 429 (issue 11, 80 mails in 1 s). */
export const RESET_REQUESTS_PER_ADDRESS: RequestLimit = { scope: 'reset-address', max: 10, windowMinutes: 15 };
/** Reset mails to one user: more are silently not sent, so nobody can flood a mailbox. */
export const RESET_MAILS_PER_USER: RequestLimit = { scope: 'reset-user', max: 3, windowMinutes: 60 };

/**
 * Counts one request of the subject in one atomic upsert (concurrent requests all count) and
 * answers whether it goes over the limit. A window starts with the first request after the last.
 */
export async function isOverLimit(db: Queryable, limit: RequestLimit, subject: string): Promise<boolean> {
  const window = sql`make_interval(mins => ${limit.windowMinutes})`;
  const windowOver = sql`${requestLimits.windowStartedAt} < now() - ${window}`;
  const [row] = await db
    .insert(requestLimits)
    .values({ scope: limit.scope, subject, requests: 1, expiresAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: [requestLimits.scope, requestLimits.subject],
      set: {
        requests: sql`case when ${windowOver} then 1 else ${requestLimits.requests} + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then now() else ${requestLimits.windowStartedAt} end`,
        expiresAt: sql`(case when ${windowOver} then now() else ${requestLimits.windowStartedAt} end) + ${window}`,
      },
    })
    .returning({ requests: requestLimits.requests });
  return row!.requests > limit.max;
}

/** The sweeper's work: counters whose window is over go. */
export async function deleteExpiredRequestLimits(db: Queryable): Promise<void> {
  await db.delete(requestLimits).where(lt(requestLimits.expiresAt, sql`now()`));
}
