import { isAllowed } from '@cmp/contracts/capabilities';
import type { SessionUser } from '@cmp/contracts/auth';
import type { RouteMeta } from './AppRouteDefinition';
import { LOGIN_PATH, SETUP_MFA_PATH } from './routeTable';

export interface RouteRequest {
  /** The matched routes, outermost first (a child route inherits its parents' rules). */
  matches: readonly RouteMeta[];
  /** The attempted hash path with its query, e.g. `/pricelists?page=2`. */
  attemptedPath: string;
  /** `code` and `state` of an SSO provider's return, from the page or hash query. */
  ssoReturn?: { code: string; state: string };
  user: SessionUser | undefined;
  /** Whether loading the current user has failed (spec §4: then the user signs in). */
  userLoadFailed: boolean;
}

export type RouteDecision = { kind: 'pass' } | { kind: 'loadUser' } | { kind: 'redirect'; to: string };

/** spec §4 Route guard, step by step and in this order. */
export function decideRoute({ matches, attemptedPath, ssoReturn, user, userLoadFailed }: RouteRequest): RouteDecision {
  if (ssoReturn) {
    return { kind: 'redirect', to: `/sso-auth/${encodeURIComponent(ssoReturn.code)}/${encodeURIComponent(ssoReturn.state)}` };
  }
  const route = matches[matches.length - 1];
  if (!route || route.isPublic || route.isMfaPage) return { kind: 'pass' };

  if (!user) {
    if (!userLoadFailed) return { kind: 'loadUser' };
    return { kind: 'redirect', to: withRedirect(LOGIN_PATH, attemptedPath) };
  }
  if (!matches.every((match) => isAllowed(user.Capability, match.rule))) return { kind: 'redirect', to: '/' };
  if (user.MustSetupMfa && pathOf(attemptedPath) !== SETUP_MFA_PATH) {
    return { kind: 'redirect', to: withRedirect(SETUP_MFA_PATH, attemptedPath) };
  }
  return { kind: 'pass' };
}

export function withRedirect(path: string, redirect: string): string {
  return `${path}?${new URLSearchParams({ redirect }).toString()}`;
}

function pathOf(pathWithQuery: string): string {
  return pathWithQuery.split(/[?#]/)[0];
}
