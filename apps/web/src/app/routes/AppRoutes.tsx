import { useState } from 'react';
import { useLocation } from 'react-router';
import { buildRoutes } from './buildRoutes';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { RouteGuard } from './RouteGuard';

/** Every route of spec §2 behind the route guard; rendered inside the hash router (or a memory router in tests). */
export function AppRoutes() {
  const [routes] = useState(buildRoutes);
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <RouteGuard routes={routes} />
    </RouteErrorBoundary>
  );
}
