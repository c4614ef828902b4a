import { lt, sql } from 'drizzle-orm';
import type { Queryable } from './db/database';
import { requestLimits } from './db/schema';

/**
 * At most `max` requests of one subject (an address, a user, a tenant) per fixed window. Counted in
 * the database, so the limit holds across every node behind a load balancer.
 */
export interface RequestLimit {
  scope: string;
  max: number;
  windowSeconds: number;
}

export interface CountedRequest {
  isOverLimit: boolean;
  /** Whole seconds until the window ends and the subject may ask again (HTTP Retry-After). */
  retryAfterSeconds: number;
}

/**
 * Counts one request of the subject in one atomic upsert (concurrent requests all count, none is
 * lost) and answers whether it goes over the limit. A window starts with the first request after the last.
 */
export async function countRequest(db: Queryable, limit: RequestLimit, subject: string): Promise<CountedRequest> {
  const window = sql`make_interval(secs => ${limit.windowSeconds})`;
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
    .returning({ requests: requestLimits.requests, secondsLeft: sql<string>`extract(epoch from ${requestLimits.expiresAt} - now())` });
  return { isOverLimit: row!.requests > limit.max, retryAfterSeconds: Math.max(1, Math.ceil(Number(row!.secondsLeft))) };
}

export async function isOverLimit(db: Queryable, limit: RequestLimit, subject: string): Promise<boolean> {
  return (await countRequest(db, limit, subject)).isOverLimit;
}

/** The sweeper's work: counters whose window is over go. */
export async function deleteExpiredRequestLimits(db: Queryable): Promise<void> {
  await db.delete(requestLimits).where(lt(requestLimits.expiresAt, sql`now()`));
}
