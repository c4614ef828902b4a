import type { FastifyRequest } from 'fastify';
import type { Database } from './db/database';
import type { ServerConfig } from './config';
import { ApiError, notSignedIn } from './errors';
import { loadSession, memoized, type CallerSession } from './session';
import type { SessionCache } from './sessionCache';

/**
 * The caller of a file download (`GET` of a URL an operation gave, spec §7 "Download file"): signed
 * in, from an allowed address, with MFA set up — the guards an operation has (operationRoute.ts),
 * for routes outside the operation API.
 */
export async function downloadCaller(db: Database, config: ServerConfig, request: FastifyRequest, sessionCache: SessionCache): Promise<CallerSession> {
  const caller = await loadSession(db, config, request, sessionCache);
  if (!caller) throw notSignedIn();
  if (!(await memoized(caller, `ip:${request.ip}`, () => sessionCache.guards.isAddressAllowed(db, caller.userAccount.path, request.ip)))) {
    throw new ApiError(403, 'ip_blocked', { address: request.ip });
  }
  if (caller.mustSetupMfa) throw new ApiError(403, 'mfa_setup_required');
  return caller;
}
