import type { QueryClient } from '@tanstack/react-query';
import { HashRouter } from 'react-router';
import type { Branding } from '@cmp/contracts/branding';
import { useMarkFirstPaint } from '../platform/ui/firstPaint';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './routes/AppRoutes';

/**
 * The portal behind the hash router of spec §2. The declarative HashRouter (not the data router)
 * keeps ~17 KB gzip of routing code out of the entry chunk; the route guard matches the route table itself.
 */
export function App({ branding, queryClient }: { branding: Branding; queryClient?: QueryClient }) {
  useMarkFirstPaint();
  return (
    <AppProviders branding={branding} queryClient={queryClient}>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </AppProviders>
  );
}
