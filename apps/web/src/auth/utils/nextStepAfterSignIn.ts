import { isAllowed, LOGIN_RULE } from '@cmp/contracts/capabilities';
import type { PendingSignIn, SessionUser, SignInResponse } from '@cmp/contracts/auth';
import { SETUP_MFA_PATH } from '../../platform/navigation/appPaths';
import { redirectTarget, type RedirectTarget } from '../../platform/navigation/redirectTarget';

export type SignInStep =
  | { kind: 'setupMfa'; to: string }
  | { kind: 'mfa'; to: string; methods: PendingSignIn['UserAuthenticationMethods'] }
  | { kind: 'ssoLink'; to: string }
  | { kind: 'missingLoginCapability' }
  | RedirectTarget;

export function isSessionUser(answer: SignInResponse): answer is SessionUser {
  return 'SessionId' in answer;
}

/**
 * spec §4 Login "On success", in order: MFA set-up, then the MFA step, then the post-login check
 * (Login/Execute), then the redirect of spec §2. A sign-in that still needs a second factor has no
 * session yet (MfaRequired); an SSO subject that is not linked yet goes to /sso-link (LinkRequired).
 * `search` is the sign-in page's query (it holds `redirect`), kept on the MFA pages.
 */
export function nextStepAfterSignIn(answer: SignInResponse, search: string, origin: string): SignInStep {
  if (!isSessionUser(answer)) {
    if (answer.LinkRequired && answer.OpenIdSubIdentifier) {
      return { kind: 'ssoLink', to: `/sso-link/${encodeURIComponent(answer.OpenIdSubIdentifier)}` };
    }
    return { kind: 'mfa', to: `/login-mfa${search}`, methods: answer.UserAuthenticationMethods };
  }
  const redirect = new URLSearchParams(search).get('redirect') ?? '';
  if (answer.MustSetupMfa) return { kind: 'setupMfa', to: redirect ? `${SETUP_MFA_PATH}?${new URLSearchParams({ redirect })}` : SETUP_MFA_PATH };
  if (!isAllowed(answer.Capability, LOGIN_RULE)) return { kind: 'missingLoginCapability' };
  return redirectTarget(search, origin);
}
