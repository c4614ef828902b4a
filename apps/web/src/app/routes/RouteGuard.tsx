import { useLayoutEffect } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../../platform/session/currentUser';
import { LoadingScreen } from '../screens/LoadingScreen';
import type { AppRouteDefinition, RouteMeta } from './AppRouteDefinition';
import { decideRoute } from './decideRoute';

export interface RouteHandle {
  /** The guard's view of a route; layout routes have none. */
  meta?: RouteMeta;
  /** Loads the chunk the route renders (its screen or layout), so start-up can ask for it early. */
  loadChunk?: () => Promise<unknown>;
  /** The route's data for its first render (AppRouteDefinition.prefetch). */
  prefetch?: AppRouteDefinition['prefetch'];
}

/** Runs spec §4's route guard on every navigation, above both layouts, then renders the matched route. */
export function RouteGuard({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const element = useRoutes(routes, location);
  const matches = (matchRoutes(routes, location) ?? [])
    .map((match) => (match.route.handle as RouteHandle | undefined)?.meta)
    .filter((meta): meta is RouteMeta => meta !== undefined);
  const route = matches[matches.length - 1];
  const pageSsoReturn = readSsoReturn(window.location.search);
  const ssoReturn = readSsoReturn(location.search) ?? pageSsoReturn;

  const userQuery = useQuery({ ...currentUserQueryOptions, enabled: needsUser(route, ssoReturn) });

  const decision = decideRoute({
    matches,
    attemptedPath: location.pathname + location.search,
    ssoReturn,
    user: userQuery.data,
    userLoadFailed: userQuery.status === 'error' && userQuery.fetchStatus === 'idle',
  });

  if (decision.kind === 'loadUser') return <LoadingScreen />;
  if (decision.kind === 'redirect') return <GuardRedirect to={decision.to} clearsPageQuery={pageSsoReturn !== undefined} />;
  return element;
}

/** spec §4 Route guard: public and MFA pages, and an SSO provider's return, pass without the current user. */
export function needsUser(route: RouteMeta | undefined, ssoReturn: { code: string; state: string } | undefined): boolean {
  return !ssoReturn && route !== undefined && !route.isPublic && !route.isMfaPage;
}

/** spec §4: an SSO provider returns to the origin with `?code=…&state=…` (spec §7 SSO button). */
export function readSsoReturn(search: string): { code: string; state: string } | undefined {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const state = params.get('state');
  return code && state ? { code, state } : undefined;
}

function GuardRedirect({ to, clearsPageQuery }: { to: string; clearsPageQuery: boolean }) {
  // The one-time code must not stay in the address bar (or the history) once it has been taken.
  useLayoutEffect(() => {
    if (clearsPageQuery) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.hash);
  }, [clearsPageQuery]);
  return <Navigate to={to} replace />;
}
