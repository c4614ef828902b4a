import { eq, sql } from 'drizzle-orm';
import type { SessionUser, SignInResponse } from '@cmp/contracts/auth';
import { LOGIN_RULE, isAllowed } from '@cmp/contracts/capabilities';
import { users } from '../platform/db/schema';
import { writeAudit, requestMeta } from '../platform/audit';
import { ApiError } from '../platform/errors';
import type { OperationContext } from '../platform/operations';
import type { Queryable } from '../platform/db/database';
import { createSession, findCompanyAccount, loadAccount, loadCapabilities, setSessionCookie, type AccountRow, type CallerSession, type UserRow } from '../platform/session';
import { assertAddressAllowed, isAddressAllowed } from '../security/ipRestrictions';
import { clearUserFailures, isIpThrottled, isUserLocked, recordFailure } from './bruteForce';
import { enabledMethods, listMfaMethods, toAuthenticationMethod, verifyMfaCode } from './mfa';
import { mustSetupMfa } from './mfaPolicy';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import { lockoutForAccountPath } from './passwordService';
import { toSessionUser } from './sessionUser';

export interface VerifiedUser {
  user: UserRow;
  account: AccountRow;
}


export async function findUserByName(ctx: Pick<OperationContext, 'db'>, userName: string): Promise<UserRow | undefined> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, userName.trim().toLowerCase()))
    .limit(1);
  return user;
}

/**
 * The password step shared by every sign-in form (Authenticate, SendSecurityCodeNotification,
 * AuthenticateWithSubConfirmation). An unknown user, a wrong password, a disabled or locked account
 * all get one answer after the same argon2 work, so nothing tells them apart (no user enumeration).
 * The lock is per (user, address): see bruteForce.ts.
 */
export async function verifyCredentials(ctx: OperationContext, userName: string, password: string): Promise<VerifiedUser> {
  const { db, request } = ctx;
  if (await isIpThrottled(db, request.ip)) {
    await writeAudit(db, null, { action: 'SignInFailed', details: { userName: userName.slice(0, 256), reason: 'ip_throttled' } }, requestMeta(ctx.request));
    throw new ApiError(429, 'too_many_requests');
  }
  const user = await findUserByName(ctx, userName);
  const isLocked = await isUserLocked(db, userName, request.ip);
  const isPasswordRight = await verifyPassword(user?.passwordHash, password);
  const account = user ? await loadAccount(db, user.accountId) : undefined;
  if (!user || !account || !isPasswordRight || isLocked || user.isDisabled || account.state !== 'Active') {
    // The owner's lockout settings apply to its users; an unknown name counts for the address only.
    // The right password during a lock is refused but not counted: it must not lengthen the lock.
    if (!(isLocked && isPasswordRight)) await recordFailure(db, user?.username ?? null, request.ip, account ? await lockoutForAccountPath(db, account.path) : undefined);
    const reason = !user ? 'unknown_user' : isLocked ? 'locked' : !isPasswordRight ? 'wrong_password' : 'inactive';
    await writeAudit(db, null, { action: 'SignInFailed', actorAccountId: account?.id ?? null, accountId: account?.id ?? null, accountPath: account?.path, details: { userName: userName.slice(0, 256), reason } }, requestMeta(ctx.request));
    throw new ApiError(401, 'invalid_credentials');
  }
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    await db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.accountId, user.accountId));
  }
  return { user, account };
}

/**
 * The current password of a signed-in user (ChangeMyPassword), checked like a sign-in (issue 11):
 * before anything else, against the same (user, address) counter and lock, audited as a failed
 * sign-in. During a lock even the right password answers "Password mismatch" (and does not lengthen
 * the lock), so a stolen session cannot guess the password without limit.
 */
export async function verifyCurrentPassword(ctx: OperationContext, caller: CallerSession, password: string): Promise<void> {
  const { db, request } = ctx;
  const { user, userAccount: account } = caller;
  const about = { accountId: account.id, accountPath: account.path };
  if (await isIpThrottled(db, request.ip)) {
    await writeAudit(db, caller, { action: 'SignInFailed', ...about, details: { via: 'change_password', reason: 'ip_throttled' } }, requestMeta(request));
    throw new ApiError(429, 'too_many_requests');
  }
  const isLocked = await isUserLocked(db, user.username, request.ip);
  const isPasswordRight = await verifyPassword(user.passwordHash, password);
  if (!isLocked && isPasswordRight) return;
  if (!isPasswordRight) await recordFailure(db, user.username, request.ip, await lockoutForAccountPath(db, account.path));
  await writeAudit(db, caller, { action: 'SignInFailed', ...about, details: { via: 'change_password', reason: isLocked ? 'locked' : 'wrong_password' } }, requestMeta(request));
  throw new ApiError(400, 'password_mismatch');
}

/** The checks after a right password that may be told: the network address and the Login capability. */
export async function assertMaySignIn(ctx: OperationContext, { account }: VerifiedUser): Promise<void> {
  if (!(await isAddressAllowed(ctx.db, account.path, ctx.request.ip))) {
    await writeAudit(ctx.db, null, { action: 'SignInRefused', actorAccountId: account.id, accountId: account.id, accountPath: account.path, details: { reason: 'ip_blocked', address: ctx.request.ip } }, requestMeta(ctx.request));
    await assertAddressAllowed(ctx.db, account.path, ctx.request.ip);
  }
  if (!isAllowed(await loadCapabilities(ctx.db, account.id), LOGIN_RULE)) {
    await writeAudit(ctx.db, null, { action: 'SignInRefused', actorAccountId: account.id, accountId: account.id, accountPath: account.path, details: { reason: 'missing_login_capabilities' } }, requestMeta(ctx.request));
    throw new ApiError(403, 'missing_login_capabilities');
  }
}

/**
 * spec §4 Login step 2: with enabled methods and no code, the answer says a second factor is needed
 * (no session yet); a wrong code counts as a sign-in failure (DESIGN.md: OTP failures count), so
 * guessing codes ends in the same lockout. Null when the user may go on.
 */
export async function checkSecondFactor(
  ctx: OperationContext,
  verified: VerifiedUser,
  code: { mfaToken?: string; mfaMethodId?: number },
): Promise<{ pending: SignInResponse | null; hasMfa: boolean }> {
  const methods = enabledMethods(await listMfaMethods(ctx.db, verified.account.id));
  if (methods.length === 0) return { pending: null, hasMfa: false };
  if (!code.mfaToken) {
    return { pending: { MfaRequired: true, UserAuthenticationMethods: methods.map(toAuthenticationMethod), LinkRequired: false, OpenIdSubIdentifier: null }, hasMfa: true };
  }
  const method = methods.find((m) => m.id === code.mfaMethodId) ?? methods.find((m) => m.isPrimary) ?? methods[0]!;
  if (!(await verifyMfaCode(ctx.db, method, code.mfaToken))) {
    await recordFailure(ctx.db, verified.user.username, ctx.request.ip, await lockoutForAccountPath(ctx.db, verified.account.path));
    await writeAudit(ctx.db, null, { action: 'SignInFailed', actorAccountId: verified.account.id, accountId: verified.account.id, accountPath: verified.account.path, details: { reason: 'mfa_incorrect', method: method.kind } }, requestMeta(ctx.request));
    throw new ApiError(401, 'mfa_incorrect');
  }
  return { pending: null, hasMfa: true };
}

/** spec §4 login: password, then — when the user has methods — the second factor, then a session. */
export async function signInWithPassword(
  ctx: OperationContext,
  input: { userName: string; password: string; mfaToken?: string; mfaMethodId?: number },
): Promise<SignInResponse> {
  const verified = await verifyCredentials(ctx, input.userName, input.password);
  await assertMaySignIn(ctx, verified);
  const { pending, hasMfa } = await checkSecondFactor(ctx, verified, input);
  if (pending) return pending;
  await clearUserFailures(ctx.db, input.userName, ctx.request.ip);
  return completeSignIn(ctx, verified, { via: hasMfa ? 'password+mfa' : 'password' });
}

/** Starts a fresh portal session (a new id at every sign-in) and answers the session user. */
export async function completeSignIn(
  ctx: OperationContext,
  verified: VerifiedUser,
  options: { via: string; impersonatorAccountId?: number | null },
): Promise<SessionUser> {
  return ctx.db.transaction(async (tx) => {
    const { token, caller } = await openSession(tx, ctx, verified, options);
    setSessionCookie(ctx.reply, ctx.request, token);
    // LastLogon tells the user when they signed in before this session.
    return toSessionUser(tx, caller);
  });
}

/**
 * A new session of a verified user — the portal's (in a cookie) or a partner's token — with its
 * last sign-in time and its audit entry. Runs in the caller's transaction.
 */
export async function openSession(
  tx: Queryable,
  ctx: OperationContext,
  { user, account }: VerifiedUser,
  options: { via: string; impersonatorAccountId?: number | null },
): Promise<{ token: string; caller: CallerSession }> {
  const impersonatorAccountId = options.impersonatorAccountId ?? null;
  const { token, publicId } = await createSession(tx, ctx.config, ctx.request, user.accountId, impersonatorAccountId);
  const companyAccount = (await findCompanyAccount(tx, account)) ?? account;
  const caller: CallerSession = {
    tokenHash: '',
    publicId,
    user,
    userAccount: account,
    companyAccount,
    capabilities: await loadCapabilities(tx, account.id),
    impersonatorAccountId,
    mustSetupMfa: impersonatorAccountId ? false : await mustSetupMfa(tx, account, companyAccount),
    memo: new Map(),
  };
  if (!impersonatorAccountId) await tx.update(users).set({ lastLogonAt: new Date() }).where(eq(users.accountId, user.accountId));
  await writeAudit(tx, caller, { action: impersonatorAccountId ? 'ImpersonationStarted' : 'SignIn', accountId: account.id, accountPath: account.path, details: { via: options.via } }, requestMeta(ctx.request));
  return { token, caller };
}
