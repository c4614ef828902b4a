import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readExploreParams, writeExploreParams, type ExploreParams } from '../utils/exploreParams';

/**
 * Explore's state as the address holds it. A change of filter or order starts again at page 1 and
 * replaces the history entry (typing is not a step back); turning a page adds one.
 */
export function useExploreParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readExploreParams(search), [search]);
  // spec §9 "Explore link: page 1, 20 per page": a bare link gets them written into the address.
  const isBare = !search.has('page') || !search.has('size');
  useEffect(() => {
    if (isBare) setSearch((current) => writeExploreParams(readExploreParams(current)), { replace: true });
  }, [isBare, setSearch]);
  const update = useCallback(
    (change: Partial<ExploreParams>) => {
      setSearch(
        (current) => {
          const previous = readExploreParams(current);
          const isPaging = Object.keys(change).every((key) => key === 'page');
          return writeExploreParams({ ...previous, ...change, page: isPaging ? (change.page ?? previous.page) : 1 });
        },
        { replace: !Object.keys(change).every((key) => key === 'page') },
      );
    },
    [setSearch],
  );
  return { params, update };
}
