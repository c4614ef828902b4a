import { and, eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/database';
import { signInFailures } from '../platform/db/schema';

/** Keycloak's brute-force model (DESIGN.md security baseline); defaults of the identity issue. */
export interface BruteForceSettings {
  /** Failures before a user is locked (from the address that failed). */
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

/** The username of an address's own row (no username is empty). */
const ADDRESS_ROW = '';
const userKey = (username: string) => username.trim().toLowerCase();
const userRow = (username: string, address: string) => and(eq(signInFailures.username, userKey(username)), eq(signInFailures.address, address));
const addressRow = (address: string) => and(eq(signInFailures.username, ADDRESS_ROW), eq(signInFailures.address, address));

/**
 * Whether this user is locked for sign-ins from this address. The lock is per (user, address)
 * (issue 11): an attacker who fails from one address locks only that address out, never the user
 * signing in from elsewhere, while the per-address limit below stops one address from spraying.
 */
export async function isUserLocked(db: Queryable, username: string, address: string): Promise<boolean> {
  const [row] = await db.select({ lockedUntil: signInFailures.lockedUntil }).from(signInFailures).where(userRow(username, address)).limit(1);
  return !!row?.lockedUntil && row.lockedUntil.getTime() > Date.now();
}

export async function isIpThrottled(db: Queryable, ip: string, settings = DEFAULT_BRUTE_FORCE): Promise<boolean> {
  const [row] = await db.select().from(signInFailures).where(addressRow(ip)).limit(1);
  if (!row) return false;
  const isWindowOpen = Date.now() - row.firstFailureAt.getTime() < settings.ipWindowMinutes * 60_000;
  return isWindowOpen && row.failures > settings.maxFailuresPerIp;
}

/**
 * Counts one failure for the (user, address) and for the address in single atomic upserts, so
 * concurrent failures all count (no read-modify-write). The lock grows 60 s, 120 s, 240 s … up to
 * 900 s. `username` is null for a name that belongs to nobody: only the address counts then, so
 * made-up names cannot fill the table (issue 11).
 */
export async function recordFailure(db: Queryable, username: string | null, ip: string, settings = DEFAULT_BRUTE_FORCE): Promise<void> {
  if (username) await recordUserFailure(db, username, ip, settings);
  await recordAddressFailure(db, ip, settings);
}

async function recordUserFailure(db: Queryable, username: string, address: string, settings: BruteForceSettings): Promise<void> {
  const reset = sql`${signInFailures.lastFailureAt} < now() - make_interval(hours => ${settings.failureResetHours})`;
  const next = sql`(case when ${reset} then 1 else ${signInFailures.failures} + 1 end)`;
  // Past this moment the lock is over and the counter would start again: the row can go.
  const expiresAt = sql`now() + make_interval(hours => ${settings.failureResetHours}, secs => ${settings.maxWaitSeconds})`;
  await db
    .insert(signInFailures)
    .values({
      username: userKey(username),
      address,
      failures: 1,
      lockedUntil: settings.maxFailures <= 1 ? sql`now() + make_interval(secs => ${settings.waitIncrementSeconds})` : null,
      expiresAt,
    })
    .onConflictDoUpdate({
      target: [signInFailures.username, signInFailures.address],
      set: {
        failures: next,
        firstFailureAt: sql`case when ${reset} then now() else ${signInFailures.firstFailureAt} end`,
        lastFailureAt: sql`now()`,
        lockedUntil: sql`case when ${next} >= ${settings.maxFailures}
          then now() + make_interval(secs => least(${settings.waitIncrementSeconds} * power(2, least(${next} - ${settings.maxFailures}, 20)), ${settings.maxWaitSeconds}))
          else null end`,
        expiresAt,
      },
    });
}

/**
 * Counts one failure of the address alone: sign-in forms without a username (SSO codes) still
 * count towards the per-address limit that answers 429.
 */
export async function recordAddressFailure(db: Queryable, ip: string, settings = DEFAULT_BRUTE_FORCE): Promise<void> {
  const windowOver = sql`${signInFailures.firstFailureAt} < now() - make_interval(mins => ${settings.ipWindowMinutes})`;
  const window = sql`make_interval(mins => ${settings.ipWindowMinutes})`;
  await db
    .insert(signInFailures)
    .values({ username: ADDRESS_ROW, address: ip, failures: 1, expiresAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: [signInFailures.username, signInFailures.address],
      set: {
        failures: sql`case when ${windowOver} then 1 else ${signInFailures.failures} + 1 end`,
        firstFailureAt: sql`case when ${windowOver} then now() else ${signInFailures.firstFailureAt} end`,
        lastFailureAt: sql`now()`,
        expiresAt: sql`(case when ${windowOver} then now() else ${signInFailures.firstFailureAt} end) + ${window}`,
      },
    });
}

/** A successful sign-in clears the user's counter from that address (not the address's: spraying goes on counting). */
export async function clearUserFailures(db: Queryable, username: string, address: string): Promise<void> {
  await db.delete(signInFailures).where(userRow(username, address));
}

/** A new password (reset or change) clears the user's counters from every address: they guarded the old one. */
export async function clearAllUserFailures(db: Queryable, username: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.username, userKey(username)));
}

/** The sweeper's work: counters whose lock and window are over (and so change nothing) go. */
export async function deleteExpiredSignInFailures(db: Queryable): Promise<void> {
  await db.delete(signInFailures).where(lt(signInFailures.expiresAt, sql`now()`));
}
