import { signInResponseSchema, type SignInResponse } from '@cmp/contracts/auth';
import { authenticateOpenIdRequestSchema, authenticateWithSubConfirmationRequestSchema } from '@cmp/contracts/identity';
import { writeAudit, requestMeta } from '../platform/audit';
import { ApiError } from '../platform/errors';
import { definePublicOperation, type OperationContext } from '../platform/operations';
import { clearUserFailures, isIpThrottled, recordAddressFailure } from '../auth/bruteForce';
import { assertMaySignIn, checkSecondFactor, completeSignIn, verifyCredentials } from '../auth/signIn';
import { exchangeCodeForSubject } from './openIdClient';
import { redirectUriFromState } from './redirectOrigin';
import { consumePendingLink, createPendingLink, findLinkedUser, findSsoProvider } from './ssoLinkStore';

const SERVICE = 'IAuthorizationService';


/** Audits a refused SSO step and answers the error to throw; the details never carry a code or secret. */
async function ssoFailure(
  ctx: OperationContext,
  key: 'sso_failed' | 'sso_link_invalid',
  details: Record<string, unknown>,
  account?: { id: number; path: string },
): Promise<ApiError> {
  const about = { actorAccountId: account?.id ?? null, accountId: account?.id ?? null, accountPath: account?.path ?? null };
  await writeAudit(ctx.db, null, { action: 'SignInFailed', ...about, details: { via: 'sso', ...details } }, requestMeta(ctx.request));
  // Failed SSO attempts count towards the address's limit, as failed passwords do.
  await recordAddressFailure(ctx.db, ctx.request.ip);
  return new ApiError(400, key);
}

/**
 * spec §7 AuthenticateOpenId: the provider's code (from /sso-auth/{code}/{state}) is exchanged for
 * a verified ID token. A linked subject signs its user in; an unknown one gets a pending link for
 * the /sso-link screen, where the user proves who they are with their password.
 */
const authenticateOpenId = definePublicOperation({
  service: SERVICE,
  operation: 'AuthenticateOpenId',
  summary:
    "Signs in with an OpenID Connect authorization code of a configured provider (clientName = the provider id). An unlinked subject answers LinkRequired with the OpenIdSubIdentifier for AuthenticateWithSubConfirmation.",
  request: authenticateOpenIdRequestSchema,
  response: signInResponseSchema,
  async handler(input, ctx): Promise<SignInResponse> {
    // An address that keeps failing gets 429 before any code is sent to a provider (DESIGN.md brute force).
    if (await isIpThrottled(ctx.db, ctx.request.ip)) {
      await writeAudit(ctx.db, null, { action: 'SignInFailed', details: { via: 'sso', reason: 'ip_throttled' } }, requestMeta(ctx.request));
      throw new ApiError(429, 'too_many_requests');
    }
    const provider = await findSsoProvider(ctx.db, input.clientName);
    if (!provider) throw await ssoFailure(ctx, 'sso_failed', { reason: 'unknown_provider', provider: input.clientName.slice(0, 200) });
    const redirectUri = redirectUriFromState(input.state, ctx);
    if (!redirectUri) throw await ssoFailure(ctx, 'sso_failed', { reason: 'foreign_redirect_origin', provider: provider.id });

    let subject: string;
    try {
      subject = await exchangeCodeForSubject(provider, input.code, redirectUri);
    } catch (error) {
      ctx.request.log.warn({ provider: provider.id, err: error }, 'SSO: code exchange failed');
      throw await ssoFailure(ctx, 'sso_failed', { reason: 'code_exchange_failed', provider: provider.id, error: errorCode(error) });
    }

    const linked = await findLinkedUser(ctx.db, provider.id, subject);
    if (!linked) {
      const token = await createPendingLink(ctx.db, provider.id, subject);
      return { MfaRequired: false, UserAuthenticationMethods: [], LinkRequired: true, OpenIdSubIdentifier: token };
    }
    if (linked.user.isDisabled || linked.account.state !== 'Active') {
      throw await ssoFailure(ctx, 'sso_failed', { reason: 'inactive', provider: provider.id }, linked.account);
    }
    await assertMaySignIn(ctx, linked);
    return completeSignIn(ctx, linked, { via: 'sso' });
  },
});

/**
 * spec §7 AuthenticateWithSubConfirmation: the password step of the sign-in form (brute-force
 * counting included) confirms who the user is, then the pending subject is linked to them.
 */
const authenticateWithSubConfirmation = definePublicOperation({
  service: SERVICE,
  operation: 'AuthenticateWithSubConfirmation',
  summary:
    'Links the SSO subject of an OpenIdSubIdentifier (from AuthenticateOpenId) to the user of these credentials and signs in. Later SSO sign-ins of that subject need no password.',
  request: authenticateWithSubConfirmationRequestSchema,
  response: signInResponseSchema,
  async handler(input, ctx): Promise<SignInResponse> {
    const verified = await verifyCredentials(ctx, input.userName, input.password);
    await assertMaySignIn(ctx, verified);
    // A password alone must not attach a way in that skips the user's second factor: with MFA the
    // link waits (the pending subject stays) until the code is right too.
    const { pending, hasMfa } = await checkSecondFactor(ctx, verified, input);
    if (pending) return pending;

    await clearUserFailures(ctx.db, input.userName, ctx.request.ip);
    const { account } = verified;
    const outcome = await ctx.db.transaction(async (tx) => {
      const result = await consumePendingLink(tx, input.openIdSubIdentifier, account.id);
      if (result.kind === 'linked') {
        const details = { provider: result.providerId, subject: result.subject };
        await writeAudit(tx, null, { action: 'SsoLinked', actorAccountId: account.id, accountId: account.id, accountPath: account.path, details }, requestMeta(ctx.request));
      }
      return result;
    });
    if (outcome.kind === 'invalid' || outcome.kind === 'linkedToOtherUser') {
      throw await ssoFailure(ctx, 'sso_link_invalid', { reason: outcome.kind === 'invalid' ? 'link_expired_or_unknown' : 'subject_linked_to_other_user' }, account);
    }
    return completeSignIn(ctx, verified, { via: hasMfa ? 'sso-link+mfa' : 'sso-link' });
  },
});

/** The OAuth error code or error name of a failed exchange, for the audit entry (never the message, which may echo input). */
function errorCode(error: unknown): string {
  if (error && typeof error === 'object') {
    const { error: oauthError, code } = error as { error?: unknown; code?: unknown };
    if (typeof oauthError === 'string') return oauthError.slice(0, 100);
    if (typeof code === 'string') return code.slice(0, 100);
  }
  return 'unknown';
}

export const ssoOperations = [authenticateOpenId, authenticateWithSubConfirmation];
