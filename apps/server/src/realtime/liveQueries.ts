import { eq, inArray } from 'drizzle-orm';
import type { Capability } from '@cmp/contracts/capabilities';
import type { Database } from '../platform/db/database';
import { accounts, sessions, users } from '../platform/db/schema';
import { loadCapabilitiesOfUsers } from '../platform/session';
import type { ServerConfig } from '../platform/config';
import type { LiveSession } from './liveSession';

/** A capability list as one comparable string: the order of the rows does not matter. */
export function fingerprintOf(capabilities: Capability[]): string {
  return capabilities
    .map((c) => JSON.stringify([c.ObjectType, c.Read, c.Create, c.Execute, c.Delete, c.Value ?? null]))
    .sort()
    .join('|');
}

/**
 * Each user's capabilities (platform/session.ts) in one query for all the users a node holds sockets
 * of, and the users no longer allowed a session.
 */
export async function capabilityFingerprints(db: Database, userIds: number[]): Promise<{ fingerprints: Map<number, string>; inactiveUserIds: number[] }> {
  const byUser = await loadCapabilitiesOfUsers(db, userIds);
  const fingerprints = new Map(userIds.map((id) => [id, fingerprintOf(byUser.get(id) ?? [])]));
  const statuses = await db
    .select({ id: users.accountId, isDisabled: users.isDisabled, state: accounts.state })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(inArray(users.accountId, userIds));
  const active = new Set(statuses.filter((s) => !s.isDisabled && s.state === 'Active').map((s) => s.id));
  return { fingerprints, inactiveUserIds: userIds.filter((id) => !active.has(id)) };
}

/** Ends every session of these users; the sessions trigger tells every node's sockets. */
export async function endSessionsOfUsers(db: Database, userIds: number[]): Promise<void> {
  await db.delete(sessions).where(inArray(sessions.userAccountId, userIds));
}

/**
 * The token hashes among `held` whose session is gone or expired (idle or absolute: the rule of
 * platform/session.ts loadSession); the expired ones are deleted, which the trigger announces.
 */
export async function readHeldSessions(db: Database, held: LiveSession[], config: ServerConfig, now: number): Promise<Set<string>> {
  const hashes = [...new Set(held.map((s) => s.tokenHash))];
  const rows = await db
    .select({ tokenHash: sessions.tokenHash, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(inArray(sessions.tokenHash, hashes));
  const live = new Set<string>();
  const expired: string[] = [];
  for (const row of rows) {
    const isExpired = row.expiresAt.getTime() <= now || now - row.lastSeenAt.getTime() > config.sessionIdleMinutes * 60_000;
    if (isExpired) expired.push(row.tokenHash);
    else live.add(row.tokenHash);
  }
  if (expired.length) await db.delete(sessions).where(inArray(sessions.tokenHash, expired));
  return new Set(hashes.filter((hash) => !live.has(hash)));
}

/** When a session signed in (ms since the epoch); now, for a session no longer there. */
export async function sessionStartOf(db: Database, tokenHash: string): Promise<number> {
  const [row] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return row?.createdAt.getTime() ?? Date.now();
}
