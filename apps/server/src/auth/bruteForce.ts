import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/database';
import { signInFailures } from '../platform/db/schema';

/** Keycloak's brute-force model (DESIGN.md security baseline); defaults of the identity issue. */
export interface BruteForceSettings {
  /** Failures before a user is locked. */
  maxFailures: number;
  /** First lock, in seconds; doubles with each further failure. */
  waitIncrementSeconds: number;
  maxWaitSeconds: number;
  /** Quiet time after which a user's counter starts again. */
  failureResetHours: number;
  /** More failures than this from one address within the window answer 429 (password spraying). */
  maxFailuresPerIp: number;
  ipWindowMinutes: number;
}

export const DEFAULT_BRUTE_FORCE: BruteForceSettings = {
  maxFailures: 10,
  waitIncrementSeconds: 60,
  maxWaitSeconds: 900,
  failureResetHours: 12,
  maxFailuresPerIp: 100,
  ipWindowMinutes: 15,
};

const userKey = (username: string) => `user:${username.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

export async function isUserLocked(db: Queryable, username: string): Promise<boolean> {
  const [row] = await db.select({ lockedUntil: signInFailures.lockedUntil }).from(signInFailures).where(eq(signInFailures.key, userKey(username))).limit(1);
  return !!row?.lockedUntil && row.lockedUntil.getTime() > Date.now();
}

export async function isIpThrottled(db: Queryable, ip: string, settings = DEFAULT_BRUTE_FORCE): Promise<boolean> {
  const [row] = await db.select().from(signInFailures).where(eq(signInFailures.key, ipKey(ip))).limit(1);
  if (!row) return false;
  const isWindowOpen = Date.now() - row.firstFailureAt.getTime() < settings.ipWindowMinutes * 60_000;
  return isWindowOpen && row.failures > settings.maxFailuresPerIp;
}

/**
 * Counts one failure for the user and the address in single atomic upserts, so concurrent failures
 * all count (no read-modify-write). The user's lock grows 60 s, 120 s, 240 s … up to 900 s.
 */
export async function recordFailure(db: Queryable, username: string, ip: string, settings = DEFAULT_BRUTE_FORCE): Promise<void> {
  const reset = sql`${signInFailures.lastFailureAt} < now() - make_interval(hours => ${settings.failureResetHours})`;
  const next = sql`(case when ${reset} then 1 else ${signInFailures.failures} + 1 end)`;
  await db
    .insert(signInFailures)
    .values({ key: userKey(username), failures: 1, lockedUntil: settings.maxFailures <= 1 ? sql`now() + make_interval(secs => ${settings.waitIncrementSeconds})` : null })
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: {
        failures: next,
        firstFailureAt: sql`case when ${reset} then now() else ${signInFailures.firstFailureAt} end`,
        lastFailureAt: sql`now()`,
        lockedUntil: sql`case when ${next} >= ${settings.maxFailures}
          then now() + make_interval(secs => least(${settings.waitIncrementSeconds} * power(2, least(${next} - ${settings.maxFailures}, 20)), ${settings.maxWaitSeconds}))
          else null end`,
      },
    });
  await recordAddressFailure(db, ip, settings);
}

/**
 * Counts one failure of the address alone: sign-in forms without a username (SSO codes) still
 * count towards the per-address limit that answers 429.
 */
export async function recordAddressFailure(db: Queryable, ip: string, settings = DEFAULT_BRUTE_FORCE): Promise<void> {
  const windowOver = sql`${signInFailures.firstFailureAt} < now() - make_interval(mins => ${settings.ipWindowMinutes})`;
  await db
    .insert(signInFailures)
    .values({ key: ipKey(ip), failures: 1 })
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: {
        failures: sql`case when ${windowOver} then 1 else ${signInFailures.failures} + 1 end`,
        firstFailureAt: sql`case when ${windowOver} then now() else ${signInFailures.firstFailureAt} end`,
        lastFailureAt: sql`now()`,
      },
    });
}

/** A successful sign-in clears the user's counter (not the address's: spraying goes on counting). */
export async function clearUserFailures(db: Queryable, username: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.key, userKey(username)));
}
