import type { QueryClient } from '@tanstack/react-query';
import { DASHBOARD_SUMMARY_QUERY_KEY, fetchDashboardSummary } from './useDashboardSummary';
import { effectiveLandingPageQuery } from './useEffectiveLandingPage';

/**
 * The dashboard's layout and summary, asked for at start-up beside the current user (the route's
 * prefetch, issue 12): the first render then places every tile at once, instead of mounting them in a
 * synchronous re-render when the layout answers. Failures show nothing here; the screen asks again.
 */
export function prefetchDashboard(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(effectiveLandingPageQuery),
    queryClient.prefetchQuery({ queryKey: DASHBOARD_SUMMARY_QUERY_KEY, queryFn: ({ signal }) => fetchDashboardSummary(signal, { suppressErrorToast: true }) }),
  ]);
}
