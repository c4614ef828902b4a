import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { okResponseSchema } from '@cmp/contracts/auth';
import {
  changeMyPasswordRequestSchema,
  requestResetPasswordRequestSchema,
  resetPasswordRequestSchema,
  validateUserPasswordRequestSchema,
  validateUserPasswordResponseSchema,
} from '@cmp/contracts/identity';
import { passwordResetTokens, sessions } from '../platform/db/schema';
import { writeAudit, requestMeta } from '../platform/audit';
import { ApiError } from '../platform/errors';
import { defineOperation, definePublicOperation, type OperationContext } from '../platform/operations';
import { endAllSessionsOfUser, loadAccount, type UserRow } from '../platform/session';
import { clearAllUserFailures } from './bruteForce';
import { PASSWORD_RESET_MAIL_JOB, type PasswordResetMailRequest } from './jobs';
import { DEFAULT_PASSWORD_POLICY, unmetPasswordRules } from './passwordPolicy';
import { passwordRulesError, setPassword, unmetRulesForUser } from './passwordService';
import { isOverLimit } from '../platform/requestLimits';
import { RESET_REQUESTS_PER_ADDRESS } from './resetLimits';
import { hashResetToken } from './resetLinks';
import { findUserByName, verifyCurrentPassword } from './signIn';

/** The user a reset link belongs to, when the link is valid (unused, unexpired, for that username). */
async function userOfResetLink(ctx: OperationContext, username: string, token: string): Promise<UserRow | undefined> {
  const user = await findUserByName(ctx, username);
  if (!user) return undefined;
  const [row] = await ctx.db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, hashResetToken(token)), eq(passwordResetTokens.userAccountId, user.accountId), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)))
    .limit(1);
  return row ? user : undefined;
}

const validateUserPassword = definePublicOperation({
  service: 'IAccountService',
  operation: 'ValidateUserPassword',
  readOnly: true,
  summary: 'Checks a candidate password against the password rules (spec §5) and lists the unmet ones; for the signed-in user, or for the user of a valid reset link.',
  request: validateUserPasswordRequestSchema,
  response: validateUserPasswordResponseSchema,
  allowDuringMfaSetup: true,
  async handler(input, ctx) {
    const user = ctx.caller?.user ?? (input.username && input.token ? await userOfResetLink(ctx, input.username, input.token) : undefined);
    const { unmet, policy } = user
      ? await unmetRulesForUser(ctx.db, user, input.password)
      : { unmet: await unmetPasswordRules(input.password, { policy: DEFAULT_PASSWORD_POLICY, personalNames: [] }), policy: DEFAULT_PASSWORD_POLICY };
    return { IsValid: unmet.length === 0, UnmetRules: unmet, MinLength: policy.minLength };
  },
});

const changeMyPassword = defineOperation({
  service: 'ISelfCareService',
  operation: 'ChangeMyPassword',
  summary: "Changes the signed-in user's password; every other session of the user ends.",
  request: changeMyPasswordRequestSchema,
  response: okResponseSchema,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    if (caller.impersonatorAccountId) throw new ApiError(403, 'not_while_impersonating');
    // The current password before anything else, counted like a sign-in (issue 11): a wrong one
    // answers the same whatever the new password is, and guessing ends in the lock.
    await verifyCurrentPassword(ctx, caller, input.currentPassword);
    const { unmet, policy } = await unmetRulesForUser(db, caller.user, input.newPassword);
    if (unmet.length) throw passwordRulesError(ctx.locale, unmet, policy);
    await db.transaction(async (tx) => {
      await setPassword(tx, caller.user.accountId, input.newPassword);
      await tx.delete(sessions).where(and(eq(sessions.userAccountId, caller.user.accountId), ne(sessions.tokenHash, caller.tokenHash)));
      await clearAllUserFailures(tx, caller.user.username);
      await writeAudit(tx, caller, { action: 'PasswordChanged', accountId: caller.userAccount.id, accountPath: caller.userAccount.path }, requestMeta(ctx.request));
    });
    return { Success: true };
  },
});

const requestResetPassword = definePublicOperation({
  service: 'ISelfCareService',
  operation: 'RequestResetPassword',
  summary:
    'E-mails a single-use password reset link (at most 3 an hour per user); the answer is the same whether or not the user exists. More than 10 requests from one address in 15 minutes answer 429.',
  request: requestResetPasswordRequestSchema,
  response: okResponseSchema,
  async handler(input, ctx) {
    // The same work whatever the name (issue 11: the time told existing users apart): count the
    // address and queue the name; the job (auth/jobs.ts) looks the user up and mails the link.
    if (await isOverLimit(ctx.db, RESET_REQUESTS_PER_ADDRESS, ctx.request.ip)) {
      await writeAudit(ctx.db, null, { action: 'PasswordResetRequested', details: { sent: false, reason: 'ip_throttled' } }, requestMeta(ctx.request));
      throw new ApiError(429, 'too_many_requests');
    }
    const job: PasswordResetMailRequest = { username: input.username, locale: ctx.locale, ...requestMeta(ctx.request) };
    await ctx.request.server.jobs.send(PASSWORD_RESET_MAIL_JOB, job);
    return { Success: true };
  },
});

const resetPassword = definePublicOperation({
  service: 'ISelfCareService',
  operation: 'ResetPassword',
  summary: 'Sets a new password with a reset link; the link is used up and all sessions of the user end.',
  request: resetPasswordRequestSchema,
  response: okResponseSchema,
  async handler(input, ctx) {
    const user = await userOfResetLink(ctx, input.username, input.token);
    if (!user) throw new ApiError(400, 'reset_link_invalid');
    const { unmet, policy } = await unmetRulesForUser(ctx.db, user, input.newPassword);
    if (unmet.length) throw passwordRulesError(ctx.locale, unmet, policy);
    const account = await loadAccount(ctx.db, user.accountId);
    await ctx.db.transaction(async (tx) => {
      // Used up atomically: of two concurrent resets with one link, only one passes.
      const used = await tx
        .update(passwordResetTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResetTokens.tokenHash, hashResetToken(input.token)), isNull(passwordResetTokens.usedAt)))
        .returning({ tokenHash: passwordResetTokens.tokenHash });
      if (!used.length) throw new ApiError(400, 'reset_link_invalid');
      await setPassword(tx, user.accountId, input.newPassword);
      await endAllSessionsOfUser(tx, user.accountId);
      await clearAllUserFailures(tx, user.username);
      await writeAudit(tx, null, { action: 'PasswordReset', actorAccountId: user.accountId, accountId: user.accountId, accountPath: account?.path }, requestMeta(ctx.request));
    });
    return { Success: true };
  },
});

export const selfCareOperations = [validateUserPassword, changeMyPassword, requestResetPassword, resetPassword];
