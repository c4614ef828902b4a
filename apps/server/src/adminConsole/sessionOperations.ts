import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { endSignedInSessionRequestSchema, getSignedInSessionsResponseSchema } from '@cmp/contracts/adminConsole';
import { emptyRequestSchema, okResponseSchema } from '@cmp/contracts/auth';
import { writeAudit, requestMeta } from '../platform/audit';
import { accounts, sessions, users } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { defineOperation } from '../platform/operations';
import { pathIds } from '../platform/session';
import { ADMIN_CONSOLE_EXECUTE, ADMIN_CONSOLE_READ, ADMIN_CONSOLE_SERVICE, isoOf, requirePlatformOwner } from './adminConsoleAccess';

// Connected sessions (DESIGN.md "Sessions": stored in the database, idle and absolute expiry).

const ORGANISATION_TYPES = new Set(['Company', 'Reseller', 'Vendor']);

const getSignedInSessions = defineOperation({
  service: ADMIN_CONSOLE_SERVICE,
  operation: 'GetSignedInSessions',
  readOnly: true,
  summary: 'Who is signed in: every session that has not expired (idle or absolute), with its user, organisation, impersonator, client address and browser, when it started and was last used. Never a session cookie. Platform owner only.',
  request: emptyRequestSchema,
  response: getSignedInSessionsResponseSchema,
  rule: ADMIN_CONSOLE_READ,
  async handler(_input, { db, caller, config }) {
    requirePlatformOwner(caller);
    const now = Date.now();
    const rows = await db
      .select({ session: sessions, username: users.username, displayName: accounts.displayName, path: accounts.path })
      .from(sessions)
      .innerJoin(accounts, eq(accounts.id, sessions.userAccountId))
      .innerJoin(users, eq(users.accountId, sessions.userAccountId))
      .where(and(gt(sessions.expiresAt, new Date(now)), gt(sessions.lastSeenAt, new Date(now - config.sessionIdleMinutes * 60_000))))
      .orderBy(desc(sessions.lastSeenAt));
    // Each user's organisation (the nearest company, reseller or vendor above it) and the impersonators' names.
    const relatedIds = [...new Set(rows.flatMap((r) => [...pathIds(r.path), ...(r.session.impersonatorAccountId ? [r.session.impersonatorAccountId] : [])]))];
    const related = relatedIds.length ? await db.select({ id: accounts.id, type: accounts.type, name: accounts.displayName }).from(accounts).where(inArray(accounts.id, relatedIds)) : [];
    const byId = new Map(related.map((a) => [a.id, a]));
    const organisationOf = (path: string) =>
      pathIds(path)
        .reverse()
        .map((id) => byId.get(id))
        .find((a) => a && (ORGANISATION_TYPES.has(a.type) || pathIds(path)[0] === a.id))?.name ?? null;
    return {
      Sessions: rows.map(({ session, username, displayName, path }) => ({
        SessionId: session.publicId,
        UserAccountId: session.userAccountId,
        Username: username,
        DisplayName: displayName,
        CompanyName: organisationOf(path),
        ImpersonatorName: session.impersonatorAccountId ? (byId.get(session.impersonatorAccountId)?.name ?? null) : null,
        Ip: session.ip,
        UserAgent: session.userAgent,
        StartedAt: isoOf(session.createdAt)!,
        LastSeenAt: isoOf(session.lastSeenAt)!,
        ExpiresAt: isoOf(session.expiresAt)!,
        IsCurrent: session.publicId === caller.publicId,
      })),
    };
  },
});

const endSignedInSession = defineOperation({
  service: ADMIN_CONSOLE_SERVICE,
  operation: 'EndSignedInSession',
  summary: 'Ends another user’s session (sessionId, its public id): its next request is signed out. Not the caller’s own (that is signing out). Platform owner only.',
  request: endSignedInSessionRequestSchema,
  response: okResponseSchema,
  rule: ADMIN_CONSOLE_EXECUTE,
  async handler(input, ctx) {
    requirePlatformOwner(ctx.caller);
    if (input.sessionId === ctx.caller.publicId) throw new ApiError(400, 'admin_console_own_session');
    await ctx.db.transaction(async (tx) => {
      const [ended] = await tx.delete(sessions).where(eq(sessions.publicId, input.sessionId)).returning({ userAccountId: sessions.userAccountId });
      if (!ended) throw new ApiError(404, 'not_found');
      const [user] = await tx.select({ id: accounts.id, path: accounts.path, username: users.username }).from(accounts).innerJoin(users, eq(users.accountId, accounts.id)).where(eq(accounts.id, ended.userAccountId));
      await writeAudit(tx, ctx.caller, { action: 'SignedInSessionEnded', accountId: user?.id ?? null, accountPath: user?.path ?? null, details: { Username: user?.username ?? null } }, requestMeta(ctx.request));
    });
    // Not keepsSessions: every node's session cache is cleared, so the ended session is refused at once.
    return { Success: true };
  },
});

export const sessionOperations = [getSignedInSessions, endSignedInSession];
