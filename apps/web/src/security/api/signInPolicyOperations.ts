import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { getSignInPolicyResponseSchema, lockoutPolicySchema, passwordPolicySchema } from '@cmp/contracts/identity';
import { callOperation } from '../../platform/api/callOperation';

export type SignInPolicyOverview = z.infer<typeof getSignInPolicyResponseSchema>;
export type PasswordPolicySettings = z.infer<typeof passwordPolicySchema>;
export type LockoutSettings = z.infer<typeof lockoutPolicySchema>;

export const signInPolicyQueryKey = (accountId: number) => ['security', 'signInPolicy', accountId] as const;

export function useSignInPolicy(accountId: number) {
  return useQuery({
    queryKey: signInPolicyQueryKey(accountId),
    queryFn: ({ signal }) => callOperation<SignInPolicyOverview>('IAccountService', 'GetSignInPolicy', { accountId }, { suppressErrorToast: true, signal }),
  });
}

export function saveSignInPolicy(accountId: number, passwordPolicy: PasswordPolicySettings, lockout: LockoutSettings): Promise<{ Success: boolean }> {
  return callOperation('IAccountService', 'SaveSignInPolicy', { accountId, passwordPolicy, lockout }, { suppressErrorToast: true });
}
