import { useMemo, useState } from 'react';
import type { SortState } from '../../users/components/SortableHeaderCell';

const PAGE_SIZES = [10, 25, 50];

/**
 * Sorting and paging of a short list the server answers whole (queues, sessions, SSO providers):
 * `valueOf` gives the value a column sorts by.
 */
export function useClientTable<Row, Field extends string>(rows: readonly Row[], initial: SortState<Field>, valueOf: (row: Row, field: Field) => string | number | null) {
  const [sort, setSort] = useState(initial);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const sorted = useMemo(() => {
    const factor = sort.sortDirection === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const left = valueOf(a, sort.sortBy) ?? '';
      const right = valueOf(b, sort.sortBy) ?? '';
      return factor * (typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right)));
    });
  }, [rows, sort, valueOf]);
  // A list that shrank (a session ended) never leaves the page past its end.
  const lastPage = Math.max(0, Math.ceil(sorted.length / pageSize) - 1);
  const shownPage = Math.min(page, lastPage);
  return {
    sort,
    onSort: (next: SortState<Field>) => {
      setSort(next);
      setPage(0);
    },
    pageRows: sorted.slice(shownPage * pageSize, (shownPage + 1) * pageSize),
    /** The props of ListPagination. */
    pagination: {
      total: sorted.length,
      page: shownPage,
      pageSize,
      pageSizes: PAGE_SIZES,
      onPageChange: setPage,
      onPageSizeChange: (next: number) => {
        setPageSize(next);
        setPage(0);
      },
    },
  };
}
