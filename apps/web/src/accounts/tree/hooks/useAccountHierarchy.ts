import { useQuery } from '@tanstack/react-query';
import { getAccountTree } from '../api/getAccountTree';
import { accountTreeKeys } from '../constants/accountTreeConstants';

/**
 * Where an account sits: the accounts from the caller's top down to it (GetAccountTree's Hierarchy)
 * and its own node, so the tree can open its ancestors and grey it when it is terminated.
 */
export function useAccountHierarchy(accountId: number) {
  return useQuery({
    queryKey: accountTreeKeys.hierarchy(accountId),
    queryFn: ({ signal }) => getAccountTree({ targetRoot: accountId, showTerminatedAccounts: true, maxRows: 1 }, signal),
    select: (tree) => ({ hierarchy: tree.Hierarchy, account: tree.Root }),
  });
}
