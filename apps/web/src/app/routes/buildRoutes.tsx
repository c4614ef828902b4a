import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '../screens/LoadingScreen';
import { PlainLayout } from '../layouts/PlainLayout';
import type { AppRouteDefinition, RouteMeta } from './AppRouteDefinition';
import type { RouteHandle } from './RouteGuard';
import { RouteScreen } from './RouteScreen';
import { DASHBOARD_PATH, ROUTE_TABLE } from './routeTable';

// The full layout (header, menus, footer) is only needed once signed in: keep it out of the entry chunk.
const FullLayout = lazy(() => import('../layouts/FullLayout').then((module) => ({ default: module.FullLayout })));
const NotFoundScreen = lazy(() => import('../screens/NotFoundScreen').then((module) => ({ default: module.NotFoundScreen })));

/** The route objects of the hash router, built from the route table (spec §2); the route guard sits above them. */
export function buildRoutes(table: AppRouteDefinition[] = ROUTE_TABLE): RouteObject[] {
  const routesOf = (layout: AppRouteDefinition['layout']) => table.filter((route) => route.layout === layout).map(toRouteObject);
  return [
    // spec §2: the default landing is #/Dashboard; the empty path (and a refused route) lead there.
    { index: true, element: <Navigate to={DASHBOARD_PATH} replace />, handle: handle({ isPublic: true, titleKey: 'routes.dashboard' }) },
    { element: <PlainLayout />, children: routesOf('plain') },
    {
      element: (
        <Suspense fallback={<LoadingScreen />}>
          <FullLayout />
        </Suspense>
      ),
      children: [
        ...routesOf('full'),
        { path: '*', element: <RouteScreen titleKey="routes.not_found" screen={NotFoundScreen} />, handle: handle({ titleKey: 'routes.not_found' }) },
      ],
    },
  ];
}

function toRouteObject(route: Omit<AppRouteDefinition, 'layout'>): RouteObject {
  const meta: RouteMeta = { isPublic: route.isPublic, isMfaPage: route.isMfaPage, rule: route.rule, titleKey: route.titleKey };
  if (route.children) return { path: route.path, handle: handle(meta), children: route.children.map(toRouteObject) };

  const load = route.screen;
  const screen = load ? lazy(async () => ({ default: await load() })) : undefined;
  const element = <RouteScreen titleKey={route.titleKey} screen={screen} />;
  return route.index ? { index: true, element, handle: handle(meta) } : { path: route.path, element, handle: handle(meta) };
}

function handle(meta: RouteMeta): RouteHandle {
  return { meta };
}
