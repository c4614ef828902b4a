import { useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '@cmp/contracts/accounts';
import { callOperation } from '../../platform/api/callOperation';

export const DASHBOARD_SUMMARY_QUERY_KEY = ['dashboard', 'summary'] as const;

export const fetchDashboardSummary = (signal: AbortSignal, { suppressErrorToast = false } = {}) =>
  callOperation<DashboardSummary>('IAccountService', 'GetDashboardSummary', {}, { signal, suppressErrorToast });

/** The caller's company, its account counts by type and the latest audit entries. */
export function useDashboardSummary() {
  // Fresh for a moment: the summary start-up fetched for the first render is not asked for again at once.
  return useQuery({ queryKey: DASHBOARD_SUMMARY_QUERY_KEY, queryFn: ({ signal }) => fetchDashboardSummary(signal), staleTime: 10_000 });
}
