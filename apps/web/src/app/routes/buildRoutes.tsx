import type { ComponentType } from 'react';
import { Suspense } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { lazyWithPreload, type PreloadableComponent } from '../../platform/ui/lazyWithPreload';
import { LoadingScreen } from '../screens/LoadingScreen';
import { PlainLayout } from '../layouts/PlainLayout';
import type { AppRouteDefinition, RouteMeta } from './AppRouteDefinition';
import type { RouteHandle } from './RouteGuard';
import { RouteScreen } from './RouteScreen';
import { DASHBOARD_PATH, ROUTE_TABLE } from './routeTable';

// The full layout (header, menus, footer) is only needed once signed in: keep it out of the entry chunk.
const FullLayout = lazyWithPreload(() => import('../layouts/FullLayout').then((module) => module.FullLayout));
// The parts of the full layout's first paint that it loads lazily itself, fetched beside it so that
// they arrive in the same wave, not one round trip after the layout has rendered (issue 12). The
// header's search and menus come after the first paint (platform/ui/firstPaint.ts).
const fullLayoutParts = () => Promise.all([import('../layouts/ConsentAndAnalytics'), import('../../support/components/SupportFooterLinks')]);
const NotFoundScreen = lazyWithPreload(() => import('../screens/NotFoundScreen').then((module) => module.NotFoundScreen));

// One component per screen loader, however often the routes are built: what start-up preloads is
// the very component the router renders.
const screens = new WeakMap<() => Promise<ComponentType>, PreloadableComponent<object>>();
function screenOf(load: () => Promise<ComponentType>): PreloadableComponent<object> {
  const screen = screens.get(load) ?? lazyWithPreload(load);
  screens.set(load, screen);
  return screen;
}

/** The route objects of the hash router, built from the route table (spec §2); the route guard sits above them. */
export function buildRoutes(table: AppRouteDefinition[] = ROUTE_TABLE): RouteObject[] {
  const routesOf = (layout: AppRouteDefinition['layout']) => table.filter((route) => route.layout === layout).map(toRouteObject);
  const routes: RouteObject[] = [
    // spec §2: the default landing is #/Dashboard; the empty path (and a refused route) lead there.
    { index: true, element: <Navigate to={DASHBOARD_PATH} replace />, handle: handle({ isPublic: true, titleKey: 'routes.dashboard' }) },
    { element: <PlainLayout />, children: routesOf('plain') },
    {
      element: (
        <Suspense fallback={<LoadingScreen />}>
          <FullLayout />
        </Suspense>
      ),
      handle: { loadChunk: () => Promise.all([FullLayout.preload(), fullLayoutParts()]) } satisfies RouteHandle,
      children: [
        ...routesOf('full'),
        {
          path: '*',
          element: <RouteScreen titleKey="routes.not_found" screen={NotFoundScreen} />,
          handle: handle({ titleKey: 'routes.not_found' }, NotFoundScreen.preload),
        },
      ],
    },
  ];
  return routes;

  function toRouteObject(route: Omit<AppRouteDefinition, 'layout'>): RouteObject {
    const meta: RouteMeta = { isPublic: route.isPublic, isMfaPage: route.isMfaPage, rule: route.rule, titleKey: route.titleKey };
    if (route.children) return { path: route.path, handle: handle(meta), children: route.children.map(toRouteObject) };

    const screen = route.screen && screenOf(route.screen);
    const { likelyNext } = route;
    const loadLikelyNext = likelyNext ? () => loadRouteChunks(routes, likelyNext) : undefined;
    const element = <RouteScreen titleKey={route.titleKey} screen={screen} loadLikelyNext={loadLikelyNext} />;
    const routeHandle = handle(meta, screen?.preload, route.prefetch);
    return route.index ? { index: true, element, handle: routeHandle } : { path: route.path, element, handle: routeHandle };
  }
}

/** The handles of the routes (layouts and screen) that `path` leads to, outermost first. */
export function routeHandlesOf(routes: RouteObject[], path: string): (RouteHandle | undefined)[] {
  return (matchRoutes(routes, path) ?? []).map((match) => match.route.handle as RouteHandle | undefined);
}

/** Loads the chunks (layouts and screen) of the routes that `path` leads to. */
export function loadRouteChunks(routes: RouteObject[], path: string): Promise<unknown> {
  return loadChunksOf(routeHandlesOf(routes, path));
}

export function loadChunksOf(handles: (RouteHandle | undefined)[]): Promise<unknown> {
  return Promise.all(handles.map((routeHandle) => routeHandle?.loadChunk?.()));
}

function handle(meta: RouteMeta, loadChunk?: () => Promise<unknown>, prefetch?: RouteHandle['prefetch']): RouteHandle {
  return { meta, loadChunk, prefetch };
}
