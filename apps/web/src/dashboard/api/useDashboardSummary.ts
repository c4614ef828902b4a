import { useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '@cmp/contracts/accounts';
import { callOperation } from '../../platform/api/callOperation';

export const DASHBOARD_SUMMARY_QUERY_KEY = ['dashboard', 'summary'] as const;

/** The caller's company, its account counts by type and the latest audit entries. */
export function useDashboardSummary() {
  return useQuery({
    queryKey: DASHBOARD_SUMMARY_QUERY_KEY,
    queryFn: ({ signal }) => callOperation<DashboardSummary>('IAccountService', 'GetDashboardSummary', {}, { signal }),
  });
}
