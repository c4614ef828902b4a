import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { getIpRestrictionsResponseSchema, ipRestrictionsSchema } from '@cmp/contracts/identity';
import { callOperation } from '../../platform/api/callOperation';

export type IpRestrictionsOverview = z.infer<typeof getIpRestrictionsResponseSchema>;
export type IpRestrictions = z.infer<typeof ipRestrictionsSchema>;

export const ipRestrictionsQueryKey = (accountId: number) => ['security', 'ipRestrictions', accountId] as const;

export function useIpRestrictions(accountId: number) {
  return useQuery({
    queryKey: ipRestrictionsQueryKey(accountId),
    queryFn: ({ signal }) => callOperation<IpRestrictionsOverview>('IIpRestrictionService', 'GetIpRestrictions', { accountId }, { suppressErrorToast: true, signal }),
  });
}

/** spec §5 "bad input gives Invalid IP range": the screen shows that message at the list it names. */
export function saveIpRestrictions(accountId: number, restrictions: IpRestrictions): Promise<{ Success: boolean }> {
  return callOperation('IIpRestrictionService', 'SaveIpRestrictions', { accountId, restrictions }, { suppressErrorToast: true });
}
