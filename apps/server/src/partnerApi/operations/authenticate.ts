import { z } from 'zod';
import { writeAudit, requestMeta } from '../../platform/audit';
import { ApiError } from '../../platform/errors';
import { endSessionOfToken } from '../../platform/session';
import { clearUserFailures } from '../../auth/bruteForce';
import { enabledMethods, listMfaMethods } from '../../auth/mfa';
import { mustSetupMfa } from '../../auth/mfaPolicy';
import { assertMaySignIn, openSession, verifyCredentials } from '../../auth/signIn';
import { findCompanyAccount } from '../../platform/session';
import { definePartnerOperation, definePublicPartnerOperation } from '../partnerOperation';

const emptyBody = z.object({}).strict();

/**
 * A token for a user, through the portal's own sign-in rules: the brute-force counters and lockout,
 * the IP lists, disabled users, the Login capability. A token has no second factor, so a user who
 * signs in with one — or whose company requires one — is refused (the definition: "MFA users are
 * not supported").
 */
const getSessionToken = definePublicPartnerOperation({
  name: 'GetSessionToken',
  group: 'Authenticate',
  summary: 'Returns a session token for the user; every other call carries it in the header `Authenticate: CCPSessionId <token>`.',
  request: z.object({ username: z.string().min(1).max(256), password: z.string().min(1).max(1024) }).strict(),
  answer: z.string(),
  async handler({ username, password }, ctx) {
    const verified = await verifyCredentials(ctx, username, password);
    await assertMaySignIn(ctx, verified);
    const { account } = verified;
    const company = (await findCompanyAccount(ctx.db, account)) ?? account;
    if (enabledMethods(await listMfaMethods(ctx.db, account.id)).length > 0 || (await mustSetupMfa(ctx.db, account, company))) {
      await writeAudit(ctx.db, null, { action: 'SignInRefused', actorAccountId: account.id, accountId: account.id, accountPath: account.path, details: { reason: 'partner_api_mfa_user' } }, requestMeta(ctx.request));
      throw new ApiError(403, 'partner_api_mfa_user');
    }
    await clearUserFailures(ctx.db, username, ctx.request.ip);
    const { token } = await ctx.db.transaction((tx) => openSession(tx, ctx, verified, { via: 'partner_api' }));
    return token;
  },
});

const terminateSessionToken = definePartnerOperation({
  name: 'TerminateSessionToken',
  group: 'Authenticate',
  summary: 'Ends the session of the token the call carries.',
  request: emptyBody,
  answer: z.undefined(),
  async handler(_input, { db, caller, token, request }) {
    await db.transaction(async (tx) => {
      await endSessionOfToken(tx, token);
      await writeAudit(tx, caller, { action: 'SignOut', accountId: caller.userAccount.id, accountPath: caller.userAccount.path, details: { via: 'partner_api' } }, requestMeta(request));
    });
    return undefined;
  },
});

const pingPong = definePartnerOperation({
  name: 'PingPong',
  group: 'Authenticate',
  summary: 'Answers 200 with no body while the token is alive; a fault (401, IsSessionExpired true) once it has expired.',
  request: emptyBody,
  answer: z.undefined(),
  readOnly: true,
  async handler() {
    return undefined;
  },
});

export const authenticateOperations = [getSessionToken, terminateSessionToken, pingPong];
