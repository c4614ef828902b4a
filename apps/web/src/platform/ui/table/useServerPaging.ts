import { useState } from 'react';
import type { ServerPaging } from './DataTable';
import { PAGE_SIZES } from './pageSizes';
import type { SortState } from './SortableHeaderCell';

export interface ServerPagingState<Field extends string> {
  /** What the list asks the server for: its order and page. */
  request: SortState<Field> & { page: number; pageSize: number };
  /** The DataTable's `server` prop, once the server has said how many rows there are. */
  paging: (total: number) => ServerPaging<Field>;
}

/**
 * The order and page of a list the server sorts and pages. A page number belongs to one set of
 * filters, one order and one page size: once any of them changes the list starts at its first page
 * again, so a screen never resets the page by hand. `filters` is anything that names the filters.
 */
export function useServerPaging<Field extends string>(initialSort: SortState<Field>, filters: unknown, pageSizes: number[] = PAGE_SIZES): ServerPagingState<Field> {
  const [sort, setSort] = useState(initialSort);
  const [pageSize, setPageSize] = useState(pageSizes[1] ?? pageSizes[0]!);
  const listKey = JSON.stringify([filters, sort, pageSize]);
  const [current, setCurrent] = useState({ listKey, page: 0 });
  const page = current.listKey === listKey ? current.page : 0;
  return {
    request: { ...sort, page, pageSize },
    paging: (total) => ({
      total,
      page,
      pageSize,
      pageSizes,
      sort,
      onSort: setSort,
      onPageChange: (next) => setCurrent({ listKey, page: next }),
      onPageSizeChange: setPageSize,
    }),
  };
}
