import { eq, sql } from 'drizzle-orm';
import {
  authenticateRequestSchema,
  emptyRequestSchema,
  okResponseSchema,
  pingPongResponseSchema,
  sessionUserSchema,
  setLanguageRequestSchema,
} from '@cmp/contracts/auth';
import { LOGIN_RULE, isAllowed } from '@cmp/contracts/capabilities';
import { users } from '../platform/db/schema';
import { writeAudit } from '../platform/audit';
import { ApiError } from '../platform/errors';
import { defineOperation, definePublicOperation } from '../platform/operations';
import { endSession, findCompanyAccount, loadAccount, loadCapabilities, startSession, type CallerSession } from '../platform/session';
import { verifyPassword } from './passwords';
import { toSessionUser } from './sessionUser';

const SERVICE = 'IAuthorizationService';

const authenticate = definePublicOperation({
  service: SERVICE,
  operation: 'Authenticate',
  summary: 'Signs a user in with username and password; answers the session user and sets the session cookie.',
  request: authenticateRequestSchema,
  response: sessionUserSchema,
  async handler(input, { db, config, request, reply }) {
    const [user] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.username})`, input.userName.toLowerCase()))
      .limit(1);
    const isPasswordRight = await verifyPassword(user?.passwordHash, input.password);
    const account = user ? await loadAccount(db, user.accountId) : undefined;
    const meta = { ip: request.ip, requestId: request.id };
    // One answer for an unknown user, a wrong password and a disabled account: no user enumeration.
    if (!user || !account || !isPasswordRight || user.isDisabled || account.state !== 'Active') {
      await writeAudit(
        db,
        null,
        { action: 'SignInFailed', actorAccountId: account?.id ?? null, accountId: account?.id ?? null, accountPath: account?.path, details: { userName: input.userName.slice(0, 256) } },
        meta,
      );
      throw new ApiError(401, 'invalid_credentials');
    }
    const capabilities = await loadCapabilities(db, user.accountId);
    if (!isAllowed(capabilities, LOGIN_RULE)) {
      await writeAudit(db, null, { action: 'SignInRefused', actorAccountId: account.id, accountId: account.id, accountPath: account.path, details: { reason: 'missing_login_capabilities' } }, meta);
      throw new ApiError(403, 'missing_login_capabilities');
    }
    return db.transaction(async (tx) => {
      const publicId = await startSession(tx, config, reply, request, user.accountId);
      const caller: CallerSession = {
        tokenHash: '',
        publicId,
        user,
        userAccount: account,
        companyAccount: (await findCompanyAccount(tx, account)) ?? account,
        capabilities,
        impersonatorAccountId: null,
      };
      await tx.update(users).set({ lastLogonAt: new Date() }).where(eq(users.accountId, user.accountId));
      await writeAudit(tx, caller, { action: 'SignIn', accountId: account.id, accountPath: account.path }, meta);
      // LastLogon tells the user when they signed in before this session.
      return toSessionUser(tx, caller);
    });
  },
});

const getCurrentUser = defineOperation({
  service: SERVICE,
  operation: 'GetCurrentUser',
  summary: 'The signed-in session user with capabilities, user and company accounts.',
  request: emptyRequestSchema,
  response: sessionUserSchema,
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
      if (caller) await writeAudit(tx, caller, { action: 'SignOut', accountId: caller.userAccount.id, accountPath: caller.userAccount.path }, { ip: request.ip, requestId: request.id });
    });
    return { Success: true };
  },
});

const pingPong = defineOperation({
  service: SERVICE,
  operation: 'PingPong',
  summary: 'Keeps the session alive and answers the server time.',
  request: emptyRequestSchema,
  response: pingPongResponseSchema,
  handler: async () => ({ Pong: 'Pong', ServerTime: new Date().toISOString() }),
});

const setLanguage = defineOperation({
  service: SERVICE,
  operation: 'SetLanguage',
  summary: "Saves the user's interface language (one of the supported codes).",
  request: setLanguageRequestSchema,
  response: okResponseSchema,
  async handler(input, { db, caller, request }) {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ locale: input.languageCode }).where(eq(users.accountId, caller.user.accountId));
      await writeAudit(tx, caller, { action: 'SetLanguage', accountId: caller.userAccount.id, accountPath: caller.userAccount.path, details: { from: caller.user.locale, to: input.languageCode } }, { ip: request.ip, requestId: request.id });
    });
    return { Success: true };
  },
});

export const authOperations = [authenticate, getCurrentUser, logout, pingPong, setLanguage];
