import { useQuery } from '@tanstack/react-query';
import type { ConfirmedTerm } from '@cmp/contracts/terms';
import { callOperation } from '../../platform/api/callOperation';

export const CONFIRMED_TERMS_QUERY_KEY = ['terms', 'mine'] as const;

/** spec §7 "Get my confirmed terms: no payload". */
export function useConfirmedTerms(isEnabled: boolean) {
  return useQuery({
    queryKey: CONFIRMED_TERMS_QUERY_KEY,
    queryFn: ({ signal }) => callOperation<ConfirmedTerm[]>('IAccountService', 'GetMyConfirmedTerms', {}, { suppressErrorToast: true, signal }),
    enabled: isEnabled,
  });
}

/** spec §7 "Accept terms and conditions"; a failure shows as the API client's error toast. */
export function acceptTerms(termId: number): Promise<{ Success: boolean }> {
  return callOperation('IAccountService', 'AcceptTerms', { termId });
}
