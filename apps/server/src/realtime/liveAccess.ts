import type { IncomingMessage } from 'node:http';
import type { DatabaseHandle } from '../platform/db/database';
import type { ServerConfig } from '../platform/config';
import type { SessionCache } from '../platform/sessionCache';
import { loadSessionOfToken } from '../platform/session';
import type { LiveSession } from './liveSession';
import { fingerprintOf, sessionStartOf } from './liveQueries';

// Who may use the real-time endpoints (the live channel and the event hub): the origin rule of the
// API, and the live session a session cookie holds.

/**
 * DESIGN.md anti-forgery, as the API applies it: a browser always sends Origin on a WebSocket
 * upgrade, and it must be this host or one of CORS_ORIGINS; without Origin the caller is not a
 * browser, so no page can have opened the socket with a visitor's cookie.
 */
export function isAllowedOrigin(request: IncomingMessage, config: ServerConfig): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (config.corsOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** The live session a session cookie's token holds, from the address it is used from; null when none. */
export async function sessionOfCookie(
  database: DatabaseHandle,
  config: ServerConfig,
  sessionCache: SessionCache,
  token: string | undefined,
  address: string,
): Promise<LiveSession | null> {
  if (!token) return null;
  // The idle and absolute expiry apply as to every request.
  const caller = await loadSessionOfToken(database.db, config, token, sessionCache);
  if (!caller) return null;
  // IP lists hold on every request of a session (identity issue), the socket's too.
  if (!(await sessionCache.guards.isAddressAllowed(database.db, caller.userAccount.path, address))) return null;
  return {
    publicId: caller.publicId,
    tokenHash: caller.tokenHash,
    userAccountId: caller.user.accountId,
    accountPath: caller.userAccount.path,
    capabilityFingerprint: fingerprintOf(caller.capabilities),
    signedInAt: await sessionStartOf(database.db, caller.tokenHash),
  };
}
