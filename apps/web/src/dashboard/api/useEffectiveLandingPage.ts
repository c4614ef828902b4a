import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EffectiveLandingPage } from '@cmp/contracts/landingPage';
import { callOperation } from '../../platform/api/callOperation';

/** The landing page layout's cache entry; the layout editor refreshes it after a change. */
export const EFFECTIVE_LANDING_PAGE_QUERY_KEY = ['dashboard', 'landingPage'] as const;

/**
 * The tiles the signed-in user's dashboard shows, in order (issue 17: the nearest owner's layout for
 * the user's account type, else the default). Layouts change rarely: kept for the session's life
 * unless the editor changes one. A failure shows the default layout rather than no dashboard.
 */
export const effectiveLandingPageQuery = queryOptions({
  queryKey: EFFECTIVE_LANDING_PAGE_QUERY_KEY,
  queryFn: ({ signal }) => callOperation<EffectiveLandingPage>('IDashboardService', 'GetEffectiveLandingPage', {}, { suppressErrorToast: true, signal }),
  staleTime: 10 * 60_000,
  refetchOnWindowFocus: false,
  retry: false,
});

export function useEffectiveLandingPage() {
  return useQuery(effectiveLandingPageQuery);
}
