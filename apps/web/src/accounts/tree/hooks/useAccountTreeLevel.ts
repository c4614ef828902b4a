import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { getAccountTree } from '../api/getAccountTree';
import { TREE_PAGE_SIZE, accountTreeKeys } from '../constants/accountTreeConstants';

/**
 * The children of one node, loaded when the node is first expanded (lazy expansion) and a page at
 * a time: `loadMore` fetches the next page for "Load more results".
 */
export function useAccountTreeLevel(rootId: number, showTerminated: boolean, isEnabled = true) {
  const query = useInfiniteQuery({
    queryKey: accountTreeKeys.level(rootId, showTerminated),
    queryFn: ({ pageParam, signal }) =>
      getAccountTree({ targetRoot: rootId, showTerminatedAccounts: showTerminated, maxRows: TREE_PAGE_SIZE, skip: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.Children.length, 0);
      return loaded < last.Total && last.Children.length > 0 ? loaded : undefined;
    },
    enabled: isEnabled,
    // Switching "show terminated" keeps the level on screen until its new answer arrives.
    placeholderData: keepPreviousData,
  });
  const children = query.data?.pages.flatMap((page) => page.Children) ?? [];
  const total = query.data?.pages.at(-1)?.Total ?? 0;
  return {
    /** The node itself, as the first page describes it. */
    root: query.data?.pages[0]?.Root,
    children,
    total,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    isLoadingMore: query.isFetchingNextPage,
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}
