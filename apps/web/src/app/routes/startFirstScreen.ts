import type { QueryClient } from '@tanstack/react-query';
import { parsePath } from 'react-router';
import { CURRENT_USER_QUERY_KEY, startCurrentUserRequest, startedCurrentUser } from '../../platform/session/currentUser';
import type { RouteMeta } from './AppRouteDefinition';
import { buildRoutes, loadChunksOf, routeHandlesOf } from './buildRoutes';
import { needsUser, readSsoReturn } from './RouteGuard';
import { DASHBOARD_PATH } from './routeTable';

/**
 * issue 12 "at most two round trips after the HTML": asks now, before React renders and beside the
 * language bundle, for what rendering the address would only discover step by step — the chunks of
 * its screen and layout and, where the route guard will want it, the current user.
 *
 * Resolves once they have arrived (or failed), having put the user into `queryClient`: the first
 * render then draws the whole screen in one time-sliced pass. Rendered before, the route guard would
 * wait for the user in the query cache, whose answer re-renders synchronously — layout and screen in
 * one long task (issue 12, total blocking time).
 */
export async function startFirstScreen(queryClient: QueryClient, location: Pick<Location, 'hash' | 'search'> = window.location): Promise<void> {
  const { pathname = '/', search = '' } = parsePath(location.hash.replace(/^#/, ''));
  // spec §2: the empty path leads to the dashboard.
  const path = pathname === '/' || pathname === '' ? DASHBOARD_PATH : pathname;
  const routes = buildRoutes();

  // A chunk that fails here fails again, and is shown, where the screen renders.
  const handles = routeHandlesOf(routes, path);
  const chunks = loadChunksOf(handles).catch(() => undefined);
  const metas = handles.map((routeHandle) => routeHandle?.meta).filter((meta): meta is RouteMeta => meta !== undefined);
  const ssoReturn = readSsoReturn(search) ?? readSsoReturn(location.search);
  if (!needsUser(metas[metas.length - 1], ssoReturn)) {
    await chunks;
    return;
  }
  startCurrentUserRequest();
  // The screen's data goes beside the user, on the same session cookie: a visitor who is not signed
  // in gets refusals that nothing shows. What fails is asked for again, and shown, where the screen renders.
  const data = Promise.all(handles.map((routeHandle) => routeHandle?.prefetch?.(queryClient).catch(() => undefined)));
  const [user] = await Promise.all([startedCurrentUser(), chunks, data]);
  // A failed request (401: not signed in) stays with the route guard, which sends the visitor to sign in.
  if (user) queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
}
