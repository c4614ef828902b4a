import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CompanyMfaPolicy, getMfaPolicyResponseSchema } from '@cmp/contracts/identity';
import { callOperation } from '../../platform/api/callOperation';

export type MfaPolicyOverview = z.infer<typeof getMfaPolicyResponseSchema>;

export const mfaPolicyQueryKey = (accountId: number) => ['security', 'mfaPolicy', accountId] as const;

export function useMfaPolicy(accountId: number) {
  return useQuery({
    queryKey: mfaPolicyQueryKey(accountId),
    queryFn: ({ signal }) => callOperation<MfaPolicyOverview>('IAccountService', 'GetMfaPolicy', { accountId }, { suppressErrorToast: true, signal }),
  });
}

/** spec §6 "MFA can be enforced per account or hierarchy, with excluded users and child-account restrictions". */
export function saveMfaPolicy(companyMFAPolicy: CompanyMfaPolicy): Promise<{ Success: boolean }> {
  return callOperation('IAccountService', 'SaveMfaPolicy', { companyMFAPolicy });
}
