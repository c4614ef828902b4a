import { matchRoutes, parsePath } from 'react-router';
import { startCurrentUserRequest } from '../../platform/session/currentUser';
import type { RouteMeta } from './AppRouteDefinition';
import { buildRoutes, loadRouteChunks } from './buildRoutes';
import { needsUser, readSsoReturn, type RouteHandle } from './RouteGuard';
import { DASHBOARD_PATH } from './routeTable';

/**
 * issue 12 "at most two round trips after the HTML": asks now, before React renders and beside the
 * language bundle, for what rendering the address would only discover step by step — the chunks of
 * its screen and layout and, where the route guard will want it, the current user.
 */
export function startFirstScreen(location: Pick<Location, 'hash' | 'search'> = window.location): void {
  const { pathname = '/', search = '' } = parsePath(location.hash.replace(/^#/, ''));
  // spec §2: the empty path leads to the dashboard.
  const path = pathname === '/' || pathname === '' ? DASHBOARD_PATH : pathname;
  const routes = buildRoutes();

  // A chunk that fails here fails again, and is shown, where the screen renders.
  loadRouteChunks(routes, path).catch(() => undefined);
  const metas = (matchRoutes(routes, path) ?? [])
    .map((match) => (match.route.handle as RouteHandle | undefined)?.meta)
    .filter((meta): meta is RouteMeta => meta !== undefined);
  const ssoReturn = readSsoReturn(search) ?? readSsoReturn(location.search);
  if (needsUser(metas[metas.length - 1], ssoReturn)) startCurrentUserRequest();
}
