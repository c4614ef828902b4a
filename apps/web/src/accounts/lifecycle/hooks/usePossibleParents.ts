import { useInfiniteQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../../platform/ui/useDebouncedValue';
import { getPossibleParents } from '../api/moveOperations';

export const POSSIBLE_PARENTS_PAGE_SIZE = 25;
export const possibleParentsQueryKey = (accountId: number | undefined) => ['account-lifecycle', 'possible-parents', accountId] as const;

/** The valid new parents of an account (spec §5), searched on the server and loaded a page at a time. */
export function usePossibleParents(accountId: number | undefined, searchText: string) {
  const term = useDebouncedValue(searchText.trim(), 300);
  return useInfiniteQuery({
    queryKey: [...possibleParentsQueryKey(accountId), term],
    queryFn: ({ pageParam, signal }) => getPossibleParents({ accountId: accountId!, searchText: term, page: pageParam, pageSize: POSSIBLE_PARENTS_PAGE_SIZE }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length * POSSIBLE_PARENTS_PAGE_SIZE < last.TotalCount ? pages.length : undefined),
    enabled: accountId !== undefined,
  });
}
