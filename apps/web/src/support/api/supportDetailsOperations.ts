import { useQuery } from '@tanstack/react-query';
import type { SupportDetails, SupportDetailsForAccount, SupportDetailsInput } from '@cmp/contracts/support';
import { callOperation } from '../../platform/api/callOperation';

export const SUPPORT_DETAILS_QUERY_KEY = ['support', 'details'] as const;
export const supportDetailsForAccountQueryKey = (accountId: number) => ['support', 'detailsForAccount', accountId] as const;

/** spec §4 Route guard "support details … load once": one fetch per session, shared by header, footer and panel. */
export function useSupportDetails(isEnabled: boolean) {
  return useQuery({
    queryKey: SUPPORT_DETAILS_QUERY_KEY,
    queryFn: ({ signal }) => callOperation<SupportDetails>('IAccountService', 'GetSupportDetails', {}, { suppressErrorToast: true, signal }),
    enabled: isEnabled,
    staleTime: Infinity,
    retry: false,
  });
}

export function useSupportDetailsForAccount(accountId: number) {
  return useQuery({
    queryKey: supportDetailsForAccountQueryKey(accountId),
    queryFn: ({ signal }) =>
      callOperation<SupportDetailsForAccount>('IAccountService', 'GetSupportDetailsForAccount', { accountId }, { suppressErrorToast: true, signal }),
  });
}

/** Errors are shown at the form (a 400 names the field), so no toast. */
export function saveSupportDetails(accountId: number, supportDetails: SupportDetailsInput): Promise<{ Success: boolean }> {
  return callOperation('IAccountService', 'SaveSupportDetails', { accountId, supportDetails }, { suppressErrorToast: true });
}
