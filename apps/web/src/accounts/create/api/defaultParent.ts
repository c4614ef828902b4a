import { useQuery } from '@tanstack/react-query';
import type { DefaultParentForCreate, SCREEN_CREATED_ACCOUNT_TYPES } from '@cmp/contracts/accountViews';
import { callOperation } from '../../../platform/api/callOperation';

type CreatedType = (typeof SCREEN_CREATED_ACCOUNT_TYPES)[number];

/**
 * GetDefaultParentForCreate: the parent a create screen starts with — the account the user came
 * from (or the nearest one above it) when it may hold the type, else the first one that may.
 */
export function useDefaultParentForCreate(accountType: CreatedType, nearAccountId: number | undefined) {
  return useQuery({
    queryKey: ['accounts', 'create-parent', accountType, nearAccountId ?? null] as const,
    queryFn: ({ signal }) => callOperation<DefaultParentForCreate>('IAccountService', 'GetDefaultParentForCreate', { accountType, nearAccountId: nearAccountId ?? null }, { signal, suppressErrorToast: true }),
  });
}
