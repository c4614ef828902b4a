import { useState } from 'react';
import type { GetQuotesRequest, QuoteScope, QuoteSortField, QuoteStatus } from '@cmp/contracts/salesQuotes';
import { useServerPaging } from '../../platform/ui/table/useServerPaging';
import { useDebouncedValue } from '../../platform/ui/useDebouncedValue';
import { useQuotes } from '../api/quotesApi';

const QUOTE_PAGE_SIZES = [10, 25, 50, 100];
export type QuoteStatusFilter = QuoteStatus | 'All';

/** One list of quotes: its filters, order and page, fetched from the server page by page. */
export function useQuoteList(scope: QuoteScope) {
  const [text, setText] = useState('');
  const [status, setStatus] = useState<QuoteStatusFilter>('All');
  const searchText = useDebouncedValue(text.trim());
  const filters: GetQuotesRequest = { scope, ...(searchText ? { text: searchText } : {}), ...(status === 'All' ? {} : { status }) };
  const paging = useServerPaging<QuoteSortField>({ sortBy: 'CreatedAt', sortDirection: 'desc' }, filters, QUOTE_PAGE_SIZES);
  const query = useQuotes({ ...filters, ...paging.request });
  return {
    query,
    text,
    setText,
    status,
    setStatus,
    isFiltered: Boolean(searchText) || status !== 'All',
    paging: paging.paging,
  };
}
