import { eq } from 'drizzle-orm';
import {
  authenticateRequestSchema,
  emptyRequestSchema,
  okResponseSchema,
  pingPongResponseSchema,
  sessionUserSchema,
  setLanguageRequestSchema,
  signInResponseSchema,
} from '@cmp/contracts/auth';
import { requirement } from '@cmp/contracts/capabilities';
import { normalizeLocale } from '@cmp/contracts/locales';
import { impersonateRequestSchema, sendSecurityCodeNotificationRequestSchema } from '@cmp/contracts/identity';
import { users } from '../platform/db/schema';
import { writeAudit, requestMeta } from '../platform/audit';
import { ApiError } from '../platform/errors';
import { translateMessage } from '../platform/i18n/messages';
import { defineOperation, definePublicOperation, type OperationContext } from '../platform/operations';
import { endSession, loadAccount } from '../platform/session';
import { requireAccountInHierarchy } from '../platform/access';
import { loadPlatformBranding } from '../branding/brandingRoutes';
import { EMAIL_CODE_MINUTES, enabledMethods, issueEmailCode, listMfaMethods } from './mfa';
import { assertMaySignIn, completeSignIn, signInWithPassword, verifyCredentials } from './signIn';
import { toSessionUser } from './sessionUser';

const SERVICE = 'IAuthorizationService';
const IMPERSONATE = requirement('IMPERSONATE', ['Execute']);

const authenticate = definePublicOperation({
  service: SERVICE,
  operation: 'Authenticate',
  summary: 'Signs a user in with username and password (and the MFA code when the user has methods); answers the session user and sets the session cookie, or MfaRequired with the methods.',
  request: authenticateRequestSchema,
  response: signInResponseSchema,
  handler: (input, ctx) => signInWithPassword(ctx, input),
});

const sendSecurityCodeNotification = definePublicOperation({
  service: SERVICE,
  operation: 'SendSecurityCodeNotification',
  summary: "E-mails a one-time security code for the user's e-mail MFA method during sign-in.",
  request: sendSecurityCodeNotificationRequestSchema,
  response: okResponseSchema,
  async handler(input, ctx) {
    const verified = await verifyCredentials(ctx, input.userName, input.password);
    await assertMaySignIn(ctx, verified);
    const method = enabledMethods(await listMfaMethods(ctx.db, verified.account.id)).find((m) => m.id === input.mfaMethodId && m.kind === 'Email');
    if (!method) throw new ApiError(400, 'invalid_request', { detail: 'mfaMethodId: not an e-mail method of this user' });
    const code = await issueEmailCode(ctx.db, method.id);
    await sendCodeMail(ctx, verified.user, code);
    return { Success: true };
  },
});

/** The security-code mail, in the user's language. */
export async function sendCodeMail(
  ctx: OperationContext,
  user: typeof users.$inferSelect,
  code: string,
): Promise<void> {
  const { title } = await loadPlatformBranding(ctx.db);
  const locale = normalizeLocale(user.locale) ?? ctx.locale;
  await ctx.mailer.send({
    to: user.email,
    subject: translateMessage(locale, 'mail_code_subject', { title }),
    text: translateMessage(locale, 'mail_code_body', { name: user.firstName || user.username, code, minutes: String(EMAIL_CODE_MINUTES) }),
  });
}

const getCurrentUser = defineOperation({
  service: SERVICE,
  operation: 'GetCurrentUser',
  readOnly: true,
  summary: 'The signed-in session user with capabilities, user and company accounts.',
  request: emptyRequestSchema,
  response: sessionUserSchema,
  allowDuringMfaSetup: true,
  // Asked on every screen: served from the session cache until something changes (issue 12).
  answerCachedPerSession: true,
  handler: async (_input, { db, caller }) => toSessionUser(db, caller),
});

const logout = definePublicOperation({
  service: SERVICE,
  operation: 'Logout',
  summary: 'Ends the current session; its id is dead afterwards.',
  request: emptyRequestSchema,
  response: okResponseSchema,
  async handler(_input, { db, caller, request, reply }) {
    await db.transaction(async (tx) => {
      await endSession(tx, request, reply);
      if (caller) await writeAudit(tx, caller, { action: 'SignOut', accountId: caller.userAccount.id, accountPath: caller.userAccount.path }, requestMeta(request));
    });
    return { Success: true };
  },
});

const pingPong = defineOperation({
  service: SERVICE,
  operation: 'PingPong',
  readOnly: true,
  summary: 'Keeps the session alive and answers the server time.',
  request: emptyRequestSchema,
  response: pingPongResponseSchema,
  allowDuringMfaSetup: true,
  handler: async () => ({ Pong: 'Pong', ServerTime: new Date().toISOString() }),
});

const setLanguage = defineOperation({
  service: SERVICE,
  operation: 'SetLanguage',
  summary: "Saves the user's interface language (one of the supported codes).",
  request: setLanguageRequestSchema,
  response: okResponseSchema,
  allowDuringMfaSetup: true,
  async handler(input, { db, caller, request }) {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ locale: input.languageCode }).where(eq(users.accountId, caller.user.accountId));
      await writeAudit(tx, caller, { action: 'SetLanguage', accountId: caller.userAccount.id, accountPath: caller.userAccount.path, details: { from: caller.user.locale, to: input.languageCode } }, requestMeta(request));
    });
    return { Success: true };
  },
});

const impersonate = defineOperation({
  service: SERVICE,
  operation: 'Impersonate',
  summary: 'Signs the caller in as another user of their hierarchy; every action is audited with the impersonator.',
  request: impersonateRequestSchema,
  response: sessionUserSchema,
  rule: IMPERSONATE,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    if (caller.impersonatorAccountId) throw new ApiError(403, 'not_while_impersonating');
    const target = await requireAccountInHierarchy(db, caller, input.userAccountId, IMPERSONATE);
    const [user] = await db.select().from(users).where(eq(users.accountId, target.id)).limit(1);
    if (target.type !== 'User' || !user || target.id === caller.userAccount.id || user.isDisabled || target.state !== 'Active') {
      throw new ApiError(403, 'impersonation_not_allowed');
    }
    // A new session id for the impersonation; the administrator's own session ends with it.
    await endSession(db, ctx.request, ctx.reply);
    return completeSignIn(ctx, { user, account: target }, { via: 'impersonation', impersonatorAccountId: caller.userAccount.id });
  },
});

const unimpersonate = defineOperation({
  service: SERVICE,
  operation: 'Unimpersonate',
  summary: 'Ends an impersonation and signs the impersonator back in as themselves.',
  request: emptyRequestSchema,
  response: sessionUserSchema,
  async handler(_input, ctx) {
    const { db, caller } = ctx;
    if (!caller.impersonatorAccountId) throw new ApiError(403, 'access_denied');
    const account = await loadAccount(db, caller.impersonatorAccountId);
    const [user] = await db.select().from(users).where(eq(users.accountId, caller.impersonatorAccountId)).limit(1);
    await writeAudit(db, caller, { action: 'ImpersonationEnded', accountId: caller.userAccount.id, accountPath: caller.userAccount.path }, requestMeta(ctx.request));
    await endSession(db, ctx.request, ctx.reply);
    if (!account || !user || user.isDisabled || account.state !== 'Active') throw new ApiError(401, 'not_signed_in');
    return completeSignIn(ctx, { user, account }, { via: 'unimpersonation' });
  },
});

export const authOperations = [authenticate, sendSecurityCodeNotification, getCurrentUser, logout, pingPong, setLanguage, impersonate, unimpersonate];
