import { isAllowed, LOGIN_RULE } from '@cmp/contracts/capabilities';
import type { SessionUser } from '@cmp/contracts/auth';

export type SignInStep =
  | { kind: 'setupMfa'; to: string }
  | { kind: 'mfa'; to: string }
  | { kind: 'missingLoginCapability' }
  /** A full address under the origin (a `#…` redirect). */
  | { kind: 'assign'; url: string }
  /** A path handed to the router. */
  | { kind: 'navigate'; to: string };

const DEFAULT_TARGET = '/Dashboard';

/**
 * spec §4 Login "On success", in order: MFA set-up, then the MFA step, then the post-login check
 * (Login/Execute), then the redirect of spec §2: `#…` goes to that hash under the origin, any other
 * value through the router, none to #/Dashboard.
 * `search` is the sign-in page's query (it holds `redirect`), kept on the MFA pages.
 */
export function nextStepAfterSignIn(user: SessionUser, search: string, origin: string): SignInStep {
  const redirect = new URLSearchParams(search).get('redirect') ?? '';
  if (user.MustSetupMfa) return { kind: 'setupMfa', to: redirect ? `/setup-mfa?${new URLSearchParams({ redirect })}` : '/setup-mfa' };
  if (user.UserAuthenticationMethods.length > 0) return { kind: 'mfa', to: `/login-mfa${search}` };
  if (!isAllowed(user.Capability, LOGIN_RULE)) return { kind: 'missingLoginCapability' };
  if (redirect.startsWith('#')) return { kind: 'assign', url: `${origin}/${redirect}` };
  if (redirect) return { kind: 'navigate', to: redirect.startsWith('/') ? redirect : `/${redirect}` };
  return { kind: 'navigate', to: DEFAULT_TARGET };
}
