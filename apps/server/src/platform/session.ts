import { hash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Capability, CapabilityObjectType, CapabilityValue } from '@cmp/contracts/capabilities';
import type { Database, Queryable } from './db/database';
import { accounts, capabilitySetItems, roleCapabilitySets, sessions, userRoles, users } from './db/schema';
import { statementOnce } from './db/statementOnce';
import type { ServerConfig } from './config';

export const SESSION_COOKIE = 'cmp_session';

export interface CachedSession {
  caller: CallerSession;
  expiresAt: number;
  lastSeenAt: number;
  loadedAt: number;
  /** Values derived from the session (the session user, the IP verdict per address), dropped with it. */
  memo: Map<string, unknown>;
}

/**
 * The rules of the domains that hold on every request of a session, handed in by the app (app.ts)
 * so the ground floor reads no domain: the MFA policy (auth/mfaPolicy.ts) and the IP lists
 * (security/ipRestrictions.ts).
 */
export interface SessionGuards {
  /** MFA is enforced for the user and no method is enabled yet: only MFA set-up may proceed. */
  mustSetupMfa(db: Queryable, user: AccountRow, company: AccountRow): Promise<boolean>;
  /** The account's IP lists allow the address. */
  isAddressAllowed(db: Queryable, accountPath: string, address: string): Promise<boolean>;
}

/** The node's session cache (sessionCache.ts) as loading a session uses it, with the domains' guards. */
export interface SessionSource {
  readonly guards: SessionGuards;
  get(tokenHash: string): CachedSession | undefined;
  set(tokenHash: string, entry: CachedSession): void;
  /** Clears every node's cache (a session ended, a right changed). */
  invalidateAll(): Promise<void>;
}

export type AccountRow = typeof accounts.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** What every operation knows about its signed-in caller, loaded fresh on each request. */
export interface CallerSession {
  tokenHash: string;
  publicId: string;
  user: UserRow;
  userAccount: AccountRow;
  companyAccount: AccountRow;
  capabilities: Capability[];
  impersonatorAccountId: number | null;
  /** MFA is enforced for the user and no method is enabled yet: only MFA set-up may proceed (spec §4). */
  mustSetupMfa: boolean;
  /** Values derived from this session during its cache life (see sessionCache.ts). */
  memo: Map<string, unknown>;
}

/** Computes a value once per cached session: the session user, the IP verdict for an address. */
export async function memoized<T>(caller: CallerSession, key: string, compute: () => Promise<T>): Promise<T> {
  if (caller.memo.has(key)) return caller.memo.get(key) as T;
  const value = await compute();
  caller.memo.set(key, value);
  return value;
}

// The SHA-256 of the session cookies seen lately, per node: the hash keys the sessions table and the
// session cache, and hashing on every request showed in the profile (issue 12). Bounded: a flood of
// made-up cookies only empties it.
const recentTokenHashes = new Map<string, string>();
const MAX_RECENT_TOKENS = 20_000;
function hashToken(token: string): string {
  let tokenHash = recentTokenHashes.get(token);
  if (tokenHash === undefined) {
    if (recentTokenHashes.size >= MAX_RECENT_TOKENS) recentTokenHashes.clear();
    tokenHash = hash('sha256', token, 'hex');
    recentTokenHashes.set(token, tokenHash);
  }
  return tokenHash;
}

/** How often at most a session's last-seen time is written: the idle timer needs minute precision, not a write per request. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * DESIGN.md sessions: ≥128-bit random ids (here 256), a new id at every sign-in, stored only as
 * their SHA-256. The portal's sessions travel in a cookie (startSession), the partner API's in the
 * `Authenticate` header (partnerApi/partnerSession.ts): the same row, expiry and revocation.
 */
export async function createSession(
  db: Queryable,
  config: ServerConfig,
  request: FastifyRequest,
  userAccountId: number,
  impersonatorAccountId: number | null = null,
): Promise<{ token: string; publicId: string }> {
  const token = randomBytes(32).toString('base64url');
  const publicId = randomUUID();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    publicId,
    userAccountId,
    impersonatorAccountId,
    expiresAt: new Date(Date.now() + config.sessionAbsoluteHours * 3_600_000),
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512),
  });
  return { token, publicId };
}

/** A portal session's token travels in an HTTP-only cookie. */
export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

/** Ends the session of a token (a partner's TerminateSessionToken). */
export async function endSessionOfToken(db: Queryable, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function endSession(db: Queryable, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export async function endAllSessionsOfUser(db: Queryable, userAccountId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userAccountId, userAccountId));
}

/**
 * The caller of a cached session that needs nothing written (neither expired nor due a touch), or
 * undefined: then loadSession decides. Synchronous, so a read-only call of a known session costs
 * no promise before its handler (issue 12).
 */
export function cachedCaller(config: ServerConfig, request: FastifyRequest, cache: SessionSource, token = request.cookies[SESSION_COOKIE]): CallerSession | undefined {
  if (!token || token.length > 128) return undefined;
  const entry = cache.get(hashToken(token));
  const now = Date.now();
  if (!entry || entry.expiresAt <= now || now - entry.lastSeenAt > Math.min(TOUCH_INTERVAL_MS, config.sessionIdleMinutes * 60_000)) return undefined;
  return entry.caller;
}

/** Loads the caller's session, or null when there is none or it has expired (idle or absolute). */
export async function loadSession(db: Database, config: ServerConfig, request: FastifyRequest, cache: SessionSource): Promise<CallerSession | null> {
  return loadSessionOfToken(db, config, request.cookies[SESSION_COOKIE], cache);
}

/** loadSession for a token that came another way (the partner API's header, the live channel's first message). */
export async function loadSessionOfToken(db: Database, config: ServerConfig, token: string | undefined, cache: SessionSource): Promise<CallerSession | null> {
  if (!token || token.length > 128) return null;
  const tokenHash = hashToken(token);
  const now = Date.now();
  let entry = cache.get(tokenHash);
  if (!entry) {
    const caller = await readSession(db, tokenHash, cache.guards);
    if (!caller) return null;
    entry = { caller: caller.caller, expiresAt: caller.expiresAt, lastSeenAt: caller.lastSeenAt, loadedAt: now, memo: caller.caller.memo };
    cache.set(tokenHash, entry);
  }
  if (entry.expiresAt <= now || now - entry.lastSeenAt > config.sessionIdleMinutes * 60_000) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    await cache.invalidateAll();
    return null;
  }
  if (now - entry.lastSeenAt > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.tokenHash, tokenHash));
    entry.lastSeenAt = now;
  }
  return entry.caller;
}

async function readSession(db: Database, tokenHash: string, guards: SessionGuards): Promise<{ caller: CallerSession; expiresAt: number; lastSeenAt: number } | null> {
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  if (!row) return null;
  const [user] = await db.select().from(users).where(eq(users.accountId, row.userAccountId)).limit(1);
  const userAccount = await loadAccount(db, row.userAccountId);
  if (!user || !userAccount || user.isDisabled || userAccount.state !== 'Active') {
    await db.delete(sessions).where(eq(sessions.userAccountId, row.userAccountId));
    return null;
  }
  const companyAccount = (await findCompanyAccount(db, userAccount)) ?? userAccount;
  const caller: CallerSession = {
    tokenHash,
    publicId: row.publicId,
    user,
    userAccount,
    companyAccount,
    capabilities: await loadCapabilities(db, row.userAccountId),
    impersonatorAccountId: row.impersonatorAccountId,
    // An administrator acting as the user is not asked to set up the user's second factor.
    mustSetupMfa: row.impersonatorAccountId ? false : await guards.mustSetupMfa(db, userAccount, companyAccount),
    memo: new Map(),
  };
  return { caller, expiresAt: row.expiresAt.getTime(), lastSeenAt: row.lastSeenAt.getTime() };
}

/** An account by id (built once, statementOnce.ts: nearly every operation reads the account it touches). */
const accountById = statementOnce((q) =>
  q
    .select()
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .limit(1),
);

export async function loadAccount(db: Queryable, accountId: number): Promise<AccountRow | undefined> {
  const [row] = await accountById(db, { accountId });
  return row;
}

export const pathIds = (path: string) => path.split('/').filter(Boolean).map(Number);

/** The user's company: the nearest ancestor that is a Company, Reseller or Vendor (spec §3 CompanyAccount). */
export async function findCompanyAccount(db: Queryable, account: Pick<AccountRow, 'path'>): Promise<AccountRow | undefined> {
  const ids = pathIds(account.path);
  if (ids.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(inArray(accounts.id, ids), inArray(accounts.type, ['Company', 'Reseller', 'Vendor'])))
    .orderBy(sql`length(${accounts.path}) desc`)
    .limit(1);
  return row;
}

/** The capabilities a user holds through roles → capability sets → items (DESIGN.md "Access control"). */
export async function loadCapabilities(db: Queryable, userAccountId: number): Promise<Capability[]> {
  return (await loadCapabilitiesOfUsers(db, [userAccountId])).get(userAccountId) ?? [];
}

/** loadCapabilities for several users in one query (the live channel compares those it holds sockets of). */
export async function loadCapabilitiesOfUsers(db: Queryable, userAccountIds: number[]): Promise<Map<number, Capability[]>> {
  const byUser = new Map<number, Capability[]>();
  if (userAccountIds.length === 0) return byUser;
  const rows = await db
    .selectDistinct({
      userAccountId: userRoles.userAccountId,
      objectType: capabilitySetItems.objectType,
      canRead: capabilitySetItems.canRead,
      canCreate: capabilitySetItems.canCreate,
      canExecute: capabilitySetItems.canExecute,
      canDelete: capabilitySetItems.canDelete,
      value: capabilitySetItems.value,
    })
    .from(userRoles)
    .innerJoin(roleCapabilitySets, eq(roleCapabilitySets.roleId, userRoles.roleId))
    .innerJoin(capabilitySetItems, eq(capabilitySetItems.capabilitySetId, roleCapabilitySets.capabilitySetId))
    .where(inArray(userRoles.userAccountId, userAccountIds))
    .orderBy(capabilitySetItems.objectType);
  for (const r of rows) {
    const list = byUser.get(r.userAccountId) ?? [];
    list.push({
      ObjectType: r.objectType as CapabilityObjectType,
      Read: r.canRead,
      Create: r.canCreate,
      Execute: r.canExecute,
      Delete: r.canDelete,
      Value: (r.value as CapabilityValue | null) ?? null,
    });
    byUser.set(r.userAccountId, list);
  }
  return byUser;
}
