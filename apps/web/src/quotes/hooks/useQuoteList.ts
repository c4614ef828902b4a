import { useState } from 'react';
import type { GetQuotesRequest, QuoteScope, QuoteSortField, QuoteStatus } from '@cmp/contracts/salesQuotes';
import type { SortState } from '../../platform/ui/table/SortableHeaderCell';
import { useDebouncedValue } from '../../platform/ui/useDebouncedValue';
import { useQuotes } from '../api/quotesApi';

export const QUOTE_PAGE_SIZES = [10, 25, 50, 100];
export type QuoteStatusFilter = QuoteStatus | 'All';

/** One list of quotes: its filters, order and page, fetched from the server page by page. */
export function useQuoteList(scope: QuoteScope) {
  const [text, setText] = useState('');
  const [status, setStatus] = useState<QuoteStatusFilter>('All');
  const [sort, setSort] = useState<SortState<QuoteSortField>>({ sortBy: 'CreatedAt', sortDirection: 'desc' });
  const [pageSize, setPageSize] = useState(QUOTE_PAGE_SIZES[1]!);
  const searchText = useDebouncedValue(text.trim());
  const request: GetQuotesRequest = { scope, ...(searchText ? { text: searchText } : {}), ...(status === 'All' ? {} : { status }), ...sort, pageSize };
  // A page number belongs to one filter, order and page size: once they change, the list starts at page 1 again.
  const listKey = JSON.stringify(request);
  const [paging, setPaging] = useState({ listKey, page: 0 });
  const page = paging.listKey === listKey ? paging.page : 0;
  const query = useQuotes({ ...request, page });
  return {
    query,
    text,
    setText,
    status,
    setStatus,
    isFiltered: Boolean(searchText) || status !== 'All',
    sort,
    setSort,
    page,
    setPage: (next: number) => setPaging({ listKey, page: next }),
    pageSize,
    setPageSize,
  };
}
